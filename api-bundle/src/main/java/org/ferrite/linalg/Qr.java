package org.ferrite.linalg;

import java.util.Objects;
import org.ferrite.api.tensor.Tensor;

/**
 * A QR factorisation {@code A = Q·R} of every member of an {@code [m, n, batch…]} tensor,
 * {@code k = min(m, n)}: reduced, {@code q} is {@code [m, k, batch…]} with orthonormal columns and
 * {@code r} is {@code [k, n, batch…]}; complete, {@code q} is {@code [m, m, batch…]} unitary and
 * {@code r} is {@code [m, n, batch…]}. R is upper trapezoidal, zeros below the diagonal stored.
 *
 * <pre>{@code
 * Qr f = Linalg.qr(s, a);
 * Tensor rebuilt = s.matmul(f.q(), f.r());     // a, to rounding (unbatched)
 * }</pre>
 *
 * <p>Thread-safe (immutable; the tensors are not synchronised, see {@link Tensor}). Lifetime: the
 * tensors were allocated through the session and are the caller's.
 *
 * @param q the orthonormal factor
 * @param r the upper-trapezoidal factor
 */
public record Qr(Tensor q, Tensor r) {
    /**
     * Checks non-null components.
     *
     * @param q the orthonormal factor
     * @param r the triangular factor
     */
    public Qr {
        Objects.requireNonNull(q, "q");
        Objects.requireNonNull(r, "r");
    }
}
