/**
 * The pure-Java linear-algebra tier: one routine per operation and dtype on column-major primitive
 * arrays, used for any size when no native LAPACK is present. Routines carry LAPACK's names
 * ({@code d} F64, {@code s} F32, {@code z} C128, {@code c} C64) and conventions, so the dispatch can swap
 * this tier for the native one.
 *
 * <h2>Conventions</h2>
 * <ul>
 *   <li>Element {@code (i, j)} of an {@code m × n} matrix is at {@code a[aOff + i + j·lda]}
 *       ({@code lda ≥ max(1, m)}); complex dtypes are interleaved, {@code a[aOff + 2(i + j·lda)]} real
 *       and {@code +1} imaginary, in the same array type. Offsets count scalars, leading dimensions
 *       elements. One matrix per call; batch loops belong to the caller.</li>
 *   <li>Results are written to caller arrays. Each routine's Javadoc says which arrays are read, which
 *       are overwritten, and which are left unchanged; no two arguments may overlap.</li>
 *   <li>Scratch lives in a caller-owned {@link org.ferrite.cpu.internal.linalg.dense.DenseWorkspace}
 *       (not thread-safe; the session owns one) that grows and is reused: Ferrite's own kernels allocate
 *       nothing on a repeated shape, and EJML's objects are kept per shape.</li>
 *   <li>Numerical failure is returned as LAPACK's {@code info}, never thrown; argument validation is
 *       the caller's (the layer does not check shapes).</li>
 *   <li>Orderings: singular values descending and non-negative; Hermitian eigenvalues ascending;
 *       general eigenvalues in Schur-diagonal order (as {@code ?geev}); LU pivots 0-based in LAPACK's
 *       interchange convention. No sign or phase gauges beyond {@code ?geev}'s normalisation of
 *       general eigenvectors: the dispatch normalises.</li>
 *   <li>Non-finite input: the iterative routines (SVD, eigen-decompositions) return {@code info > 0}
 *       and NaN outputs without iterating; the direct ones propagate NaN (Cholesky reports its pivot).</li>
 * </ul>
 *
 * <h2>Who computes what</h2>
 * <table>
 *   <caption>Kernels per operation and dtype</caption>
 *   <tr><th>operation</th><th>F64 / F32</th><th>C128 / C64</th></tr>
 *   <tr><td>SVD</td><td>EJML implicit-QR SVD, sorted by the adapter</td>
 *       <td>own: Householder bidiagonalisation + implicit-shift bidiagonal QR</td></tr>
 *   <tr><td>Hermitian eigen</td><td>EJML symmetric QR, sorted by the adapter</td>
 *       <td>own: Householder tridiagonalisation + implicit QL/QR</td></tr>
 *   <tr><td>general eigen</td><td>own: Francis double-shift QR + quasi-triangular back-substitution</td>
 *       <td>own: single-shift complex QR + back-substitution</td></tr>
 *   <tr><td>QR</td><td colspan="2">EJML column Householder QR</td></tr>
 *   <tr><td>LU factorisation</td><td colspan="2">EJML Crout LU with partial pivoting</td></tr>
 *   <tr><td>LU solve, triangular solve, Cholesky</td><td colspan="2">own</td></tr>
 * </table>
 * EJML (0.46.1) has no complex SVD or eigen-decomposition, returns no eigenvectors for complex
 * eigenvalues of real matrices, has no unit-diagonal or conjugate-transpose triangular solves, and its
 * Cholesky does not report the failing minor; those are Ferrite's own kernels, each following the
 * LAPACK routine it names.
 *
 * <h2>Precision</h2>
 * F32 and C64 are computed in double precision: the input is widened exactly, the double-precision
 * kernel runs, and each result is rounded once to single precision. Results are therefore the
 * correctly rounded double-precision results — errors of about one single-precision ulp relative to
 * the matrix norm, smaller than LAPACK's single-precision routines — at double-precision speed (the
 * single-precision routines are not faster than the double ones).
 *
 * <p>Private to the bundle: EJML types never leave this package.
 */
package org.ferrite.cpu.internal.linalg.dense;
