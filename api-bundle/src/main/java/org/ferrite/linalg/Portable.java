package org.ferrite.linalg;

import java.util.Optional;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * The session plumbing the portable parts of {@link Linalg} share: the kernel lookup, constants placed
 * where the session computes, and giving intermediates back to the session's pool. Thread-safe
 * (stateless).
 */
final class Portable {
    private Portable() {
    }

    /**
     * @param s the session
     * @param op the operation that needs the kernels, for the failure
     * @return the session's kernels
     * @throws UnsupportedOpException naming {@code op} if the session has none
     */
    static LinalgKernels kernels(BackendSession s, String op) {
        Optional<LinalgKernels> kernels = s.extension(LinalgKernels.class);
        if (kernels.isEmpty()) {
            throw new UnsupportedOpException(op, null, "this backend provides no linear-algebra kernels (its"
                    + " capabilities do not list the LinalgKernels extension); use a backend that does, such as"
                    + " the cpu backend");
        }
        return kernels.get();
    }

    /**
     * @param s the session
     * @param dtype the dtype
     * @param value the value
     * @return a rank-0 tensor holding {@code value}, on the session's placement
     */
    static Tensor scalar(BackendSession s, DType dtype, double value) {
        return s.to(Tensor.full(dtype, value), s.placement());
    }

    /**
     * @param s the session
     * @param n the length
     * @return {@code [0, 1, …, n−1]} as I32, on the session's placement
     */
    static Tensor arange(BackendSession s, long n) {
        return s.to(Tensor.arange(DType.I32, n), s.placement());
    }

    /**
     * @param s the session
     * @param dtype the dtype
     * @param n the order
     * @return the {@code n × n} identity, on the session's placement
     */
    static Tensor identity(BackendSession s, DType dtype, long n) {
        Tensor eye = s.zeros(dtype, n, n);
        s.fill(eye.diagonal(), 1);
        return eye;
    }

    /**
     * Gives tensors back to the session's pool, skipping {@code null}s.
     *
     * @param s the session
     * @param tensors the tensors, no longer used
     */
    static void reclaim(BackendSession s, Tensor... tensors) {
        for (Tensor t : tensors) {
            if (t != null) {
                s.reclaim(t);
            }
        }
    }

    /**
     * @param t an operand
     * @param firstBatchAxis where its batch axes start
     * @return its batch axes, as broadcast dimensions: {@code [firstBatchAxis, …]} mapped to the axes of
     *     a tensor whose batch axes start at {@code targetFirst}
     */
    static int[] batchDims(TensorRead t, int firstBatchAxis, int targetFirst) {
        int[] dims = new int[t.rank() - firstBatchAxis];
        for (int i = 0; i < dims.length; i++) {
            dims[i] = targetFirst + i;
        }
        return dims;
    }

    /**
     * Runs a kernel call that fills freshly allocated outputs; on any failure the outputs go back to
     * the pool and a numerical failure is renamed to {@code op}.
     *
     * @param s the session
     * @param op the user's operation
     * @param call the kernel call
     * @param outputs its outputs
     */
    static void fill(BackendSession s, String op, Runnable call, Tensor... outputs) {
        try {
            call.run();
        } catch (NumericalFailureException e) {
            reclaim(s, outputs);
            throw e.op().equals(op) ? e : LinalgFailure.as(op, e);
        } catch (RuntimeException | Error e) {
            reclaim(s, outputs);
            throw e;
        }
    }
}
