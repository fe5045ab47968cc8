package org.ferrite.api.session;

import java.util.Objects;
import org.ferrite.api.spi.DotGeneralLayouts;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.spi.PortablePreparedContraction;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Tensor contraction (StableHLO {@code dot_general}) over I32, I64, F32, F64, C64 and C128. Hook:
 * {@link #dotGeneralAccumulate}; {@link #prepareDotGeneral} makes a {@link PreparedContraction} (a
 * provider may return its own, planned once; the default runs through the hook).
 *
 * <p>Maths: with {@code L} the lhs free axes, {@code R} the rhs free axes, {@code C} the contracted
 * pairs and {@code B} the batch pairs,
 * {@code out[l, r, b] = alpha · Σ_c op(lhs)[l, c, b] · op(rhs)[r, c, b] + beta · out[l, r, b]}; the
 * output axes are {@code [lhs free…, rhs free…, batch…]} ({@link DotGeneralShapes#outputShape}).
 * {@code out} must not overlap either operand.
 *
 * <p>Integers (I32, I64) are exact: products and sums are computed in wrapping two's-complement
 * arithmetic, so every result is the exact value modulo 2<sup>32</sup> (I32) or 2<sup>64</sup> (I64) —
 * what NumPy's {@code matmul} of {@code int32}/{@code int64} arrays gives, including its silent
 * wrap-around on overflow. {@code alpha} and {@code beta} must then be integers (imaginary parts 0).
 * BOOL is not contracted: convert to I32 first.
 * Confined to the thread that opened the session. Lifetime: that of the session view,
 * valid only during the {@link SessionFunction} call that received it.
 */
@ProviderType
public interface ContractionOps extends BufferOps {

    /**
     * Hook: {@code out = alpha · lhs·rhs + beta · out} (see the interface's maths). With
     * {@code accumulation.overwrites()} the old {@code out} is not read.
     *
     * @param lhs left operand
     * @param rhs right operand, same dtype
     * @param config the contraction
     * @param accumulation alpha, beta and conjugation
     * @param out the output, shape {@link DotGeneralShapes#outputShape}; validated before any write
     */
    void dotGeneralAccumulate(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, Accumulation accumulation,
            TensorWrite out);

    /**
     * {@code out = lhs·rhs}. Allocation-free on providers that document it.
     *
     * @param lhs left operand
     * @param rhs right operand
     * @param config the contraction
     * @param out the output, overwritten
     */
    default void dotGeneralInto(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, TensorWrite out) {
        dotGeneralAccumulate(lhs, rhs, config, Accumulation.OVERWRITE, out);
    }

    /**
     * @param lhs left operand
     * @param rhs right operand
     * @param config the contraction
     * @return a new tensor of shape {@code [lhs free…, rhs free…, batch…]}
     */
    default Tensor dotGeneral(TensorRead lhs, TensorRead rhs, DotGeneralConfig config) {
        DotGeneralShapes.checkOperands(lhs, rhs, config);
        Tensor out = allocate(lhs.dtype(), DotGeneralShapes.outputShape(lhs, rhs, config));
        dotGeneralAccumulate(lhs, rhs, config, Accumulation.OVERWRITE, out);
        return out;
    }

    /**
     * Prepares {@code dotGeneral} for the layouts of example tensors — their dtype, extents and strides;
     * never their storage, offsets or values, which are not read or kept — so that any number of calls
     * on tensors of those layouts, in any session of this backend, run without analysis
     * ({@link PreparedContraction}). The examples are checked as a {@code dotGeneralInto} call would
     * check them, and must be on this session's placement. The default returns a portable prepared
     * contraction that runs as {@link #dotGeneralAccumulate}; a provider overrides it with its own plans.
     *
     * <pre>{@code
     * PreparedContraction p = s.prepareDotGeneral(a, x, DotGeneralConfig.MATMUL, y);
     * p.runInto(s, a, x, y);   // later, in any session of this backend: the per-call check and the kernel
     * }</pre>
     *
     * @param lhs an example left operand
     * @param rhs an example right operand, same dtype
     * @param config the contraction
     * @param out an example output, shape {@link DotGeneralShapes#outputShape}, writable
     * @return the prepared contraction, immutable and thread-safe
     * @throws org.ferrite.api.error.ValidationException naming the offending argument, as
     *     {@link #dotGeneralAccumulate} would
     * @throws NullPointerException if an argument is null
     */
    default PreparedContraction prepareDotGeneral(TensorRead lhs, TensorRead rhs, DotGeneralConfig config,
            TensorWrite out) {
        return new PortablePreparedContraction(DotGeneralLayouts.of(placement(), lhs, rhs, config, out));
    }

    /**
     * {@link #prepareDotGeneral(TensorRead, TensorRead, DotGeneralConfig, TensorWrite)} for a compact
     * output — the layout of the allocating forms' results, {@link PreparedContraction#run}'s. The
     * default allocates one output with {@link #allocate} as the example and reclaims it.
     *
     * @param lhs an example left operand
     * @param rhs an example right operand, same dtype
     * @param config the contraction
     * @return the prepared contraction, for compact outputs
     * @throws org.ferrite.api.error.ValidationException naming the offending argument
     * @throws NullPointerException if an argument is null
     */
    default PreparedContraction prepareDotGeneral(TensorRead lhs, TensorRead rhs, DotGeneralConfig config) {
        Objects.requireNonNull(lhs, "lhs");
        Objects.requireNonNull(rhs, "rhs");
        Objects.requireNonNull(config, "config");
        DotGeneralShapes.checkOperands(lhs, rhs, config);
        Tensor example = allocate(lhs.dtype(), DotGeneralShapes.outputShape(lhs, rhs, config));
        try {
            return prepareDotGeneral(lhs, rhs, config, example);
        } finally {
            reclaim(example);
        }
    }

    /**
     * The matrix product; {@code a} must be a matrix. Unlike NumPy's {@code matmul}, a vector {@code a}
     * is not promoted to a row: use {@code dotGeneral} (or reshape it to {@code [1, k]}).
     *
     * @param a shape {@code [m, k]}
     * @param b shape {@code [k, n]}, or {@code [k]} for the matrix–vector product
     * @return {@code a·b}, shape {@code [m, n]} (or {@code [m]})
     * @throws org.ferrite.api.error.ValidationException (RANK_MISMATCH) naming {@code a} ("needs rank
     *     2") or {@code b} ("needs rank 1 or 2"), before the contraction's own checks
     */
    default Tensor matmul(TensorRead a, TensorRead b) {
        MatmulRanks.check(a, b);
        return dotGeneral(a, b, DotGeneralConfig.MATMUL);
    }

    /**
     * @param a shape {@code [m, k]}
     * @param b shape {@code [k, n]} or {@code [k]}
     * @param out shape {@code [m, n]} or {@code [m]}
     * @throws org.ferrite.api.error.ValidationException (RANK_MISMATCH) as {@link #matmul}
     */
    default void matmulInto(TensorRead a, TensorRead b, TensorWrite out) {
        MatmulRanks.check(a, b);
        dotGeneralAccumulate(a, b, DotGeneralConfig.MATMUL, Accumulation.OVERWRITE, out);
    }
}
