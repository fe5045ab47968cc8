package org.ferrite.itests.smoke;

import java.util.List;
import org.ferrite.api.Backend;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.linalg.Eig;
import org.ferrite.linalg.Eigh;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.Lu;
import org.ferrite.linalg.MatrixNorm;
import org.ferrite.linalg.Qr;
import org.ferrite.linalg.Slogdet;
import org.ferrite.linalg.Svd;
import org.ferrite.linalg.TriangularSolveOptions;

/**
 * Every operation of {@link Linalg} on F32, F64, C64 and C128, for a batch of two diagonally dominant
 * 4×4 matrices (and a Hermitian positive definite batch for Cholesky and eigh), each checked by what
 * defines it: the factors reproduce the matrix ({@code U·diag(S)·Vᴴ}, {@code Q·R}, {@code P·L·U},
 * {@code L·Lᴴ}), eigenpairs satisfy {@code A·V = V·diag(w)}, solutions satisfy their system, the
 * eigenvalues sum to the trace and multiply to the determinant, and every norm agrees with its
 * definition. Run once per backend, so once per forced CPU tier.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class LinalgSmoke {
    static final String FAMILY = "linalg";
    private static final int N = 4;
    private static final int BATCH = 2;
    private static final DotGeneralConfig BATCHED = DotGeneralConfig.of(new int[] {1}, new int[] {0}, new int[] {2},
            new int[] {2});

    private LinalgSmoke() {
    }

    /**
     * @param backend where it runs
     * @param family the family's name in the report (the tier it was forced to, if any)
     * @param report the report
     */
    static void run(Backend backend, String family, SmokeReport report) {
        for (DType d : List.of(DType.F32, DType.F64, DType.C64, DType.C128)) {
            Tensor a = Samples.dominant(d, N, BATCH, 1, false);
            Tensor h = Samples.dominant(d, N, BATCH, 2, true);
            Tensor b = Tensor.random(d, 3, N, 2, BATCH);
            report.computes(family, "svd", d, backend, s -> svd(s, a));
            report.computes(family, "svdvals", d, backend,
                    s -> Expect.close("svdvals", Linalg.svdvals(s, a), Linalg.svd(s, a).s()));
            report.computes(family, "qr", d, backend, s -> {
                Qr f = Linalg.qr(s, a);
                Expect.close("Q·R", bmm(s, f.q(), f.r()), a);
            });
            report.computes(family, "lu", d, backend, s -> {
                Lu f = Linalg.lu(s, a);
                Expect.close("P·L·U", bmm(s, bmm(s, f.p(), f.l()), f.u()), a);
            });
            report.computes(family, "solve", d, backend,
                    s -> Expect.close("A·solve(A, B)", bmm(s, a, Linalg.solve(s, a, b)), b));
            report.computes(family, "triangularSolve", d, backend, s -> Expect.close("tril(A)·X",
                    bmm(s, s.tril(a, 0), Linalg.triangularSolve(s, a, b, TriangularSolveOptions.LOWER)), b));
            report.computes(family, "cholesky", d, backend, s -> {
                Tensor l = Linalg.cholesky(s, h);
                Expect.close("L·Lᴴ", bmm(s, l, adjoint(s, l)), h);
            });
            report.computes(family, "eigh", d, backend, s -> eigh(s, h));
            report.computes(family, "eigvalsh", d, backend,
                    s -> Expect.close("eigvalsh", Linalg.eigvalsh(s, h), Linalg.eigh(s, h).values()));
            report.computes(family, "eig", d, backend, s -> eig(s, a));
            report.computes(family, "eigvals", d, backend, s -> Expect.close("Σ eigvals",
                    s.sum(Linalg.eigvals(s, a), 0), s.convert(s.sum(s.extractDiagonal(a), 0), d.complexType())));
            report.computes(family, "det", d, backend, s -> Expect.close("det",
                    s.convert(Linalg.det(s, a), d.complexType()), s.prod(Linalg.eigvals(s, a), 0)));
            report.computes(family, "slogdet", d, backend, s -> {
                Slogdet f = Linalg.slogdet(s, a);
                Expect.close("sign·exp(logAbsDet)", s.mul(f.sign(), s.exp(f.logAbsDet())), Linalg.det(s, a));
            });
            report.computes(family, "inv", d, backend,
                    s -> Expect.close("A·inv(A)", bmm(s, a, Linalg.inv(s, a)), Samples.eye(d, N, BATCH)));
            report.computes(family, "pinv", d, backend,
                    s -> Expect.close("A·pinv(A)·A", bmm(s, bmm(s, a, Linalg.pinv(s, a)), a), a));
            report.computes(family, "norm(MatrixNorm)", d, backend, s -> matrixNorms(s, a));
            report.computes(family, "norm(p = 2)", d, backend,
                    s -> Expect.close("2-norm", Linalg.norm(s, a, 2.0), s.sqrt(s.sumSquares(a))));
        }
    }

    private static void svd(BackendSession s, Tensor a) {
        Svd f = Linalg.svd(s, a);
        Expect.close("U·diag(S)·Vᴴ", bmm(s, scaleColumns(s, f.u(), f.s()), f.vh()), a);
    }

    private static void eigh(BackendSession s, Tensor h) {
        Eigh f = Linalg.eigh(s, h);
        Expect.close("A·V", bmm(s, h, f.vectors()), scaleColumns(s, f.vectors(), f.values()));
    }

    private static void eig(BackendSession s, Tensor a) {
        Eig f = Linalg.eig(s, a);
        Tensor complex = s.convert(a, f.values().dtype());
        Expect.close("A·V", bmm(s, complex, f.vectors()), scaleColumns(s, f.vectors(), f.values()));
    }

    private static void matrixNorms(BackendSession s, Tensor a) {
        Tensor sv = Linalg.svdvals(s, a);
        Tensor magnitudes = s.abs(a);
        Expect.close("Frobenius", Linalg.norm(s, a, MatrixNorm.FROBENIUS), s.sqrt(s.sumSquares(a, 0, 1)));
        Expect.close("nuclear", Linalg.norm(s, a, MatrixNorm.NUCLEAR), s.sum(sv, 0));
        Expect.close("spectral", Linalg.norm(s, a, MatrixNorm.SPECTRAL), s.max(sv, 0));
        Expect.close("max column sum", Linalg.norm(s, a, MatrixNorm.MAX_COLUMN_SUM), s.max(s.sum(magnitudes, 0), 0));
        Expect.close("max row sum", Linalg.norm(s, a, MatrixNorm.MAX_ROW_SUM), s.max(s.sum(magnitudes, 1), 0));
    }

    /** @return {@code x·y} for every batch member: {@code [m, k, b]·[k, n, b] -> [m, n, b]} */
    private static Tensor bmm(BackendSession s, TensorRead x, TensorRead y) {
        return s.dotGeneral(x, y, BATCHED);
    }

    /** @return the conjugate transpose of every member */
    private static Tensor adjoint(BackendSession s, TensorRead x) {
        return s.conj(s.transpose(x, 1, 0, 2));
    }

    /** @return {@code m·diag(v)} for every member: column {@code j} of {@code m [r, k, b]} times {@code v [k, b]} */
    private static Tensor scaleColumns(BackendSession s, TensorRead m, TensorRead v) {
        return s.mul(m, v.broadcastInDim(new long[] {m.dim(0), m.dim(1), m.dim(2)}, new int[] {1, 2}));
    }
}
