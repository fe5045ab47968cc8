package org.ferrite.linalg;

import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.tensor.TensorRead;

/**
 * The numerical failures of the linear-algebra operations, worded one way for every provider: each
 * names the failing batch member by its index in column-major order over the batch axes and by its
 * multi-index, states the LAPACK condition, and carries both
 * ({@link NumericalFailureException#batchIndex()}, {@link NumericalFailureException#info()}).
 *
 * <pre>{@code
 * if (info > 0) {
 *     throw LinalgFailure.notPositiveDefinite("cholesky", a, member, info);
 * }
 * // cholesky: a is not positive definite in batch member 5 (index [1, 2] of batch shape [4, 3]): its
 * // leading minor of order 3 is not positive definite (LAPACK info 3)
 * }</pre>
 *
 * <p>Thread-safe (stateless). Lifetime: static methods only.
 */
public final class LinalgFailure {
    private LinalgFailure() {
    }

    /**
     * A member whose LU factorisation has an exact zero pivot, so that it cannot be solved or inverted.
     *
     * @param op the operation
     * @param a the matrix operand ({@code [n, n, batch…]})
     * @param member the failing member's batch index
     * @param info LAPACK's {@code info}: {@code U[info−1, info−1] = 0}
     * @return the exception, to be thrown by the caller
     */
    public static NumericalFailureException singular(String op, TensorRead a, long member, int info) {
        return failure(op, a, member, info, "is singular", "U[" + (info - 1) + ", " + (info - 1)
                + "] of its LU factorisation is exactly zero; use lstsq-style methods (pinv) for singular systems");
    }

    /**
     * A member whose triangular matrix has an exact zero on its diagonal.
     *
     * @param op the operation
     * @param a the triangular operand
     * @param member the failing member's batch index
     * @param info LAPACK's {@code info}: {@code A[info−1, info−1] = 0}
     * @return the exception
     */
    public static NumericalFailureException singularTriangle(String op, TensorRead a, long member, int info) {
        return failure(op, a, member, info, "is singular", "its diagonal entry A[" + (info - 1) + ", "
                + (info - 1) + "] is exactly zero");
    }

    /**
     * A member that is not positive definite.
     *
     * @param op the operation
     * @param a the matrix operand
     * @param member the failing member's batch index
     * @param info LAPACK's {@code info}: the order of the leading minor that is not positive definite
     * @return the exception
     */
    public static NumericalFailureException notPositiveDefinite(String op, TensorRead a, long member, int info) {
        return failure(op, a, member, info, "is not positive definite", "its leading minor of order " + info
                + " is not positive definite (or holds NaN)");
    }

    /**
     * A member on which an iterative algorithm (SVD, eigendecomposition) did not converge.
     *
     * @param op the operation
     * @param a the matrix operand
     * @param member the failing member's batch index
     * @param info the kernel's {@code info} (LAPACK's meaning for the routine, e.g. how many
     *     off-diagonal entries did not converge)
     * @return the exception
     */
    public static NumericalFailureException noConvergence(String op, TensorRead a, long member, int info) {
        return failure(op, a, member, info, "did not converge", "the iteration failed (info " + info
                + "); NaN or infinite entries cause this");
    }

    /**
     * The same failure, reported under the name of the operation that called the kernel (for example
     * {@code inv} for a failure of the {@code solve} kernel it runs), with the kernel's stack trace.
     *
     * @param op the user's operation
     * @param failure the kernel's failure
     * @return the exception
     */
    public static NumericalFailureException as(String op, NumericalFailureException failure) {
        String message = failure.getMessage().substring(failure.op().length() + 2);
        NumericalFailureException renamed = failure.batchIndex().isEmpty()
                ? new NumericalFailureException(op, message)
                : failure.info().isEmpty()
                        ? new NumericalFailureException(op, message, failure.batchIndex().getAsLong())
                        : new NumericalFailureException(op, message, failure.batchIndex().getAsLong(),
                                failure.info().getAsInt());
        renamed.setStackTrace(failure.getStackTrace());
        return renamed;
    }

    private static NumericalFailureException failure(String op, TensorRead a, long member, int info, String what,
            String detail) {
        StringBuilder b = new StringBuilder(160).append("a ").append(what);
        if (a.rank() > 2) {
            b.append(" in batch member ").append(member).append(" (index ").append(multiIndex(a, member))
                    .append(" of batch shape ").append(java.util.Arrays.toString(LinalgShapes.batchShape(a)))
                    .append(')');
        }
        b.append(": ").append(detail).append(" (LAPACK info ").append(info).append(')');
        return new NumericalFailureException(op, b.toString(), member, info);
    }

    private static String multiIndex(TensorRead a, long member) {
        StringBuilder b = new StringBuilder("[");
        long rest = member;
        for (int axis = 2; axis < a.rank(); axis++) {
            long extent = a.dim(axis);
            b.append(axis > 2 ? ", " : "").append(extent == 0 ? 0 : rest % extent);
            rest = extent == 0 ? 0 : rest / extent;
        }
        return b.append(']').toString();
    }
}
