package org.ferrite.reference.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.LinalgKernels;
import org.ferrite.linalg.Lu;
import org.ferrite.linalg.MatrixNorm;
import org.ferrite.linalg.Slogdet;
import org.ferrite.linalg.Svd;
import org.ferrite.linalg.SvdOptions;
import org.ferrite.linalg.TriangularSolveOptions;
import org.ferrite.reference.ReferenceSession;
import org.junit.jupiter.api.Test;

/**
 * The linear-algebra facade's own behaviour (the API's portable parts, tested here as the API's other
 * defaults are: on the reference provider's kernels), on a detached session: every kernel operation
 * fails typed, naming itself, on a session without {@link LinalgKernels} while the portable norms and
 * non-negative matrix powers still run; truncation keeps the largest rank any member keeps; the unpacked LU and the determinants agree
 * with hand-computed values.
 */
class LinalgFacadeTest {
    /** @return a session whose {@code extension} returns nothing and which delegates everything else */
    private static BackendSession withoutKernels() {
        ReferenceSession delegate = ReferenceSession.detached();
        return (BackendSession) Proxy.newProxyInstance(LinalgFacadeTest.class.getClassLoader(),
                new Class<?>[] {BackendSession.class}, (proxy, method, args) -> {
                    if (method.getName().equals("extension")) {
                        return Optional.empty();
                    }
                    try {
                        return method.invoke(delegate, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    @Test
    void everyKernelOperationFailsTypedNamingItselfWithoutTheExtensionAndThePortableNormsStillRun() {
        BackendSession s = withoutKernels();
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {4, 1, 1, 3}, 2, 2);
        Tensor b = Tensor.of(new double[] {1, 2}, 2);
        Map<String, ThrowingCallable> calls = new java.util.LinkedHashMap<>();
        calls.put("svd", () -> Linalg.svd(s, a));
        calls.put("svdvals", () -> Linalg.svdvals(s, a));
        calls.put("qr", () -> Linalg.qr(s, a));
        calls.put("lu", () -> Linalg.lu(s, a));
        calls.put("solve", () -> Linalg.solve(s, a, b));
        calls.put("solveInto", () -> Linalg.solveInto(s, a, b, Tensor.zeros(DType.F64, 2)));
        calls.put("triangularSolve", () -> Linalg.triangularSolve(s, a, b, TriangularSolveOptions.LOWER));
        calls.put("cholesky", () -> Linalg.cholesky(s, a));
        calls.put("eigh", () -> Linalg.eigh(s, a));
        calls.put("eigvalsh", () -> Linalg.eigvalsh(s, a));
        calls.put("eig", () -> Linalg.eig(s, a));
        calls.put("eigvals", () -> Linalg.eigvals(s, a));
        calls.put("det", () -> Linalg.det(s, a));
        calls.put("slogdet", () -> Linalg.slogdet(s, a));
        calls.put("inv", () -> Linalg.inv(s, a));
        calls.put("pinv", () -> Linalg.pinv(s, a));
        calls.put("norm", () -> Linalg.norm(s, a, MatrixNorm.NUCLEAR));
        calls.put("lstsq", () -> Linalg.lstsq(s, a, b));
        calls.put("matrixRank", () -> Linalg.matrixRank(s, a));
        calls.put("cond", () -> Linalg.cond(s, a, MatrixNorm.MAX_COLUMN_SUM));
        calls.put("matrixPower", () -> Linalg.matrixPower(s, a, -1));
        calls.put("pinvHermitian", () -> Linalg.pinv(s, a, true));
        calls.put("qrR", () -> Linalg.qrR(s, a));
        calls.put("tensorsolve", () -> Linalg.tensorsolve(s, a, b));
        calls.put("tensorinv", () -> Linalg.tensorinv(s, a, 1));
        calls.forEach((name, call) -> {
            String op = name.equals("solveInto") ? "solve" : name.equals("pinvHermitian") ? "pinv" : name;
            assertThatThrownBy(call).as(name).isInstanceOfSatisfying(UnsupportedOpException.class, e -> {
                assertThat(e.op()).isEqualTo(op);
                assertThat(e.getMessage()).contains("LinalgKernels");
            });
        });
        assertThat(Linalg.norm(s, a, MatrixNorm.FROBENIUS).getDouble()).isEqualTo(Math.sqrt(27));
        assertThat(Linalg.norm(s, a, MatrixNorm.MAX_COLUMN_SUM).getDouble()).isEqualTo(5);
        assertThat(Linalg.norm(s, b, 2).getDouble()).isEqualTo(Math.sqrt(5));
        assertThat(Linalg.norm(s, a, MatrixNorm.MIN_ROW_SUM).getDouble()).isEqualTo(4);
        assertThat((double[]) Linalg.matrixPower(s, a, 2).toRowMajorArray()).containsExactly(17, 7, 7, 10);
    }

    @Test
    void pinvRefusesACutOffThatIsNotAFiniteNumberAtLeastZero() {
        BackendSession s = ReferenceSession.detached();
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {4, 1, 1, 3}, 2, 2);
        for (double bad : new double[] {Double.NaN, -1, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> Linalg.pinv(s, a, bad)).as("rtol %s", bad)
                    .isInstanceOfSatisfying(ValidationException.class, e -> {
                        assertThat(e.argument()).isEqualTo("rtol");
                        assertThat(e.actual()).isEqualTo(String.valueOf(bad));
                    });
        }
        assertThat(Linalg.pinv(s, a, 0).getDouble(0, 0)).isCloseTo(3.0 / 11, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void truncationKeepsTheLargestRankAnyMemberKeepsInEveryMember() {
        BackendSession s = ReferenceSession.detached();
        Tensor a = Tensor.zeros(DType.F64, 3, 3, 2);
        a.set(3, 0, 0, 0); // member 0: diag(3, 1e-9, 0) keeps 1 at rtol 1e-6
        a.set(1e-9, 1, 1, 0);
        a.set(2, 0, 0, 1); // member 1: diag(2, 1, 0.5) keeps 3
        a.set(1, 1, 1, 1);
        a.set(0.5, 2, 2, 1);
        Svd f = Linalg.svd(s, a, SvdOptions.THIN.withTolerance(1e-6));
        assertThat(f.rank()).isEqualTo(3);
        Svd two = Linalg.svd(s, a, SvdOptions.THIN.withTolerance(0.3));
        assertThat(two.rank()).as("member 1 keeps 2 (0.5 ≤ 0.3·2 = 0.6), member 0 keeps 1").isEqualTo(2);
        assertThat(two.u().shape()).containsExactly(3, 2, 2);
        assertThat(two.s().getDouble(1, 0)).as("member 0 keeps its second value too").isEqualTo(1e-9);
        assertThat(Linalg.svd(s, a, SvdOptions.THIN.withMaxRank(1)).vh().shape()).containsExactly(1, 3, 2);
    }

    @Test
    void theUnpackedLuAndTheDeterminantsAreHandComputable() {
        BackendSession s = ReferenceSession.detached();
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4}, 2, 2); // pivots to row 1 first
        Lu f = Linalg.lu(s, a);
        assertThat(f.pivots().i32Data()).containsExactly(1, 1);
        assertThat(f.permutationSign().getLong()).isEqualTo(-1);
        assertThat(f.p().toRowMajorArray()).isEqualTo(new double[] {0, 1, 1, 0});
        assertThat((double[]) f.l().toRowMajorArray()).containsExactly(1, 0, 1.0 / 3, 1);
        assertThat((double[]) f.u().toRowMajorArray()).containsExactly(3, 4, 0, 2 - 4.0 / 3);
        assertThat(Linalg.det(s, a).getDouble()).isCloseTo(-2, org.assertj.core.data.Offset.offset(1e-15));
        Slogdet d = Linalg.slogdet(s, a);
        assertThat(d.sign().getDouble()).isEqualTo(-1);
        assertThat(d.logAbsDet().getDouble()).isCloseTo(Math.log(2), org.assertj.core.data.Offset.offset(1e-15));
        Tensor singular = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 2, 4}, 2, 2);
        assertThat(Linalg.det(s, singular).getDouble()).isZero();
        assertThat(Linalg.slogdet(s, singular).logAbsDet().getDouble()).isEqualTo(Double.NEGATIVE_INFINITY);
    }
}
