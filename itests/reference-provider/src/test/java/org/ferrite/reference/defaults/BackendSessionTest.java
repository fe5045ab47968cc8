package org.ferrite.reference.defaults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.ferrite.testkit.oracle.Validations.expectValidation;

import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.reference.IndexSpace;
import org.junit.jupiter.api.Test;

/** The {@link BackendSession} defaults built on other families, on a hooks-only session. */
class BackendSessionTest {
    private final NaiveSession s = new NaiveSession();

    @Test
    void softmaxNormalisesAlongTheAxisAndIsStableForLargeValues() {
        Tensor x = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 1000, 1001, 1002}, 2, 3);
        Tensor p = s.softmax(x, 1);
        double e1 = Math.exp(-2);
        double e2 = Math.exp(-1);
        double z = e1 + e2 + 1;
        for (int row = 0; row < 2; row++) {
            assertThat(p.getDouble(row, 0)).isCloseTo(e1 / z, within(1e-15));
            assertThat(p.getDouble(row, 1)).isCloseTo(e2 / z, within(1e-15));
            assertThat(p.getDouble(row, 2)).isCloseTo(1 / z, within(1e-15));
        }
        Tensor q = s.softmax(x, 0);
        assertThat(q.getDouble(0, 0) + q.getDouble(1, 0)).isCloseTo(1, within(1e-15));
    }

    @Test
    void logSoftmaxIsTheLogarithmOfSoftmax() {
        Tensor x = Tensor.random(DType.F64, 3, 3, 4);
        Tensor lp = s.logSoftmax(x, 1);
        Tensor p = s.softmax(x, 1);
        IndexSpace.forEach(x.shape(), i -> assertThat(lp.getDouble(i)).isCloseTo(Math.log(p.getDouble(i)),
                within(1e-12)));
    }

    @Test
    void softmaxReclaimsItsTemporariesButNotItsResult() {
        Tensor x = Tensor.random(DType.F32, 4, 2, 3);
        Tensor p = s.softmax(x, 0);
        assertThat(s.reclaimed).hasSize(4).doesNotContain(p);
        assertThat(s.allocated).containsAll(s.reclaimed);
        s.reclaimed.clear();
        Tensor lp = s.logSoftmax(x, 0);
        assertThat(s.reclaimed).hasSize(5).doesNotContain(lp);
    }

    @Test
    void softmaxRejectsBadAxesAndDtypesNamingItself() {
        Tensor x = Tensor.zeros(DType.F64, 2, 3);
        assertThat(expectValidation(() -> s.softmax(x, 2), ValidationKind.AXIS_OUT_OF_BOUNDS, "softmax", "axis")
                .axis()).isEqualTo(2);
        expectValidation(() -> s.logSoftmax(x, -3), ValidationKind.AXIS_OUT_OF_BOUNDS, "logSoftmax", "axis");
        Tensor y = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        assertThat(s.softmax(y, -1).f64Data()).containsExactly(s.softmax(y, 1).f64Data()); // NumPy's axis=-1
        assertThatThrownBy(() -> s.softmax(Tensor.zeros(DType.I32, 2), 0)).isInstanceOfSatisfying(
                UnsupportedOpException.class, e -> assertThat(e.op()).isEqualTo("softmax"))
                .hasMessageContaining("softmax is defined for F32, F64, F16, BF16 (OpTable)");
        assertThatThrownBy(() -> s.logSoftmax(Tensor.zeros(DType.C64, 2), 0)).isInstanceOfSatisfying(
                UnsupportedOpException.class, e -> assertThat(e.dtype()).isEqualTo("C64"));
        assertThat(s.softmax(Tensor.zeros(DType.F64, 2, 0), 1).shape()).containsExactly(2, 0);
        assertThat(s.softmax(Tensor.zeros(DType.F64, 0, 2), 1).shape()).containsExactly(0, 2);
    }

    @Test
    void extensionsAndChildExecutionAreProviderHooks() {
        assertThat(s.extension(Runnable.class)).isEmpty();
        Tensor r = s.childExecution().withSession(c -> c.add(Tensor.scalar(1), Tensor.scalar(2)));
        assertThat(r.getDouble()).isEqualTo(3);
    }
}
