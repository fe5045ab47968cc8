package org.ferrite.linalg;

import java.util.Objects;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * Linear algebra over a session: decompositions (SVD, QR, LU, Cholesky, Hermitian and general
 * eigendecompositions), solves and least squares, determinants, inverses, norms, ranks, condition numbers,
 * matrix powers and tensor equations of batches of matrices, for F32, F64, C64 and C128, on any backend
 * whose sessions offer the {@link LinalgKernels} extension. Names and semantics are NumPy 2's
 * ({@code numpy.linalg}, camel-cased).
 *
 * <h2>Conventions</h2>
 * <ul>
 *   <li><b>Matrix axes first, batch axes trailing</b>: an operand {@code [m, n, b…]} is a batch of
 *       {@code m × n} matrices, one per index of the trailing axes (none for a single matrix); every
 *       member is independent; vectors (singular values, eigenvalues, pivots) are {@code [k, b…]}.
 *       Operands of one call share their batch axes exactly; to reuse one matrix across a batch pass a
 *       broadcast view ({@code a.broadcastInDim(new long[] {n, n, 8}, new int[] {0, 1})}). Inputs may
 *       be any strided view. NumPy stacks {@code (…, m, n)} convert as views with {@link BatchLayout}.</li>
 *   <li><b>Results</b> are new tensors allocated through the session (its pool), owned by the caller;
 *       the {@code …Into} forms write a caller-owned output and allocate nothing.</li>
 *   <li><b>Orderings</b>: singular values descending, Hermitian eigenvalues ascending, general
 *       eigenvalues in Schur order; gauges as {@link PhaseGauge} and {@link QrOptions} say.</li>
 *   <li><b>Errors</b>: invalid shapes, dtypes or options → {@link org.ferrite.api.error.ValidationException}
 *       before anything is written (a non-square matrix where a square one is needed is a
 *       SHAPE_MISMATCH); a backend without the kernels → {@link org.ferrite.api.error.UnsupportedOpException}
 *       naming the operation; a singular, not positive definite or non-converging member →
 *       {@link org.ferrite.api.error.NumericalFailureException} with the first failing member's batch
 *       index and LAPACK {@code info} — one failing member fails the whole call.</li>
 * </ul>
 *
 * <h2>A held-session sweep</h2>
 * A truncated-SVD sweep over a matrix product state, the inner loop of DMRG and TEBD: contract two
 * neighbouring sites with {@link org.ferrite.einsum.Einsum}, split them again with a truncated SVD,
 * move the singular values right, continue. One held session carries the whole sweep, so entry costs
 * are paid once.
 * <pre>{@code
 * // mps[i] is [χ_left, d, χ_right]; the result is left-canonical with bonds ≤ chi
 * static void sweep(Backend backend, TensorRead[] mps, long chi) {
 *     SvdOptions truncation = SvdOptions.THIN.withMaxRank(chi).withTolerance(1e-12);
 *     try (HeldSession held = backend.openSession()) {
 *         held.withSession(s -> {
 *             for (int i = 0; i + 1 < mps.length; i++) {
 *                 Tensor theta = Einsum.einsum(s, "aib,bjc->aijc", mps[i], mps[i + 1]); // [χl, d, d', χr]
 *                 long left = theta.dim(0) * theta.dim(1);
 *                 long right = theta.dim(2) * theta.dim(3);
 *                 Svd f = Linalg.svd(s, theta.reshape(left, right), truncation);
 *                 long r = f.rank();
 *                 mps[i] = f.u().reshape(theta.dim(0), theta.dim(1), r);       // an isometry
 *                 Tensor sv = s.mul(f.vh(), f.s().broadcastInDim(new long[] {r, right}, new int[] {0}));
 *                 mps[i + 1] = sv.reshape(r, theta.dim(2), theta.dim(3));      // carries the norm
 *                 s.reclaim(theta);
 *             }
 *             return null;
 *         });
 *     }
 * }
 * }</pre>
 *
 * <p>Thread-safe (stateless: static methods only). Each call runs on the session view it is given
 * and is confined to that view's thread and callback, as the view is.
 */
public final class Linalg {
    private Linalg() {
    }

    // ------------------------------------------------------------------ SVD

    /**
     * The thin SVD {@code A = U·diag(S)·Vᴴ} of every member of {@code a} {@code [m, n, b…]}: U
     * {@code [m, k, b…]}, S {@code [k, b…]} (real, descending), Vᴴ {@code [k, n, b…]}, {@code k = min(m, n)}.
     *
     * <pre>{@code
     * Svd f = Linalg.svd(s, a);
     * }</pre>
     *
     * @param s the session
     * @param a the matrices
     * @return the factors
     * @throws org.ferrite.api.error.NumericalFailureException if a member does not converge
     */
    public static Svd svd(BackendSession s, TensorRead a) {
        return svd(s, a, SvdOptions.THIN);
    }

    /**
     * The SVD of every member of {@code a}, thin or full, gauged and truncated as {@code options} says;
     * a rank limit small against the members is computed by a randomized decomposition
     * ({@link SvdAlgorithm}; {@link SvdOptions#resolve} says which).
     *
     * <pre>{@code
     * Svd f = Linalg.svd(s, a, SvdOptions.THIN.withMaxRank(32).withTolerance(1e-10));
     * long kept = f.rank();                                      // ≤ 32
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}
     * @param options thin or full, gauge, truncation
     * @return the factors (truncated to {@link Svd#rank()} triplets)
     * @throws org.ferrite.api.error.NumericalFailureException if a member does not converge
     */
    public static Svd svd(BackendSession s, TensorRead a, SvdOptions options) {
        Objects.requireNonNull(options, "options");
        LinalgKernels kernels = Portable.kernels(s, "svd");
        LinalgShapes.checkMatrix("svd", "a", a);
        long m = a.dim(0);
        long n = a.dim(1);
        if (options.resolve(m, n) == SvdAlgorithm.RANDOMIZED && a.size() > 0) {
            return RandomizedSvd.svd(s, a, options);
        }
        SvdJob job = options.job();
        Tensor values = s.allocate(a.dtype().realType(), LinalgShapes.vectorShape(Math.min(m, n), a));
        Tensor u = s.allocate(a.dtype(), LinalgShapes.matrixShape(m, job.uColumns(m, n), a));
        Tensor vh = s.allocate(a.dtype(), LinalgShapes.matrixShape(job.vhRows(m, n), n, a));
        Portable.fill(s, "svd", () -> kernels.svd(a, job, options.gauge(), values, u, vh), values, u, vh);
        Svd full = new Svd(u, values, vh);
        return options.truncates() ? Truncation.truncate(s, full, options) : full;
    }

    /**
     * The singular values of every member, {@code [k, b…]} of A's real type, descending — computed
     * without singular vectors (no hidden full SVD).
     *
     * <pre>{@code
     * double cond = sv.getDouble(0) / sv.getDouble(sv.dim(0) - 1);   // sv = Linalg.svdvals(s, a)
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}
     * @return the singular values
     * @throws org.ferrite.api.error.NumericalFailureException if a member does not converge
     */
    public static Tensor svdvals(BackendSession s, TensorRead a) {
        return svdvals(s, a, "svdvals");
    }

    static Tensor svdvals(BackendSession s, TensorRead a, String op) {
        LinalgKernels kernels = Portable.kernels(s, op);
        LinalgShapes.checkMatrix(op, "a", a);
        Tensor values = s.allocate(a.dtype().realType(), LinalgShapes.vectorShape(Math.min(a.dim(0), a.dim(1)), a));
        Portable.fill(s, op, () -> kernels.svd(a, SvdJob.VALUES, PhaseGauge.NONE, values, null, null), values);
        return values;
    }

    // ------------------------------------------------------------------ QR, LU

    /**
     * The reduced QR factorisation {@code A = Q·R} of every member: Q {@code [m, k, b…]}, R
     * {@code [k, n, b…]}, R's diagonal signs the kernel's.
     *
     * <pre>{@code
     * Qr f = Linalg.qr(s, a);
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}
     * @return the factors
     */
    public static Qr qr(BackendSession s, TensorRead a) {
        return qr(s, a, QrOptions.REDUCED);
    }

    /**
     * The QR factorisation of every member, reduced or complete, optionally with R's diagonal real and
     * non-negative (see {@link QrOptions}).
     *
     * <pre>{@code
     * Qr f = Linalg.qr(s, a, QrOptions.COMPLETE.withPositiveDiagonal(true));
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}
     * @param options reduced or complete, and the gauge
     * @return the factors
     */
    public static Qr qr(BackendSession s, TensorRead a, QrOptions options) {
        return qr(s, a, options, "qr");
    }

    /**
     * R of the reduced QR factorisation of every member, {@code [k, n, b…]} upper trapezoidal — NumPy's
     * {@code qr(a, mode='r')}; R's diagonal signs are the kernel's.
     *
     * <pre>{@code
     * Tensor r = Linalg.qrR(s, a);                // Rᴴ·R = Aᴴ·A
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}
     * @return R
     */
    public static Tensor qrR(BackendSession s, TensorRead a) {
        return qrR(s, a, QrOptions.REDUCED);
    }

    /**
     * R of the QR factorisation of every member, reduced ({@code [k, n, b…]}) or complete
     * ({@code [m, n, b…]}), optionally with a real non-negative diagonal — then, for a full-rank A, the
     * Cholesky factor of {@code Aᴴ·A} transposed, the same from every provider. Q is computed and
     * dropped (the kernels have no R-only hook).
     *
     * <pre>{@code
     * Tensor r = Linalg.qrR(s, a, QrOptions.REDUCED.withPositiveDiagonal(true));
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}
     * @param options reduced or complete, and the gauge
     * @return R
     */
    public static Tensor qrR(BackendSession s, TensorRead a, QrOptions options) {
        Qr f = qr(s, a, options, "qrR");
        s.reclaim(f.q());
        return f.r();
    }

    private static Qr qr(BackendSession s, TensorRead a, QrOptions options, String op) {
        Objects.requireNonNull(options, "options");
        LinalgKernels kernels = Portable.kernels(s, op);
        LinalgShapes.checkMatrix(op, "a", a);
        long m = a.dim(0);
        long n = a.dim(1);
        Tensor q = s.allocate(a.dtype(), LinalgShapes.matrixShape(m, options.qColumns(m, n), a));
        Tensor r = s.allocate(a.dtype(), LinalgShapes.matrixShape(options.rRows(m, n), n, a));
        Portable.fill(s, op, () -> kernels.qr(a, options, q, r), q, r);
        return new Qr(q, r);
    }

    /**
     * The LU factorisation with partial pivoting {@code A = P·L·U} of every member, with the
     * permutation as a matrix, the pivots and the permutation's sign (see {@link Lu}). A singular
     * member is factored too (U has a zero pivot).
     *
     * <pre>{@code
     * Lu f = Linalg.lu(s, a);
     * int[] signs = f.permutationSign().i32Data();   // det(P) = ±1 per member
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}
     * @return the factors
     */
    public static Lu lu(BackendSession s, TensorRead a) {
        return Determinants.lu(s, a);
    }

    // ------------------------------------------------------------------ solves

    /**
     * Solves {@code A·X = B} in every member: {@code a} {@code [n, n, b…]}, {@code b} {@code [n, k, b…]}
     * or {@code [n, b…]} (one right-hand side); the solution has {@code b}'s shape.
     *
     * <pre>{@code
     * Tensor x = Linalg.solve(s, a, b);
     * }</pre>
     *
     * @param s the session
     * @param a the square matrices
     * @param b the right-hand sides
     * @return X
     * @throws org.ferrite.api.error.NumericalFailureException if a member's A is singular
     */
    public static Tensor solve(BackendSession s, TensorRead a, TensorRead b) {
        return solve(s, a, b, Transpose.NONE);
    }

    /**
     * Solves {@code op(A)·X = B} in every member, {@code op} one of {@link Transpose}.
     *
     * <pre>{@code
     * Tensor x = Linalg.solve(s, a, b, Transpose.TRANSPOSE);     // Aᵀ·x = b
     * }</pre>
     *
     * @param s the session
     * @param a the square matrices, {@code [n, n, b…]}
     * @param b the right-hand sides, {@code [n, k, b…]} or {@code [n, b…]}
     * @param transpose {@code op(A)}
     * @return X, of {@code b}'s shape
     * @throws org.ferrite.api.error.NumericalFailureException if a member's A is singular
     */
    public static Tensor solve(BackendSession s, TensorRead a, TensorRead b, Transpose transpose) {
        Objects.requireNonNull(transpose, "transpose");
        LinalgKernels kernels = Portable.kernels(s, "solve");
        LinalgShapes.checkSquare("solve", "a", a);
        Tensor x = s.allocate(b.dtype(), b.shape());
        Portable.fill(s, "solve", () -> kernels.solve(a, b, transpose, x), x);
        return x;
    }

    /**
     * Solves {@code A·X = B} into {@code x} (of {@code b}'s shape and dtype; it may be {@code b} itself).
     * Allocates nothing: on a held session this is a hot path.
     *
     * <pre>{@code
     * held.withSession(s -> { Linalg.solveInto(s, a, b, x); return null; });
     * }</pre>
     *
     * @param s the session
     * @param a the square matrices, {@code [n, n, b…]}
     * @param b the right-hand sides
     * @param x receives X; unspecified after a numerical failure
     * @throws org.ferrite.api.error.NumericalFailureException if a member's A is singular
     */
    public static void solveInto(BackendSession s, TensorRead a, TensorRead b, TensorWrite x) {
        Portable.kernels(s, "solve").solve(a, b, Transpose.NONE, x);
    }

    /**
     * Solves {@code op(A)·X = B} into {@code x}. Allocates nothing.
     *
     * <pre>{@code
     * Linalg.solveInto(s, a, b, Transpose.CONJUGATE_TRANSPOSE, x);    // Aᴴ·x = b
     * }</pre>
     *
     * @param s the session
     * @param a the square matrices, {@code [n, n, b…]}
     * @param b the right-hand sides
     * @param transpose {@code op(A)}
     * @param x receives X
     * @throws org.ferrite.api.error.NumericalFailureException if a member's A is singular
     */
    public static void solveInto(BackendSession s, TensorRead a, TensorRead b, Transpose transpose, TensorWrite x) {
        Objects.requireNonNull(transpose, "transpose");
        Portable.kernels(s, "solve").solve(a, b, transpose, x);
    }

    /**
     * Solves a triangular system in every member, as {@code options} says (see
     * {@link TriangularSolveOptions}); only A's given triangle is read.
     *
     * <pre>{@code
     * Tensor y = Linalg.triangularSolve(s, l, b, TriangularSolveOptions.LOWER);
     * }</pre>
     *
     * @param s the session
     * @param a the triangular matrices, {@code [n, n, b…]}
     * @param b the right-hand sides ({@code [n, k, b…]} left, {@code [k, n, b…]} right, or {@code [n, b…]})
     * @param options side, triangle, operator, unit diagonal
     * @return X, of {@code b}'s shape
     * @throws org.ferrite.api.error.NumericalFailureException if a member's diagonal has an exact zero
     */
    public static Tensor triangularSolve(BackendSession s, TensorRead a, TensorRead b,
            TriangularSolveOptions options) {
        Objects.requireNonNull(options, "options");
        LinalgKernels kernels = Portable.kernels(s, "triangularSolve");
        LinalgShapes.checkSquare("triangularSolve", "a", a);
        Tensor x = s.allocate(b.dtype(), b.shape());
        Portable.fill(s, "triangularSolve", () -> kernels.triangularSolve(a, b, options, x), x);
        return x;
    }

    /**
     * Solves a triangular system into {@code x} (of {@code b}'s shape; it may be {@code b}). Allocates
     * nothing.
     *
     * <pre>{@code
     * Linalg.triangularSolveInto(s, u, b, TriangularSolveOptions.UPPER, b);   // in place
     * }</pre>
     *
     * @param s the session
     * @param a the triangular matrices
     * @param b the right-hand sides
     * @param options side, triangle, operator, unit diagonal
     * @param x receives X
     * @throws org.ferrite.api.error.NumericalFailureException if a member's diagonal has an exact zero
     */
    public static void triangularSolveInto(BackendSession s, TensorRead a, TensorRead b,
            TriangularSolveOptions options, TensorWrite x) {
        Objects.requireNonNull(options, "options");
        Portable.kernels(s, "triangularSolve").triangularSolve(a, b, options, x);
    }

    // ------------------------------------------------------------------ Cholesky, eigen

    /**
     * The lower Cholesky factor {@code L} of every member, {@code A = L·Lᴴ}; only A's lower triangle is
     * read.
     *
     * <pre>{@code
     * Tensor l = Linalg.cholesky(s, spd);
     * }</pre>
     *
     * @param s the session
     * @param a Hermitian positive definite matrices, {@code [n, n, b…]}
     * @return L, zeros above the diagonal
     * @throws org.ferrite.api.error.NumericalFailureException if a member is not positive definite
     */
    public static Tensor cholesky(BackendSession s, TensorRead a) {
        return cholesky(s, a, Triangle.LOWER);
    }

    /**
     * The Cholesky factor of every member: L ({@code A = L·Lᴴ}) or U ({@code A = Uᴴ·U}); only that
     * triangle of A is read.
     *
     * <pre>{@code
     * Tensor u = Linalg.cholesky(s, spd, Triangle.UPPER);
     * }</pre>
     *
     * @param s the session
     * @param a Hermitian positive definite matrices, {@code [n, n, b…]}
     * @param triangle which factor
     * @return the factor, zeros in the other triangle
     * @throws org.ferrite.api.error.NumericalFailureException if a member is not positive definite
     */
    public static Tensor cholesky(BackendSession s, TensorRead a, Triangle triangle) {
        Objects.requireNonNull(triangle, "triangle");
        LinalgKernels kernels = Portable.kernels(s, "cholesky");
        LinalgShapes.checkSquare("cholesky", "a", a);
        Tensor factor = s.allocate(a.dtype(), a.shape());
        Portable.fill(s, "cholesky", () -> kernels.cholesky(a, triangle, factor), factor);
        return factor;
    }

    /**
     * The eigendecomposition of every member of a Hermitian matrix, reading its lower triangle:
     * eigenvalues ascending, orthonormal eigenvectors.
     *
     * <pre>{@code
     * Eigh e = Linalg.eigh(s, h);
     * }</pre>
     *
     * @param s the session
     * @param a Hermitian matrices, {@code [n, n, b…]}
     * @return values {@code [n, b…]} (real) and vectors {@code [n, n, b…]}
     * @throws org.ferrite.api.error.NumericalFailureException if a member does not converge
     */
    public static Eigh eigh(BackendSession s, TensorRead a) {
        return eigh(s, a, EighOptions.LOWER);
    }

    /**
     * The eigendecomposition of every member of a Hermitian matrix, reading the triangle and gauging
     * the vectors as {@code options} says.
     *
     * <pre>{@code
     * Eigh e = Linalg.eigh(s, h, EighOptions.LOWER.withGauge(PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE));
     * }</pre>
     *
     * @param s the session
     * @param a Hermitian matrices, {@code [n, n, b…]}
     * @param options triangle and gauge
     * @return values and vectors
     * @throws org.ferrite.api.error.NumericalFailureException if a member does not converge
     */
    public static Eigh eigh(BackendSession s, TensorRead a, EighOptions options) {
        Objects.requireNonNull(options, "options");
        LinalgKernels kernels = Portable.kernels(s, "eigh");
        LinalgShapes.checkSquare("eigh", "a", a);
        Tensor values = s.allocate(a.dtype().realType(), LinalgShapes.vectorShape(a.dim(0), a));
        Tensor vectors = s.allocate(a.dtype(), a.shape());
        Portable.fill(s, "eigh", () -> kernels.eigh(a, options, values, vectors), values, vectors);
        return new Eigh(values, vectors);
    }

    /**
     * The eigenvalues of every member of a Hermitian matrix (lower triangle read), ascending, without
     * eigenvectors.
     *
     * <pre>{@code
     * Tensor w = Linalg.eigvalsh(s, h);
     * }</pre>
     *
     * @param s the session
     * @param a Hermitian matrices, {@code [n, n, b…]}
     * @return {@code [n, b…]} of A's real type
     * @throws org.ferrite.api.error.NumericalFailureException if a member does not converge
     */
    public static Tensor eigvalsh(BackendSession s, TensorRead a) {
        return eigvalsh(s, a, Triangle.LOWER);
    }

    /**
     * The eigenvalues of every member of a Hermitian matrix, reading the given triangle.
     *
     * <pre>{@code
     * Tensor w = Linalg.eigvalsh(s, h, Triangle.UPPER);
     * }</pre>
     *
     * @param s the session
     * @param a Hermitian matrices, {@code [n, n, b…]}
     * @param triangle the triangle read
     * @return {@code [n, b…]} of A's real type, ascending
     * @throws org.ferrite.api.error.NumericalFailureException if a member does not converge
     */
    public static Tensor eigvalsh(BackendSession s, TensorRead a, Triangle triangle) {
        EighOptions options = triangle == Triangle.UPPER ? EighOptions.UPPER : EighOptions.LOWER;
        LinalgKernels kernels = Portable.kernels(s, "eigvalsh");
        LinalgShapes.checkSquare("eigvalsh", "a", a);
        Tensor values = s.allocate(a.dtype().realType(), LinalgShapes.vectorShape(a.dim(0), a));
        Portable.fill(s, "eigvalsh", () -> kernels.eigh(a, options, values, null), values);
        return values;
    }

    /**
     * The eigenvalues and right eigenvectors of every member of a general square matrix, complex for
     * every input dtype (see {@link Eig}).
     *
     * <pre>{@code
     * Eig e = Linalg.eig(s, a);
     * }</pre>
     *
     * @param s the session
     * @param a square matrices, {@code [n, n, b…]}
     * @return values {@code [n, b…]} and vectors {@code [n, n, b…]}, complex
     * @throws org.ferrite.api.error.NumericalFailureException if a member does not converge
     */
    public static Eig eig(BackendSession s, TensorRead a) {
        return eig(s, a, PhaseGauge.NONE);
    }

    /**
     * {@link #eig(BackendSession, TensorRead)} with the eigenvectors' phases fixed by {@code gauge}.
     *
     * <pre>{@code
     * Eig e = Linalg.eig(s, a, PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE);
     * }</pre>
     *
     * @param s the session
     * @param a square matrices, {@code [n, n, b…]}
     * @param gauge the phase gauge
     * @return values and vectors, complex
     * @throws org.ferrite.api.error.NumericalFailureException if a member does not converge
     */
    public static Eig eig(BackendSession s, TensorRead a, PhaseGauge gauge) {
        Objects.requireNonNull(gauge, "gauge");
        LinalgKernels kernels = Portable.kernels(s, "eig");
        LinalgShapes.checkSquare("eig", "a", a);
        DType complex = a.dtype().complexType();
        Tensor values = s.allocate(complex, LinalgShapes.vectorShape(a.dim(0), a));
        Tensor vectors = s.allocate(complex, a.shape());
        Portable.fill(s, "eig", () -> kernels.eig(a, gauge, values, vectors), values, vectors);
        return new Eig(values, vectors);
    }

    /**
     * The eigenvalues of every member of a general square matrix, without eigenvectors.
     *
     * <pre>{@code
     * Tensor w = Linalg.eigvals(s, a);            // complex
     * }</pre>
     *
     * @param s the session
     * @param a square matrices, {@code [n, n, b…]}
     * @return {@code [n, b…]}, complex
     * @throws org.ferrite.api.error.NumericalFailureException if a member does not converge
     */
    public static Tensor eigvals(BackendSession s, TensorRead a) {
        LinalgKernels kernels = Portable.kernels(s, "eigvals");
        LinalgShapes.checkSquare("eigvals", "a", a);
        Tensor values = s.allocate(a.dtype().complexType(), LinalgShapes.vectorShape(a.dim(0), a));
        Portable.fill(s, "eigvals", () -> kernels.eig(a, PhaseGauge.NONE, values, null), values);
        return values;
    }

    // ------------------------------------------------------------------ determinants, inverses, norms

    /**
     * The determinant of every member, {@code [b…]} of A's dtype, from its LU factorisation
     * ({@code det = det(P)·Π U[i, i]}); 1 for a {@code 0 × 0} matrix. May overflow or underflow where
     * {@link #slogdet} does not.
     *
     * <pre>{@code
     * double d = Linalg.det(s, a).getDouble();    // an unbatched A
     * }</pre>
     *
     * @param s the session
     * @param a square matrices, {@code [n, n, b…]}
     * @return the determinants
     */
    public static Tensor det(BackendSession s, TensorRead a) {
        return Determinants.det(s, a);
    }

    /**
     * The sign and log-magnitude of the determinant of every member (see {@link Slogdet}).
     *
     * <pre>{@code
     * Slogdet d = Linalg.slogdet(s, a);
     * }</pre>
     *
     * @param s the session
     * @param a square matrices, {@code [n, n, b…]}
     * @return sign and {@code log|det|}
     */
    public static Slogdet slogdet(BackendSession s, TensorRead a) {
        return Determinants.slogdet(s, a);
    }

    /**
     * The inverse of every member, by solving {@code A·X = I}.
     *
     * <pre>{@code
     * Tensor ainv = Linalg.inv(s, a);
     * }</pre>
     *
     * @param s the session
     * @param a square matrices, {@code [n, n, b…]}
     * @return {@code [n, n, b…]}
     * @throws org.ferrite.api.error.NumericalFailureException (op {@code inv}) if a member is singular
     */
    public static Tensor inv(BackendSession s, TensorRead a) {
        return Determinants.inv(s, a);
    }

    /**
     * The Moore–Penrose pseudo-inverse of every member with NumPy's default cut-off: singular values
     * at most {@code eps·max(m, n)·S[0]} are treated as zero ({@code eps} of A's precision).
     *
     * <pre>{@code
     * Tensor p = Linalg.pinv(s, a);               // [n, m, b…]
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}
     * @return {@code [n, m, b…]}
     */
    public static Tensor pinv(BackendSession s, TensorRead a) {
        return PseudoInverse.pinv(s, a, 0, true, false);
    }

    /**
     * The pseudo-inverse with singular values at most {@code rtol·S[0]} treated as zero.
     *
     * <pre>{@code
     * Tensor p = Linalg.pinv(s, a, 1e-8);
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}
     * @param rtol the relative cut-off, finite and {@code >= 0}
     * @return {@code [n, m, b…]}
     * @throws org.ferrite.api.error.ValidationException (INVALID_ARGUMENT, argument {@code "rtol"}) for a
     *     negative, infinite or NaN cut-off
     */
    public static Tensor pinv(BackendSession s, TensorRead a, double rtol) {
        return PseudoInverse.pinv(s, a, rtol, false, false);
    }

    /**
     * The pseudo-inverse with the default cut-off, of every member taken as Hermitian when
     * {@code hermitian} — NumPy's {@code pinv(a, hermitian=True)}, {@code rtol=None}: then
     * {@code A⁺ = V·diag(λ⁺)·Vᴴ} from {@code eigh} (A's lower triangle is read), {@code λ⁺ = 1/λ} where
     * {@code |λ| > eps·n·max|λ|}, else 0 — cheaper than the SVD.
     *
     * <pre>{@code
     * Tensor p = Linalg.pinv(s, covariance, true);   // [n, n, b…]
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}; square when {@code hermitian}
     * @param hermitian read A as Hermitian (its lower triangle) and decompose it with {@code eigh}
     * @return {@code [n, m, b…]}
     */
    public static Tensor pinv(BackendSession s, TensorRead a, boolean hermitian) {
        return PseudoInverse.pinv(s, a, 0, true, hermitian);
    }

    /**
     * The pseudo-inverse with the relative cut-off {@code rtol}, Hermitian as
     * {@link #pinv(BackendSession, TensorRead, boolean)} says when {@code hermitian}.
     *
     * <pre>{@code
     * Tensor p = Linalg.pinv(s, covariance, 1e-10, true);
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}; square when {@code hermitian}
     * @param rtol the relative cut-off, finite and {@code >= 0}
     * @param hermitian read A as Hermitian and decompose it with {@code eigh}
     * @return {@code [n, m, b…]}
     * @throws org.ferrite.api.error.ValidationException (INVALID_ARGUMENT, argument {@code "rtol"}) for a
     *     negative, infinite or NaN cut-off
     */
    public static Tensor pinv(BackendSession s, TensorRead a, double rtol, boolean hermitian) {
        return PseudoInverse.pinv(s, a, rtol, false, hermitian);
    }

    // ------------------------------------------------------------------ least squares, rank, conditioning

    /**
     * The least-squares solution of {@code A·X ≈ B} for every member — NumPy's {@code lstsq(a, b)},
     * batched — with NumPy 2's default cut-off {@code rcond = eps·max(m, n)}: singular values
     * {@code S[j] ≤ rcond·S[0]} count as zero. X is the minimiser of {@code ‖B − A·X‖₂} of least norm
     * (for a full-rank square A the solution of {@code A·X = B}); see {@link Lstsq} for the residuals,
     * ranks and singular values returned.
     *
     * <pre>{@code
     * Lstsq fit = Linalg.lstsq(s, a, b);          // a [m, n, b…], b [m, r, b…] or [m, b…]
     * Tensor coefficients = fit.x();              // [n, r, b…] or [n, b…]
     * }</pre>
     *
     * <p>{@code eps} is that of A's precision: for F32 and C64 NumPy (which computes them in double)
     * takes double's, Ferrite (which computes them in single) single's.
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}
     * @param b the right-hand sides, {@code [m, r, b…]} or {@code [m, b…]}, of A's dtype and batch axes
     * @return X, the residuals, the ranks and the singular values
     * @throws org.ferrite.api.error.NumericalFailureException if a member's SVD does not converge (or
     *     A is not finite)
     */
    public static Lstsq lstsq(BackendSession s, TensorRead a, TensorRead b) {
        return LeastSquares.lstsq(s, a, b, 0, true);
    }

    /**
     * {@link #lstsq(BackendSession, TensorRead, TensorRead)} with NumPy's explicit {@code rcond}: singular
     * values {@code S[j] ≤ rcond·S[0]} count as zero; a negative {@code rcond} means machine precision
     * ({@code eps}, LAPACK's and NumPy's {@code rcond=-1}).
     *
     * <pre>{@code
     * Lstsq fit = Linalg.lstsq(s, a, b, 1e-10);
     * long rank = fit.rank().getLong();           // an unbatched A
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}
     * @param b the right-hand sides, {@code [m, r, b…]} or {@code [m, b…]}
     * @param rcond the relative cut-off, finite
     * @return X, the residuals, the ranks and the singular values
     * @throws org.ferrite.api.error.ValidationException (INVALID_ARGUMENT, argument {@code "rcond"}) for
     *     an infinite or NaN cut-off
     */
    public static Lstsq lstsq(BackendSession s, TensorRead a, TensorRead b, double rcond) {
        return LeastSquares.lstsq(s, a, b, rcond, false);
    }

    /**
     * The effective rank of every member — NumPy's {@code matrix_rank(a)}: the count of singular values
     * {@code S[j] > eps·max(m, n)·S[0]}, {@code eps} of A's precision.
     *
     * <pre>{@code
     * long r = Linalg.matrixRank(s, a).getLong();     // an unbatched A
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}
     * @return {@code [b…]} I64 (0 for an empty matrix)
     */
    public static Tensor matrixRank(BackendSession s, TensorRead a) {
        return NumericalRank.matrixRank(s, a, 0, 0, false, true);
    }

    /**
     * The effective rank with the default cut-off, counting eigenvalue moduli {@code |λ_j|} of the
     * Hermitian matrix of A's lower triangle instead of singular values when {@code hermitian} — NumPy's
     * {@code matrix_rank(a, hermitian=True)}.
     *
     * <pre>{@code
     * Tensor r = Linalg.matrixRank(s, gram, true);
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}; square when {@code hermitian}
     * @param hermitian read A as Hermitian and count its eigenvalue moduli ({@code eigvalsh})
     * @return {@code [b…]} I64
     */
    public static Tensor matrixRank(BackendSession s, TensorRead a, boolean hermitian) {
        return NumericalRank.matrixRank(s, a, 0, 0, hermitian, true);
    }

    /**
     * The effective rank with a relative cut-off: the count of {@code σ_j > rtol·max σ} — NumPy's
     * {@code matrix_rank(a, rtol=rtol, hermitian=…)}.
     *
     * <pre>{@code
     * Tensor r = Linalg.matrixRank(s, a, 1e-8, false);
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}; square when {@code hermitian}
     * @param rtol the relative cut-off, finite and {@code >= 0}
     * @param hermitian read A as Hermitian and count its eigenvalue moduli
     * @return {@code [b…]} I64
     * @throws org.ferrite.api.error.ValidationException (INVALID_ARGUMENT, argument {@code "rtol"}) for a
     *     negative, infinite or NaN cut-off
     */
    public static Tensor matrixRank(BackendSession s, TensorRead a, double rtol, boolean hermitian) {
        return NumericalRank.matrixRank(s, a, rtol, 0, hermitian, false);
    }

    /**
     * The effective rank with a relative and an absolute cut-off: the count of
     * {@code σ_j > max(atol, rtol·max σ)}. NumPy's {@code matrix_rank(a, tol=t)} is
     * {@code matrixRank(s, a, 0, t, false)}.
     *
     * <pre>{@code
     * Tensor r = Linalg.matrixRank(s, a, 0, 1e-6, false);   // σ > 1e-6
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}; square when {@code hermitian}
     * @param rtol the relative cut-off, finite and {@code >= 0}
     * @param atol the absolute cut-off, finite and {@code >= 0}
     * @param hermitian read A as Hermitian and count its eigenvalue moduli
     * @return {@code [b…]} I64
     * @throws org.ferrite.api.error.ValidationException (INVALID_ARGUMENT, argument {@code "rtol"} or
     *     {@code "atol"}) for a negative, infinite or NaN cut-off
     */
    public static Tensor matrixRank(BackendSession s, TensorRead a, double rtol, double atol, boolean hermitian) {
        return NumericalRank.matrixRank(s, a, rtol, atol, hermitian, false);
    }

    /**
     * The condition number of every member in the 2-norm, {@code σ_max/σ_min} — NumPy's {@code cond(a)};
     * {@code +∞} for a singular member (and for a zero matrix, where the ratio is {@code 0/0}).
     *
     * <pre>{@code
     * Tensor c = Linalg.cond(s, a);               // [b…], A's real type
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}, not empty
     * @return {@code [b…]} of A's real type
     * @throws org.ferrite.api.error.ValidationException (INVALID_ARGUMENT on {@code a}) for {@code m·n = 0}
     */
    public static Tensor cond(BackendSession s, TensorRead a) {
        return ConditionNumber.cond(s, a, MatrixNorm.SPECTRAL);
    }

    /**
     * The condition number of every member in the norm {@code p} — NumPy's {@code cond(a, p)}:
     * {@link MatrixNorm#SPECTRAL} ({@code p = 2}) {@code σ_max/σ_min} and
     * {@link MatrixNorm#SMALLEST_SINGULAR_VALUE} ({@code −2}) {@code σ_min/σ_max}, from one values-only
     * SVD, for any {@code m × n}; every other norm {@code ‖A‖_p·‖A⁻¹‖_p}, for square A. A singular member
     * (an exact zero pivot) and a {@code 0/0} ratio give {@code +∞}, as NumPy.
     *
     * <pre>{@code
     * Tensor c1 = Linalg.cond(s, a, MatrixNorm.MAX_COLUMN_SUM);   // NumPy's cond(a, 1)
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]} (square unless {@code p} is one of the two spectral ones),
     *     not empty
     * @param p the norm
     * @return {@code [b…]} of A's real type
     * @throws org.ferrite.api.error.ValidationException (INVALID_ARGUMENT on {@code a}) for {@code m·n = 0},
     *     (SHAPE_MISMATCH) for a non-square A with a norm that needs the inverse
     */
    public static Tensor cond(BackendSession s, TensorRead a, MatrixNorm p) {
        return ConditionNumber.cond(s, a, p);
    }

    /**
     * {@code Aⁿ} of every member — NumPy's {@code matrix_power(a, n)}: the identity for {@code n = 0},
     * the powers of {@code A⁻¹} for {@code n < 0}, by binary powering ({@code ⌊log₂|n|⌋} squarings and at
     * most as many further products). Integer matrices (I32, I64) take {@code n >= 0} and wrap as NumPy's
     * do; a negative power needs a floating dtype and the {@link LinalgKernels}; a non-negative one only
     * the session's products, so it runs on every backend.
     *
     * <pre>{@code
     * Tensor a8 = Linalg.matrixPower(s, a, 8);    // three products
     * Tensor ainv2 = Linalg.matrixPower(s, a, -2);
     * }</pre>
     *
     * @param s the session
     * @param a square matrices, {@code [n, n, b…]}, any dtype but BOOL
     * @param n the exponent
     * @return {@code [n, n, b…]} of A's dtype
     * @throws org.ferrite.api.error.NumericalFailureException (op {@code matrixPower}) if {@code n < 0}
     *     and a member is singular
     */
    public static Tensor matrixPower(BackendSession s, TensorRead a, long n) {
        return MatrixPower.power(s, a, n);
    }

    // ------------------------------------------------------------------ tensor equations

    /**
     * Solves the tensor equation {@code Σ_J a[I, J]·x[J] = b[I]} for x — NumPy's {@code tensorsolve(a, b)}:
     * {@code a} is {@code [b's shape…, x's shape…]} with as many unknowns as equations, and x has the
     * remaining shape. Not batched (as NumPy's); one square solve of order {@code b.size()}.
     *
     * <pre>{@code
     * Tensor x = Linalg.tensorsolve(s, a, b);     // a [2, 3, 6], b [2, 3] → x [6]
     * Tensor y = Linalg.tensorsolve(s, c, b, 0);  // axis 0 of c moved last first
     * }</pre>
     *
     * @param s the session
     * @param a the coefficients
     * @param b the right-hand side, of a's dtype
     * @param axes axes of {@code a} moved to the end (in this order) before solving, as NumPy's
     *     {@code axes}; negative counts from the end; none: no reordering
     * @return x
     * @throws org.ferrite.api.error.ValidationException if a's leading axes (after the move) are not b's
     *     shape, or the unknowns do not match the equations in number
     * @throws org.ferrite.api.error.NumericalFailureException (op {@code tensorsolve}) if the flattened
     *     matrix is singular
     */
    public static Tensor tensorsolve(BackendSession s, TensorRead a, TensorRead b, int... axes) {
        return TensorEquations.tensorsolve(s, a, b, axes.clone());
    }

    /**
     * The inverse of {@code a} with respect to the tensor product over its first two axes — NumPy's
     * {@code tensorinv(a)}, {@code ind = 2}.
     *
     * <pre>{@code
     * Tensor ainv = Linalg.tensorinv(s, a);       // a [4, 6, 8, 3] → [8, 3, 4, 6]
     * }</pre>
     *
     * @param s the session
     * @param a the tensor, {@code prod(shape[:2]) == prod(shape[2:])}
     * @return {@code [shape[2:]…, shape[:2]…]}
     * @throws org.ferrite.api.error.NumericalFailureException (op {@code tensorinv}) if the flattened
     *     matrix is singular
     */
    public static Tensor tensorinv(BackendSession s, TensorRead a) {
        return TensorEquations.tensorinv(s, a, 2);
    }

    /**
     * The inverse of {@code a} with respect to the tensor product over its first {@code ind} axes —
     * NumPy's {@code tensorinv(a, ind)}: the result {@code ainv} has shape
     * {@code [shape[ind:]…, shape[:ind]…]} and {@code Σ_J ainv[K, J]·a[J, L] = δ_KL}.
     *
     * <pre>{@code
     * Tensor ainv = Linalg.tensorinv(s, a, 1);    // a [24, 8, 3] → [8, 3, 24]
     * }</pre>
     *
     * @param s the session
     * @param a the tensor, {@code prod(shape[:ind]) == prod(shape[ind:])}
     * @param ind how many leading axes are the equations', {@code 1 … rank}
     * @return {@code [shape[ind:]…, shape[:ind]…]}
     * @throws org.ferrite.api.error.NumericalFailureException (op {@code tensorinv}) if the flattened
     *     matrix is singular
     */
    public static Tensor tensorinv(BackendSession s, TensorRead a, int ind) {
        return TensorEquations.tensorinv(s, a, ind);
    }

    /**
     * A matrix norm of every member, over the two matrix axes (see {@link MatrixNorm}).
     *
     * <pre>{@code
     * Tensor f = Linalg.norm(s, a, MatrixNorm.FROBENIUS);   // [b…], real
     * }</pre>
     *
     * @param s the session
     * @param a the matrices, {@code [m, n, b…]}
     * @param kind the norm
     * @return {@code [b…]} of A's real type
     */
    public static Tensor norm(BackendSession s, TensorRead a, MatrixNorm kind) {
        return Norms.matrix(s, a, kind);
    }

    /**
     * The vector p-norm {@code (Σ|x_i|^p)^(1/p)} over {@code axes} (every axis when none are given):
     * {@code p = 2} is the Euclidean norm, {@code p = 1} the sum of moduli, {@code p = +∞} the largest
     * modulus, {@code p = −∞} the smallest, {@code p = 0} the count of non-zero entries. Built on the
     * session's reductions, so it runs on any backend (no {@link LinalgKernels} needed).
     *
     * <pre>{@code
     * Tensor columnNorms = Linalg.norm(s, a, 2, 0);       // [n, b…]
     * Tensor total = Linalg.norm(s, a, 1);                // every axis: a rank-0 tensor
     * }</pre>
     *
     * @param s the session
     * @param x a floating tensor
     * @param p the order, any value but NaN
     * @param axes the axes reduced, distinct, in {@code [-rank, rank)} (negative counts from the end, as
     *     NumPy's {@code axis=-1}); none: every axis
     * @return x's shape without {@code axes}, of x's real type
     */
    public static Tensor norm(BackendSession s, TensorRead x, double p, int... axes) {
        return Norms.vector(s, x, p, axes);
    }
}
