package org.ferrite.api.session;

import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Tensor contraction (StableHLO {@code dot_general}) over F32, F64, C64 and C128. Hook:
 * {@link #dotGeneralAccumulate}.
 *
 * <p>Maths: with {@code L} the lhs free axes, {@code R} the rhs free axes, {@code C} the contracted
 * pairs and {@code B} the batch pairs,
 * {@code out[l, r, b] = alpha · Σ_c op(lhs)[l, c, b] · op(rhs)[r, c, b] + beta · out[l, r, b]}; the
 * output axes are {@code [lhs free…, rhs free…, batch…]} ({@link DotGeneralShapes#outputShape}).
 * {@code out} must not overlap either operand.
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
     * @param a shape {@code [m, k]}
     * @param b shape {@code [k, n]}
     * @return {@code a·b}, shape {@code [m, n]}; with a rank-1 {@code b}, the matrix–vector product
     */
    default Tensor matmul(TensorRead a, TensorRead b) {
        return dotGeneral(a, b, DotGeneralConfig.MATMUL);
    }

    /**
     * @param a shape {@code [m, k]}
     * @param b shape {@code [k, n]} or {@code [k]}
     * @param out shape {@code [m, n]} or {@code [m]}
     */
    default void matmulInto(TensorRead a, TensorRead b, TensorWrite out) {
        dotGeneralAccumulate(a, b, DotGeneralConfig.MATMUL, Accumulation.OVERWRITE, out);
    }
}
