package org.ferrite.api.session;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A {@code dotGeneral} prepared once for one call shape — a config, a dtype, and the extents and strides
 * of {@code lhs}, {@code rhs} and {@code out} (the <em>layouts</em>; never storage, offsets or values) —
 * and run any number of times on tensors of that shape. Made by
 * {@link ContractionOps#prepareDotGeneral(TensorRead, TensorRead, DotGeneralConfig, TensorWrite)}; what
 * cuBLASLt's matmul descriptor with its algorithm, cuTENSOR's plan and an XLA executable are to their
 * libraries: the caller holds the plan, so a run does no analysis and no cache lookup — only the
 * per-call check and the kernel.
 *
 * <pre>{@code
 * Tensor a = ..., x = ..., y = Tensor.zeros(DType.F64, n);        // y = a·x, n×n · n
 * PreparedContraction matVec = held.withSession(s -> s.prepareDotGeneral(a, x, DotGeneralConfig.MATMUL, y));
 * for (int step = 0; step < steps; step++) {
 *     held.run(s -> matVec.runInto(s, a, x, y));                    // any tensors with these layouts
 * }
 * }</pre>
 *
 * <p>Maths, scalars and aliasing are those of {@link ContractionOps#dotGeneralAccumulate}. A run checks,
 * on every call and before the first write: that the three tensors have the prepared layouts (the
 * dtype, the extents and the strides: {@link #accepts}; a mismatch is a
 * {@link org.ferrite.api.error.ValidationException} naming {@code lhs}, {@code rhs} or {@code out}), that
 * they live on the session's placement, that {@code out} overlaps neither operand, and the scalars. A
 * failed run leaves {@code out} as it was.
 *
 * <p>Run it with a session of the backend that prepared it: any session — held or scoped, of any
 * thread — of that backend runs the prepared form. With a session of another backend it runs as that
 * session's {@code dotGeneralAccumulate} (the same result, nothing prepared).
 *
 * <p>Thread-safe (immutable): one prepared contraction may run concurrently in the sessions of many
 * threads. Lifetime: as long as it is referenced; it holds no tensor, no session resource and no device
 * memory, so it outlives the session that prepared it; a run needs a live session of its backend.
 */
@ProviderType
public interface PreparedContraction {

    /** @return the contraction's config */
    DotGeneralConfig config();

    /** @return the dtype of {@code lhs}, {@code rhs} and {@code out} */
    DType dtype();

    /** @return a copy of the output's shape, {@code [lhs free…, rhs free…, batch…]} */
    long[] outputShape();

    /**
     * Whether the tensors have the prepared layouts: the dtype, and exactly the prepared extents and
     * strides of each (storage, offsets and placement are not compared). Allocates nothing.
     *
     * @param lhs left operand
     * @param rhs right operand
     * @param out the output
     * @return true if a run on them passes the layout check
     */
    boolean accepts(TensorRead lhs, TensorRead rhs, TensorRead out);

    /**
     * Hook: {@code out = alpha · op(lhs)·op(rhs) + beta · out} ({@link ContractionOps#dotGeneralAccumulate}
     * with the prepared config). With {@code accumulation.overwrites()} the old {@code out} is not read.
     * Allocation-free on providers whose {@code dotGeneralAccumulate} is.
     *
     * @param s a session of the backend that prepared this contraction
     * @param lhs left operand, of the prepared layout
     * @param rhs right operand, of the prepared layout
     * @param accumulation alpha, beta and conjugation
     * @param out the output, of the prepared layout
     * @throws org.ferrite.api.error.ValidationException naming the argument whose layout differs from the
     *     prepared one, or as {@code dotGeneralAccumulate} (placement, aliasing, scalars); nothing has been
     *     written
     */
    void runAccumulate(BackendSession s, TensorRead lhs, TensorRead rhs, Accumulation accumulation, TensorWrite out);

    /**
     * {@code out = lhs·rhs}.
     *
     * @param s a session of the backend that prepared this contraction
     * @param lhs left operand, of the prepared layout
     * @param rhs right operand, of the prepared layout
     * @param out the output, of the prepared layout; overwritten
     * @throws org.ferrite.api.error.ValidationException as {@link #runAccumulate}
     */
    default void runInto(BackendSession s, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        runAccumulate(s, lhs, rhs, Accumulation.OVERWRITE, out);
    }

    /**
     * The allocating form: a new compact tensor from {@code s.allocate}, holding {@code lhs·rhs}. Its
     * output is compact, so the contraction must have been prepared for a compact output (as
     * {@link ContractionOps#prepareDotGeneral(TensorRead, TensorRead, DotGeneralConfig)} does).
     *
     * @param s a session of the backend that prepared this contraction
     * @param lhs left operand, of the prepared layout
     * @param rhs right operand, of the prepared layout
     * @return the result, of shape {@link #outputShape()}
     * @throws org.ferrite.api.error.ValidationException as {@link #runAccumulate}; naming {@code out} if the
     *     contraction was prepared for a non-compact output
     */
    default Tensor run(BackendSession s, TensorRead lhs, TensorRead rhs) {
        Tensor out = s.allocate(dtype(), outputShape());
        try {
            runAccumulate(s, lhs, rhs, Accumulation.OVERWRITE, out);
        } catch (RuntimeException | Error e) {
            s.reclaim(out);
            throw e;
        }
        return out;
    }
}
