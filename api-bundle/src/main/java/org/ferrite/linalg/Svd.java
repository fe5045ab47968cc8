package org.ferrite.linalg;

import java.util.Objects;
import org.ferrite.api.tensor.Tensor;

/**
 * A singular value decomposition {@code A = U·diag(S)·Vᴴ} of every member of an {@code [m, n, batch…]}
 * tensor, {@code k = min(m, n)} (or the truncated rank {@code r}): {@code u} is {@code [m, k, batch…]}
 * (full: {@code [m, m, batch…]}) with orthonormal columns, {@code s} is {@code [k, batch…]} of A's real
 * type, descending and non-negative, {@code vh} is {@code [k, n, batch…]} (full: {@code [n, n, batch…]})
 * with orthonormal rows.
 *
 * <pre>{@code
 * Svd f = Linalg.svd(s, a);
 * Tensor rebuilt = s.matmul(s.mul(f.u(), f.s().broadcastInDim(f.u().shape(), new int[] {1})), f.vh());
 * }</pre>
 *
 * <p>Thread-safe (immutable; the tensors are not synchronised, see {@link Tensor}). Lifetime: the
 * tensors were allocated through the session and are the caller's; {@code reclaim} them when done.
 *
 * @param u the left singular vectors
 * @param s the singular values
 * @param vh the conjugate-transposed right singular vectors
 */
public record Svd(Tensor u, Tensor s, Tensor vh) {
    /**
     * Checks non-null components.
     *
     * @param u the left singular vectors
     * @param s the singular values
     * @param vh the right singular vectors, conjugate-transposed
     */
    public Svd {
        Objects.requireNonNull(u, "u");
        Objects.requireNonNull(s, "s");
        Objects.requireNonNull(vh, "vh");
    }

    /** @return the number of singular values kept, {@code s.dim(0)} */
    public long rank() {
        return s.dim(0);
    }
}
