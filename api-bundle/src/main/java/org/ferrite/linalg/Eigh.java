package org.ferrite.linalg;

import java.util.Objects;
import org.ferrite.api.tensor.Tensor;

/**
 * The eigendecomposition {@code A = V·diag(λ)·Vᴴ} of every member of a Hermitian (real: symmetric)
 * {@code [n, n, batch…]} tensor: {@code values} is {@code [n, batch…]} of A's real type, ascending;
 * {@code vectors} is {@code [n, n, batch…]} with orthonormal columns, column {@code j} for
 * {@code values[j]}.
 *
 * <pre>{@code
 * Eigh e = Linalg.eigh(s, h);
 * double smallest = e.values().getDouble(0);
 * }</pre>
 *
 * <p>Thread-safe (immutable; the tensors are not synchronised, see {@link Tensor}). Lifetime: the
 * tensors were allocated through the session and are the caller's.
 *
 * @param values the eigenvalues, ascending
 * @param vectors the orthonormal eigenvectors
 */
public record Eigh(Tensor values, Tensor vectors) {
    /**
     * Checks non-null components.
     *
     * @param values the eigenvalues
     * @param vectors the eigenvectors
     */
    public Eigh {
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(vectors, "vectors");
    }
}
