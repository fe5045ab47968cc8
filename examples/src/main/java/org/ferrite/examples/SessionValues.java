package org.ferrite.examples;

import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/** Small results read on the host, and intermediates given back, on any provider. Thread-safe (stateless). */
final class SessionValues {
    private SessionValues() {
    }

    /**
     * @param s the session
     * @param scalar a rank-0 result, which goes back to the pool
     * @return its real value
     */
    static double scalar(BackendSession s, Tensor scalar) {
        double value = host(s, scalar).getReal();
        s.reclaim(scalar);
        return value;
    }

    /**
     * @param s the session
     * @param t a tensor
     * @return {@code t} itself on a host session, else a host copy
     */
    static TensorRead host(BackendSession s, TensorRead t) {
        return t.placement().isHost() ? t : s.toHost(t);
    }

    /**
     * @param s the session
     * @param vector a real vector
     * @return its values, in order
     */
    static double[] vector(BackendSession s, TensorRead vector) {
        TensorRead host = host(s, vector);
        double[] values = new double[Math.toIntExact(host.size())];
        for (int i = 0; i < values.length; i++) {
            values[i] = host.getReal(i);
        }
        return values;
    }

    /**
     * Gives tensors back to the session's pool.
     *
     * @param s the session
     * @param tensors intermediates no longer used
     */
    static void reclaim(BackendSession s, Tensor... tensors) {
        for (Tensor t : tensors) {
            s.reclaim(t);
        }
    }
}
