package org.ferrite.api.error;

import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A numerical failure: singular matrix, not positive definite, no convergence, integer division by
 * zero. An {@code …Into} output is unspecified after this exception only when the failure was found
 * mid-kernel (documented per operation).
 *
 * <p>A failure of one member of a batched operation (a linear-algebra call over {@code [m, n, b…]})
 * carries the {@link #batchIndex() batch index} of the first failing member and, where the kernel has
 * one, LAPACK's {@link #info() info} for it:
 *
 * <pre>{@code
 * try {
 *     Linalg.cholesky(s, a);                       // a: [n, n, 8]
 * } catch (NumericalFailureException e) {
 *     long member = e.batchIndex().orElse(-1);     // e.g. 5: a[:, :, 5] is not positive definite
 *     int minor = e.info().orElse(0);              // its leading minor of this order is not
 * }
 * }</pre>
 *
 * <p>Thread-safe (immutable once thrown); lives as long as it is referenced.
 */
public final class NumericalFailureException extends TensorException {
    private static final long serialVersionUID = 2L;

    /** The failing batch member, or -1 when the failure concerns no batch member. */
    private final long batchIndex;
    /** LAPACK's info of the failing member; meaningful only when {@link #hasInfo}. */
    private final int info;
    /** Whether {@link #info} is set. */
    private final boolean hasInfo;

    /**
     * A failure that concerns no batch member.
     *
     * @param op the operation
     * @param message what failed, with the values involved
     */
    public NumericalFailureException(String op, String message) {
        this(op, message, -1, 0, false);
    }

    /**
     * A failure of one batch member without a LAPACK {@code info}.
     *
     * @param op the operation
     * @param message what failed, naming the member
     * @param batchIndex the failing member's index in column-major order over the batch axes, {@code >= 0}
     *     (0 for an unbatched operand)
     * @throws ValidationException if {@code batchIndex} is negative
     */
    public NumericalFailureException(String op, String message, long batchIndex) {
        this(op, message, requireMember(batchIndex), 0, false);
    }

    /**
     * A failure of one batch member with LAPACK's {@code info} for it.
     *
     * @param op the operation
     * @param message what failed, naming the member
     * @param batchIndex the failing member's index in column-major order over the batch axes, {@code >= 0}
     * @param info LAPACK's {@code info} for that member (its meaning is the routine's, e.g. the order of
     *     the leading minor that is not positive definite)
     * @throws ValidationException if {@code batchIndex} is negative
     */
    public NumericalFailureException(String op, String message, long batchIndex, int info) {
        this(op, message, requireMember(batchIndex), info, true);
    }

    private NumericalFailureException(String op, String message, long batchIndex, int info, boolean hasInfo) {
        super(ErrorKind.NUMERICAL_FAILURE, op, message);
        this.batchIndex = batchIndex;
        this.info = info;
        this.hasInfo = hasInfo;
    }

    private static long requireMember(long batchIndex) {
        if (batchIndex < 0) {
            throw ValidationException.invalidArgument("NumericalFailureException", "batchIndex", ">= 0",
                    String.valueOf(batchIndex), "pass the failing member's index over the batch axes");
        }
        return batchIndex;
    }

    /**
     * @return the index of the failing batch member, in column-major order over the batch axes (0 for
     *     an unbatched operand), or empty when the failure concerns no batch member
     */
    public OptionalLong batchIndex() {
        return batchIndex < 0 ? OptionalLong.empty() : OptionalLong.of(batchIndex);
    }

    /** @return LAPACK's {@code info} of the failing member, or empty when there is none */
    public OptionalInt info() {
        return hasInfo ? OptionalInt.of(info) : OptionalInt.empty();
    }
}
