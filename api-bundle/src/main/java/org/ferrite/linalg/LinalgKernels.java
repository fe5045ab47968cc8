package org.ferrite.linalg;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * The linear-algebra kernels a provider implements: the session extension that {@link Linalg} runs
 * on. A provider offers it through {@code BackendSession.extension(LinalgKernels.class)} and lists it in
 * {@code BackendCapabilities.extensions()}; {@link Linalg} fails with
 * {@link org.ferrite.api.error.UnsupportedOpException} naming the operation when a session has none.
 * Users call {@link Linalg}; the hooks are the narrow surface it is built on (the determinant, the
 * inverse, the pseudo-inverse, norms, truncation and the unpacking of LU are portable code in
 * {@link Linalg} over these hooks and the session's operations).
 *
 * <pre>{@code
 * boolean has = backend.capabilities().supportsExtension(LinalgKernels.class);
 * Tensor x = backend.withSession(s -> Linalg.solve(s, a, b));    // UnsupportedOpException when !has
 * }</pre>
 *
 * <h2>The contract every hook follows</h2>
 * <ul>
 *   <li><b>Layout.</b> Matrix axes first, batch axes trailing: a matrix operand is
 *       {@code [m, n, batch…]} (rank ≥ 2), a vector {@code [k, batch…]}; every batch member is
 *       independent, and every operand of one call has the same batch axes (no broadcasting — pass a
 *       broadcast view, {@code a.broadcastInDim(…)}, to share one matrix). Any strides, offsets and
 *       zero batch strides are accepted on inputs; outputs are writable and never resized. Extents
 *       may be 0 (no member, or empty matrices).</li>
 *   <li><b>Dtypes.</b> F32, F64, C64, C128; every operand has A's dtype except singular values and
 *       Hermitian eigenvalues (A's real type), eigenvalues and eigenvectors of {@code eig} (complex:
 *       C128 for F64/C128, C64 for F32/C64), and pivots and permutations (I32).</li>
 *   <li><b>Validation</b> (before the first write): the shape, dtype and writability rules are those
 *       of {@link LinalgShapes}, whose {@code check…} methods a provider calls; placement and aliasing
 *       are the provider's per-call checks (an output may not overlap an input or another output,
 *       except that a solve's {@code x} may be exactly its {@code b}, for an in-place solve). A
 *       violation is a {@link org.ferrite.api.error.ValidationException}.</li>
 *   <li><b>Numerical failure</b> of one member fails the whole call with a
 *       {@link org.ferrite.api.error.NumericalFailureException} naming the <em>first</em> failing
 *       member (in column-major order over the batch axes) with its batch index and LAPACK's
 *       {@code info} ({@link LinalgFailure} builds it); the outputs are then unspecified.</li>
 *   <li><b>Orderings and gauges</b> are part of each hook's contract below, so every provider (and
 *       every tier of one provider) gives the same answers within rounding.</li>
 *   <li><b>Completion</b>: stream-ordered like every session operation; a device provider may report
 *       a numerical failure at the session's next synchronisation point.</li>
 * </ul>
 *
 * <p>Confined to the thread of the session view that returned it, and valid only during that view's
 * callback (as the view itself). Implementations are provided by backends; users do not implement
 * this interface.
 */
@ProviderType
public interface LinalgKernels {

    /**
     * Singular value decomposition {@code A = U·diag(S)·Vᴴ} of every member, {@code k = min(m, n)}:
     * {@code s} {@code [k, batch…]} of A's real type, <b>descending</b> and non-negative; with
     * {@link SvdJob#THIN} {@code u} {@code [m, k, batch…]} and {@code vh} {@code [k, n, batch…]}, with
     * {@link SvdJob#FULL} {@code [m, m, batch…]} and {@code [n, n, batch…]}, orthonormal columns of U
     * and rows of Vᴴ; with {@link SvdJob#VALUES} {@code u} and {@code vh} are {@code null} and no
     * vector is formed. {@code gauge} fixes the vectors' phases as {@link PhaseGauge} says. When
     * {@code k = 0} a full factor is the identity.
     *
     * @param a the matrices, {@code [m, n, batch…]}
     * @param job values only, thin or full
     * @param gauge the phase gauge of the vectors (ignored for values only)
     * @param s receives S
     * @param u receives U, or {@code null} for values only
     * @param vh receives Vᴴ, or {@code null} for values only
     * @throws org.ferrite.api.error.NumericalFailureException if the iteration does not converge for a
     *     member (NaN or infinite input included)
     */
    void svd(TensorRead a, SvdJob job, PhaseGauge gauge, TensorWrite s, TensorWrite u, TensorWrite vh);

    /**
     * Householder QR {@code A = Q·R} of every member, {@code k = min(m, n)}: reduced, {@code q}
     * {@code [m, k, batch…]} with orthonormal columns and {@code r} {@code [k, n, batch…]}; complete,
     * {@code q} {@code [m, m, batch…]} unitary and {@code r} {@code [m, n, batch…]}; R upper
     * trapezoidal, written in full (zeros below the diagonal). With
     * {@link QrOptions#positiveDiagonal()} R's diagonal is real and non-negative as
     * {@link QrOptions} says. QR cannot fail numerically; NaN propagates.
     *
     * @param a the matrices, {@code [m, n, batch…]}
     * @param options reduced or complete, and the gauge
     * @param q receives Q
     * @param r receives R
     */
    void qr(TensorRead a, QrOptions options, TensorWrite q, TensorWrite r);

    /**
     * LU factorisation with partial pivoting {@code A = P·L·U} of every member ({@code ?getrf}),
     * {@code k = min(m, n)}: {@code lu} {@code [m, n, batch…]} holds L strictly below the diagonal
     * (its unit diagonal implicit) and U on and above it; {@code pivots} {@code [k, batch…]} I32 the
     * 0-based row interchanges (for {@code i = 0…k−1} in order row {@code i} was swapped with row
     * {@code pivots[i] ≥ i}), each pivot the first entry of largest modulus ({@code |re| + |im|} for
     * complex, as LAPACK) in its column; {@code permutation} {@code [m, batch…]} I32, when not
     * {@code null}, the resulting row order: row {@code i} of {@code Pᵀ·A} is row
     * {@code permutation[i]} of A. A zero pivot is not a failure (U is then singular).
     *
     * @param a the matrices, {@code [m, n, batch…]}
     * @param lu receives the packed factors
     * @param pivots receives the interchanges
     * @param permutation receives the row order, or {@code null}
     */
    void lu(TensorRead a, TensorWrite lu, TensorWrite pivots, TensorWrite permutation);

    /**
     * Solves {@code op(A)·X = B} for square A in every member, by LU with partial pivoting: {@code a}
     * {@code [n, n, batch…]}; {@code b} and {@code x} either {@code [n, k, batch…]} (k right-hand
     * sides) or {@code [n, batch…]} (one). {@code x} may be exactly {@code b} (same storage and
     * layout) for an in-place solve.
     *
     * @param a the matrices
     * @param b the right-hand sides
     * @param transpose {@code op(A)}
     * @param x receives X
     * @throws org.ferrite.api.error.NumericalFailureException if a member's A is exactly singular
     *     ({@code info = i > 0}: {@code U[i−1, i−1] = 0})
     */
    void solve(TensorRead a, TensorRead b, Transpose transpose, TensorWrite x);

    /**
     * Cholesky factorisation of every member of a Hermitian positive definite
     * {@code [n, n, batch…]} tensor: {@code A = L·Lᴴ} ({@link Triangle#LOWER}) or {@code A = Uᴴ·U}
     * ({@link Triangle#UPPER}); only that triangle of A is read (the imaginary parts of its diagonal
     * are ignored). {@code factor} {@code [n, n, batch…]} receives L (or U) with a real positive
     * diagonal and zeros in the other triangle.
     *
     * @param a the matrices
     * @param triangle the triangle read and the factor written
     * @param factor receives the factor
     * @throws org.ferrite.api.error.NumericalFailureException if a member is not positive definite
     *     ({@code info = i > 0}: its leading minor of order {@code i} is not; NaN counts as not)
     */
    void cholesky(TensorRead a, Triangle triangle, TensorWrite factor);

    /**
     * Eigendecomposition {@code A = V·diag(λ)·Vᴴ} of every member of a Hermitian
     * {@code [n, n, batch…]} tensor, of which only {@code options.triangle()} is read (the imaginary
     * parts of the diagonal are ignored): {@code values} {@code [n, batch…]} of A's real type,
     * <b>ascending</b>; {@code vectors}, unless {@code null} (values only), {@code [n, n, batch…]}
     * with orthonormal columns, column {@code j} for {@code values[j]}, phases as
     * {@code options.gauge()} says.
     *
     * @param a the matrices
     * @param options the triangle read and the gauge
     * @param values receives the eigenvalues
     * @param vectors receives the eigenvectors, or {@code null}
     * @throws org.ferrite.api.error.NumericalFailureException if the iteration does not converge for a
     *     member (NaN or infinite input included)
     */
    void eigh(TensorRead a, EighOptions options, TensorWrite values, TensorWrite vectors);

    /**
     * Eigenvalues and right eigenvectors {@code A·v_j = λ_j·v_j} of every member of a general
     * {@code [n, n, batch…]} tensor ({@code ?geev}): {@code values} {@code [n, batch…]} complex, in
     * Schur order (not sorted; for real A conjugate pairs adjacent, positive imaginary part first,
     * real eigenvalues with imaginary part exactly 0); {@code vectors}, unless {@code null},
     * {@code [n, n, batch…]} complex, column {@code j} an eigenvector of {@code values[j]} with unit
     * 2-norm, its phase as {@code gauge} says (with {@link PhaseGauge#NONE} its largest component is
     * real, LAPACK's normalisation, of either sign).
     *
     * @param a the matrices
     * @param gauge the phase gauge of the eigenvectors
     * @param values receives the eigenvalues
     * @param vectors receives the eigenvectors, or {@code null}
     * @throws org.ferrite.api.error.NumericalFailureException if the QR algorithm does not converge for
     *     a member (NaN or infinite input included)
     */
    void eig(TensorRead a, PhaseGauge gauge, TensorWrite values, TensorWrite vectors);

    /**
     * Solves a triangular system in every member: {@code op(A)·X = B} or {@code X·op(A) = B} as
     * {@code options} says, reading only the given triangle of {@code a} (and not its diagonal when
     * it is unit). Left: {@code a} {@code [n, n, batch…]}, {@code b} and {@code x}
     * {@code [n, k, batch…]} or {@code [n, batch…]}; right: {@code a} {@code [n, n, batch…]}, {@code b}
     * and {@code x} {@code [k, n, batch…]} or {@code [n, batch…]} (one row). {@code x} may be exactly
     * {@code b}.
     *
     * @param a the triangular matrices
     * @param b the right-hand sides
     * @param options side, triangle, operator and diagonal
     * @param x receives X
     * @throws org.ferrite.api.error.NumericalFailureException if a member's diagonal (not unit) has an
     *     exact zero ({@code info = i > 0}: {@code A[i−1, i−1] = 0})
     */
    void triangularSolve(TensorRead a, TensorRead b, TriangularSolveOptions options, TensorWrite x);
}
