package org.ferrite.linalg;

import java.util.Objects;
import org.ferrite.api.tensor.Tensor;

/**
 * The eigenvalues and right eigenvectors {@code A·v_j = λ_j·v_j} of every member of a general
 * {@code [n, n, batch…]} tensor, always complex (C128 for F64 and C128 input, C64 for F32 and C64):
 * {@code values} is {@code [n, batch…]}, in the order the Hessenberg QR algorithm produces them (not
 * sorted; for real A a complex-conjugate pair is adjacent, positive imaginary part first);
 * {@code vectors} is {@code [n, n, batch…]}, column {@code j} a unit-norm eigenvector of
 * {@code values[j]}. For a defective A the vectors of a repeated eigenvalue are nearly parallel.
 *
 * <pre>{@code
 * Eig e = Linalg.eig(s, a);                      // a real, e.values() complex
 * }</pre>
 *
 * <p>Thread-safe (immutable; the tensors are not synchronised, see {@link Tensor}). Lifetime: the
 * tensors were allocated through the session and are the caller's.
 *
 * @param values the eigenvalues
 * @param vectors the right eigenvectors
 */
public record Eig(Tensor values, Tensor vectors) {
    /**
     * Checks non-null components.
     *
     * @param values the eigenvalues
     * @param vectors the eigenvectors
     */
    public Eig {
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(vectors, "vectors");
    }
}
