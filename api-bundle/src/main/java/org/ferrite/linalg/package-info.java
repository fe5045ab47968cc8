/**
 * Linear algebra over a session: {@link org.ferrite.linalg.Linalg} — SVD (thin, full, values only,
 * truncated), QR, LU, solves (and their transposed and in-place forms), Cholesky, Hermitian and general
 * eigendecompositions, triangular and least-squares solves, determinants, inverses, pseudo-inverses,
 * norms, ranks, condition numbers, matrix powers and tensor equations — on batches of matrices laid out
 * matrix axes first, batch axes trailing ({@code [m, n, b…]}), for F32, F64, C64 and C128;
 * {@link org.ferrite.linalg.BatchLayout} converts NumPy's batch-leading stacks {@code (…, m, n)}. Results are records of tensors ({@link org.ferrite.linalg.Svd},
 * {@link org.ferrite.linalg.Qr}, …); options are immutable records ({@link org.ferrite.linalg.SvdOptions},
 * {@link org.ferrite.linalg.QrOptions}, …).
 *
 * <pre>{@code
 * Tensor x = backend.withSession(s -> Linalg.solve(s, a, b));
 * }</pre>
 *
 * <p>The kernels come from the session's {@link org.ferrite.linalg.LinalgKernels} extension, which a
 * provider implements and lists in its capabilities; the shape rules a provider validates with are
 * {@link org.ferrite.linalg.LinalgShapes}, the failures it reports {@link org.ferrite.linalg.LinalgFailure}.
 * Everything else — determinants, inverses, pseudo-inverses, norms, SVD truncation, the unpacked LU,
 * least squares, ranks, condition numbers, matrix powers, tensor equations — is portable code over those
 * kernels and the session's own operations.
 */
@Export
@Version("0.3.0")
package org.ferrite.linalg;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
