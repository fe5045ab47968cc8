package org.ferrite.itests.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ferrite.itests.linalg.NumPyComparison.expect;
import static org.ferrite.itests.linalg.NumPyComparison.input;
import static org.ferrite.itests.linalg.NumPyComparison.tolerance;

import java.util.Arrays;
import java.util.List;
import org.ferrite.api.Backend;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.itests.linalg.NumPyComparison.Layout;
import org.ferrite.itests.linalg.NumPyLinalgCases.Case;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.LinalgKernels;
import org.ferrite.linalg.Lstsq;
import org.ferrite.linalg.MatrixNorm;
import org.ferrite.linalg.QrOptions;
import org.junit.jupiter.api.Test;

/**
 * The linear algebra a NumPy user expects (issue 30) against NumPy 2's own results
 * ({@link NumPyLinalgCases}): {@code lstsq} (batched), {@code matrixRank}, {@code cond},
 * {@code matrixPower}, {@code pinv(…, hermitian)}, {@code qrR}, {@code tensorsolve} and
 * {@code tensorinv}, every floating dtype (and I32/I64 for {@code matrixPower}), batches, extents 0
 * and 1, each input in three layouts — every array passing through {@link org.ferrite.linalg.BatchLayout}
 * in and out, which tests the converter too. On a backend without {@link LinalgKernels} each operation
 * that needs them fails typed, naming itself, and {@code matrixPower} with {@code n >= 0} still runs.
 * A kit-style suite (one body, every provider: {@link LinalgNumPyTest}); it belongs in the conformance
 * kit's linear-algebra suites once the kit's restructuring lands.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
abstract class LinalgNumPySuite {
    /** @return the backend under test (shared; not closed by the suite) */
    protected abstract Backend backend();

    /** One case in one layout, inside a session. */
    @FunctionalInterface
    interface CaseBody {
        void run(BackendSession s, Case c, Layout layout);
    }

    private boolean hasKernels() {
        return backend().capabilities().supportsExtension(LinalgKernels.class);
    }

    /** Runs {@code body} on every case of {@code op} in every layout; a failure names case and layout. */
    private void forEach(String op, CaseBody body) {
        List<Case> cases = NumPyLinalgCases.of(op);
        assertThat(cases).as("cases of %s", op).isNotEmpty();
        for (Case c : cases) {
            for (Layout layout : Layout.values()) {
                try {
                    backend().run(s -> body.run(s, c, layout));
                } catch (AssertionError | RuntimeException e) {
                    throw new AssertionError("case " + c + ", layout " + layout + ": " + e.getMessage(), e);
                }
            }
        }
    }

    /**
     * Runs {@code body} on every case of {@code op}; without kernels, proves instead that every case fails
     * typed, naming {@code op}.
     */
    private void check(String op, CaseBody body) {
        if (hasKernels()) {
            forEach(op, body);
            return;
        }
        forEach(op, (s, c, layout) -> assertThatThrownBy(() -> body.run(s, c, layout))
                .isInstanceOfSatisfying(UnsupportedOpException.class, e -> assertThat(e.op()).isEqualTo(op)));
    }

    @Test
    void lstsqMatchesNumPyForEveryDtypeShapeBatchAndCutOff() {
        CaseBody body = (s, c, layout) -> {
            boolean vector = c.param("rhs", "").equals("vector");
            TensorRead a = input(s, c.in("a"), 2, layout);
            TensorRead b = input(s, c.in("b"), vector ? 1 : 2, layout);
            String rcond = c.param("rcond", "default");
            Lstsq fit = rcond.equals("default") ? Linalg.lstsq(s, a, b) : Linalg.lstsq(s, a, b, Double.parseDouble(rcond));
            double tol = tolerance(c.dtype());
            expect(s, "x", c.out("x"), fit.x(), vector ? 1 : 2, tol);
            expect(s, "rank", c.out("rank"), fit.rank(), 0, 0);
            expect(s, "s", c.out("s"), fit.s(), 1, tol);
            expect(s, "residuals", c.out("residuals"), fit.residuals(), 1, tol);
        };
        check("lstsq", body);
    }

    @Test
    void matrixRankMatchesNumPyWithDefaultRelativeAbsoluteAndHermitianCutOffs() {
        CaseBody body = (s, c, layout) -> {
            TensorRead a = input(s, c.in("a"), 2, layout);
            boolean hermitian = c.param("hermitian", "false").equals("true");
            String rtol = c.param("rtol", null);
            String atol = c.param("atol", null);
            Tensor rank = atol != null ? Linalg.matrixRank(s, a, 0, Double.parseDouble(atol), hermitian)
                    : rtol != null ? Linalg.matrixRank(s, a, Double.parseDouble(rtol), hermitian)
                    : hermitian ? Linalg.matrixRank(s, a, true) : Linalg.matrixRank(s, a);
            expect(s, "rank", c.out("rank"), rank, 0, 0);
        };
        check("matrixRank", body);
    }

    @Test
    void condMatchesNumPyForEveryNormIncludingInfinityForSingularMembers() {
        CaseBody body = (s, c, layout) -> {
            TensorRead a = input(s, c.in("a"), 2, layout);
            String p = c.param("p", "2");
            Tensor cond = p.equals("2") ? Linalg.cond(s, a) : Linalg.cond(s, a, norm(p));
            expect(s, "cond", c.out("cond"), cond, 0, c.dtype() == DType.F64 || c.dtype() == DType.C128 ? 1e-9 : 1e-3);
        };
        check("cond", body);
    }

    private static MatrixNorm norm(String p) {
        switch (p) {
            case "-2":
                return MatrixNorm.SMALLEST_SINGULAR_VALUE;
            case "fro":
                return MatrixNorm.FROBENIUS;
            case "nuc":
                return MatrixNorm.NUCLEAR;
            case "1":
                return MatrixNorm.MAX_COLUMN_SUM;
            case "-1":
                return MatrixNorm.MIN_COLUMN_SUM;
            case "inf":
                return MatrixNorm.MAX_ROW_SUM;
            case "-inf":
                return MatrixNorm.MIN_ROW_SUM;
            default:
                throw new IllegalArgumentException(p);
        }
    }

    @Test
    void matrixPowerMatchesNumPyForNegativeZeroAndPositivePowersAndWrapsIntegersAsNumPy() {
        boolean kernels = hasKernels();
        forEach("matrixPower", (s, c, layout) -> {
            TensorRead a = input(s, c.in("a"), 2, layout);
            long n = Long.parseLong(c.param("n", ""));
            if (n < 0 && !kernels) {
                assertThatThrownBy(() -> Linalg.matrixPower(s, a, n)).isInstanceOfSatisfying(
                        UnsupportedOpException.class, e -> assertThat(e.op()).isEqualTo("matrixPower"));
                return;
            }
            expect(s, "power", c.out("power"), Linalg.matrixPower(s, a, n), 2, 10 * tolerance(c.dtype()));
        });
    }

    @Test
    void hermitianPinvMatchesNumPyReadingTheLowerTriangle() {
        CaseBody body = (s, c, layout) -> {
            TensorRead a = input(s, c.in("a"), 2, layout);
            boolean hermitian = c.param("hermitian", "false").equals("true");
            String rtol = c.param("rtol", "default");
            Tensor p;
            if (rtol.equals("default")) {
                p = hermitian ? Linalg.pinv(s, a, true) : Linalg.pinv(s, a);
            } else {
                p = hermitian ? Linalg.pinv(s, a, Double.parseDouble(rtol), true) : Linalg.pinv(s, a, Double.parseDouble(rtol));
            }
            expect(s, "pinv", c.out("pinv"), p, 2, 10 * tolerance(c.dtype()));
        };
        check("pinv", body);
    }

    @Test
    void qrRIsNumPysRModeUpToTheRowPhasesAndEqualsItWithThePositiveDiagonal() {
        CaseBody body = (s, c, layout) -> {
            TensorRead a = input(s, c.in("a"), 2, layout);
            boolean complete = c.param("mode", "r").equals("complete");
            QrOptions options = complete ? QrOptions.COMPLETE : QrOptions.REDUCED;
            double tol = tolerance(c.dtype());
            expect(s, "r (positive diagonal)", c.out("r"), Linalg.qrR(s, a, options.withPositiveDiagonal(true)), 2, tol);
            Tensor plain = complete ? Linalg.qrR(s, a, options) : Linalg.qrR(s, a);
            expect(s, "r (kernel's phases, normalised)", c.out("r"), positiveDiagonal(s.toHost(plain)), 2, tol);
        };
        check("qrR", body);
    }

    /** @return {@code r} {@code [k, n, b…]} with each row {@code j} times the conjugate phase of {@code r[j, j]} */
    private static Tensor positiveDiagonal(Tensor r) {
        Tensor out = r.copy();
        long rows = Math.min(r.dim(0), r.dim(1));
        long members = r.size() / Math.max(1, r.dim(0) * r.dim(1));
        for (long member = 0; member < members && r.dim(1) > 0; member++) {
            for (long j = 0; j < rows; j++) {
                long[] at = index(r, j, j, member);
                double re = r.getReal(at);
                double im = r.dtype().isComplex() ? r.getImag(at) : 0;
                double modulus = Math.hypot(re, im);
                if (modulus == 0) {
                    continue;
                }
                for (long col = 0; col < r.dim(1); col++) {
                    long[] e = index(r, j, col, member);
                    double xr = r.getReal(e);
                    double xi = r.dtype().isComplex() ? r.getImag(e) : 0;
                    double pr = (xr * re + xi * im) / modulus; // x·conj(d)/|d|
                    double pi = (xi * re - xr * im) / modulus;
                    if (r.dtype().isComplex()) {
                        out.setComplex(pr, pi, e);
                    } else {
                        out.set(pr, e);
                    }
                }
            }
        }
        return out;
    }

    private static long[] index(Tensor r, long row, long col, long member) {
        long[] index = new long[r.rank()];
        index[0] = row;
        index[1] = col;
        long rest = member;
        for (int axis = 2; axis < index.length; axis++) {
            index[axis] = rest % r.dim(axis);
            rest /= r.dim(axis);
        }
        return index;
    }

    @Test
    void tensorsolveAndTensorinvMatchNumPyIncludingMovedAxes() {
        CaseBody solve = (s, c, layout) -> {
            TensorRead a = input(s, c.in("a"), c.in("a").shape().length, layout);
            TensorRead b = input(s, c.in("b"), c.in("b").shape().length, layout);
            String axes = c.param("axes", "");
            int[] moved = axes.isEmpty() ? new int[0] : Arrays.stream(axes.split(",")).mapToInt(Integer::parseInt).toArray();
            expect(s, "x", c.out("x"), Linalg.tensorsolve(s, a, b, moved), c.out("x").shape().length,
                    10 * tolerance(c.dtype()));
        };
        CaseBody inverse = (s, c, layout) -> {
            TensorRead a = input(s, c.in("a"), c.in("a").shape().length, layout);
            int ind = Integer.parseInt(c.param("ind", "2"));
            Tensor result = ind == 2 ? Linalg.tensorinv(s, a) : Linalg.tensorinv(s, a, ind);
            expect(s, "inverse", c.out("inverse"), result, c.out("inverse").shape().length, 10 * tolerance(c.dtype()));
        };
        check("tensorsolve", solve);
        check("tensorinv", inverse);
    }
}
