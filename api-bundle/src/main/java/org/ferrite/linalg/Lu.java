package org.ferrite.linalg;

import java.util.Objects;
import org.ferrite.api.tensor.Tensor;

/**
 * An LU factorisation with partial pivoting {@code A = P·L·U} of every member of an
 * {@code [m, n, batch…]} tensor, {@code k = min(m, n)} (SciPy's {@code lu}):
 * <ul>
 *   <li>{@code p}, {@code [m, m, batch…]} of A's dtype: the permutation matrix;</li>
 *   <li>{@code l}, {@code [m, k, batch…]}: unit lower trapezoidal;</li>
 *   <li>{@code u}, {@code [k, n, batch…]}: upper trapezoidal;</li>
 *   <li>{@code pivots}, {@code [k, batch…]} I32: LAPACK's row interchanges, 0-based — for
 *       {@code i = 0…k−1} in order, row {@code i} was swapped with row {@code pivots[i] ≥ i};</li>
 *   <li>{@code permutationSign}, {@code [batch…]} I32: {@code det(P)}, {@code +1} or {@code −1}
 *       (the parity of the interchanges).</li>
 * </ul>
 * A singular A is not a failure here: U then has a zero on its diagonal.
 *
 * <pre>{@code
 * Lu f = Linalg.lu(s, a);
 * Tensor rebuilt = s.matmul(f.p(), s.matmul(f.l(), f.u()));   // a (unbatched)
 * }</pre>
 *
 * <p>Thread-safe (immutable; the tensors are not synchronised, see {@link Tensor}). Lifetime: the
 * tensors were allocated through the session and are the caller's.
 *
 * @param p the permutation matrix
 * @param l the unit lower factor
 * @param u the upper factor
 * @param pivots the row interchanges
 * @param permutationSign the determinant of P
 */
public record Lu(Tensor p, Tensor l, Tensor u, Tensor pivots, Tensor permutationSign) {
    /**
     * Checks non-null components.
     *
     * @param p the permutation matrix
     * @param l the unit lower factor
     * @param u the upper factor
     * @param pivots the row interchanges
     * @param permutationSign det(P)
     */
    public Lu {
        Objects.requireNonNull(p, "p");
        Objects.requireNonNull(l, "l");
        Objects.requireNonNull(u, "u");
        Objects.requireNonNull(pivots, "pivots");
        Objects.requireNonNull(permutationSign, "permutationSign");
    }
}
