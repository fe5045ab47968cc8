package org.ferrite.linalg;

import java.util.Objects;
import org.ferrite.api.tensor.Tensor;

/**
 * The least-squares solutions of {@code A·X ≈ B} for every member of an {@code [m, n, batch…]} A
 * (NumPy's {@code lstsq} result, batch axes trailing), {@code k = min(m, n)}, {@code r} the columns of
 * B ({@code 1} for a vector B):
 * <ul>
 *   <li>{@code x}: X of B's form, {@code [n, r, batch…]} (or {@code [n, batch…]} for a vector B) — the
 *       minimiser of {@code ‖B − A·X‖₂} of least norm, of A's dtype;</li>
 *   <li>{@code residuals}: {@code Σ_i |B − A·X|²} over the rows, {@code [r, batch…]} (for a vector B
 *       {@code [1, batch…]}, NumPy's {@code (1,)}) of A's real type — present only when {@code m > n}
 *       and every member has rank {@code n}; otherwise {@code [0, batch…]} (NumPy's empty array);</li>
 *   <li>{@code rank}: the effective rank of every member, {@code [batch…]} I64;</li>
 *   <li>{@code s}: the singular values of every member, {@code [k, batch…]} of A's real type,
 *       descending.</li>
 * </ul>
 *
 * <pre>{@code
 * Lstsq fit = Linalg.lstsq(s, a, b);
 * if (fit.residuals().dim(0) > 0) { … }          // full column rank everywhere and m > n
 * }</pre>
 *
 * <p>Thread-safe (immutable; the tensors are not synchronised, see {@link Tensor}). Lifetime: the
 * tensors were allocated through the session and are the caller's; {@code reclaim} them when done.
 *
 * @param x the solutions
 * @param residuals the squared residual norms, or an empty {@code [0, batch…]}
 * @param rank the effective ranks
 * @param s the singular values
 */
public record Lstsq(Tensor x, Tensor residuals, Tensor rank, Tensor s) {
    /**
     * Checks non-null components.
     *
     * @param x the solutions
     * @param residuals the squared residual norms
     * @param rank the effective ranks
     * @param s the singular values
     */
    public Lstsq {
        Objects.requireNonNull(x, "x");
        Objects.requireNonNull(residuals, "residuals");
        Objects.requireNonNull(rank, "rank");
        Objects.requireNonNull(s, "s");
    }
}
