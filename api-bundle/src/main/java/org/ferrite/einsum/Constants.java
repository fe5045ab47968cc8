package org.ferrite.einsum;

import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorWrite;

/**
 * Scalars einsum needs on the session's placement (zeros for embedding, alpha and beta, the clamp of
 * BOOL counts), and the in-place operations built on them. A scalar is made on the host and, for a
 * session that computes elsewhere, moved there by {@link BackendSession#to} — the only way data crosses
 * placements — then broadcast as a stride-0 view; callers reclaim it. Thread-safe (stateless).
 */
final class Constants {
    private Constants() {
    }

    /**
     * @param s the session
     * @param dtype the dtype
     * @param re the value (its real part)
     * @param im the imaginary part (complex dtypes only)
     * @return a rank-0 tensor on the session's placement, for the caller to {@link BackendSession#reclaim}
     */
    static Tensor scalar(BackendSession s, DType dtype, double re, double im) {
        Tensor host;
        if (dtype == DType.C128) {
            host = Tensor.ofComplex(new double[] {re, im});
        } else if (dtype == DType.C64) {
            host = Tensor.ofComplex(new float[] {(float) re, (float) im});
        } else {
            host = Tensor.scalar(dtype, re);
        }
        return s.placement().isHost() ? host : s.to(host, s.placement());
    }

    /** {@code out[i] = value} for every element. */
    static void fill(BackendSession s, TensorWrite out, double value) {
        Tensor v = scalar(s, out.dtype(), value, 0);
        try {
            s.copyInto(v.broadcastTo(out.shape()), out);
        } finally {
            s.reclaim(v);
        }
    }

    /** {@code out[i] = out[i] · (re + i·im)}, in place ({@code binaryInto} allows the exact alias). */
    static void scale(BackendSession s, TensorWrite out, double re, double im) {
        Tensor v = scalar(s, out.dtype(), re, im);
        try {
            s.binaryInto(BinaryOp.MUL, out, v.broadcastTo(out.shape()), out);
        } finally {
            s.reclaim(v);
        }
    }

    /** {@code t[i] = min(t[i], 1)} for a non-negative I64 count: a BOOL "or" computed as a count. */
    static void clampToOne(BackendSession s, TensorWrite t) {
        Tensor one = scalar(s, t.dtype(), 1, 0);
        try {
            s.binaryInto(BinaryOp.MINIMUM, t, one.broadcastTo(t.shape()), t);
        } finally {
            s.reclaim(one);
        }
    }
}
