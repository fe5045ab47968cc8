package org.ferrite.reference.defaults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.testkit.oracle.Validations.expectValidation;

import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.reference.IndexSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The structural defaults, run on a session that implements only the hooks. */
class StructuralOpsTest {
    private final NaiveSession s = new NaiveSession();

    @Test
    void toContiguousReturnsATensorItselfAndCopiesAView() {
        Tensor t = Tensor.random(DType.F64, 1, 3, 4);
        assertThat(s.toContiguous(t)).isSameAs(t);
        Tensor c = s.toContiguous(t.transpose());
        assertThat(c.shape()).containsExactly(4, 3);
        assertThat(c.storage()).isNotSameAs(t.storage());
        assertThat(Tensor.contentEquals(c, t.transpose())).isTrue();
    }

    @Test
    void transposeAndBroadcastInDimMaterialiseTheirViews() {
        Tensor t = Tensor.random(DType.C64, 2, 2, 3, 4);
        Tensor p = s.transpose(t, 2, 0, 1);
        assertThat(p.shape()).containsExactly(4, 2, 3);
        assertThat(Tensor.contentEquals(p, t.permute(2, 0, 1))).isTrue();
        Tensor col = Tensor.of(new double[] {1, 2}, 2);
        Tensor b = s.broadcastInDim(col, new long[] {2, 3}, new int[] {0});
        assertThat((double[]) b.toRowMajorArray()).containsExactly(1, 1, 1, 2, 2, 2);
    }

    @Test
    void reshapeSharesACompactTensorsStorageAndCopiesOtherwise() {
        Tensor t = Tensor.arange(DType.F64, 6);
        Tensor r = s.reshape(t, 2, 3);
        assertThat(r.storage()).isSameAs(t.storage());
        assertThat(r.getDouble(1, 2)).isEqualTo(5);
        Tensor fromView = s.reshape(t.reverse(0), 3, 2);
        assertThat(fromView.storage()).isNotSameAs(t.storage());
        assertThat(fromView.getDouble(0, 0)).isEqualTo(5);
        expectValidation(() -> s.reshape(t, 4), ValidationKind.SHAPE_MISMATCH, "reshape", "shape");
    }

    @Test
    void castIsExplicitAndLossy() {
        Tensor x = Tensor.of(new double[] {-2.7, 2.7, Double.NaN, 1e20, 0}, 5);
        assertThat(s.cast(x, DType.I32).i32Data()).containsExactly(-2, 2, 0, Integer.MAX_VALUE, 0);
        assertThat(s.cast(x, DType.BOOL).boolData()).containsExactly(true, true, true, true, false);
        Tensor z = Tensor.ofComplex(new double[] {1.5, 9}, 1);
        assertThat(s.cast(z, DType.F64).f64Data()).containsExactly(1.5);
        assertThat(s.cast(Tensor.of(new boolean[] {true, false}, 2), DType.C64).c64Data())
                .containsExactly(1, 0, 0, 0);
        long big = (1L << 53) + 1;
        assertThat(s.cast(Tensor.of(new long[] {big}, 1), DType.I64).i64Data()).containsExactly(big);
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void convertFollowsThePromotionLatticeOnly(DType from) {
        Tensor x = Tensor.ones(from, 2);
        for (DType to : DType.values()) {
            if (from.canConvertTo(to)) {
                Tensor y = s.convert(x, to);
                assertThat(y.dtype()).isEqualTo(to);
                assertThat(y.getReal(1)).isEqualTo(1);
            } else {
                var e = expectValidation(() -> s.convert(x, to), ValidationKind.DTYPE_MISMATCH, "convert", "dtype");
                assertThat(e.actual()).contains(to.name()).contains("cast");
            }
        }
    }

    @Test
    void zerosAndFillOverwriteThePooledGarbage() {
        Tensor z = s.zeros(DType.C128, 2, 2);
        assertThat(z.c128Data()).containsOnly(0.0);
        Tensor b = s.zeros(DType.BOOL, 3);
        assertThat(b.boolData()).containsOnly(false);
        TensorView half = Tensor.zeros(DType.I32, 4).slice(0, 0, 4, 2);
        s.fill(half, 7);
        assertThat(half.getLong(1)).isEqualTo(7);
    }

    @Test
    void extractAndEmbedDiagonalKeepBatchAxes() {
        Tensor t = Tensor.random(DType.F64, 4, 3, 2, 5);
        Tensor d = s.extractDiagonal(t);
        assertThat(d.shape()).containsExactly(2, 5);
        assertThat(d.getDouble(1, 4)).isEqualTo(t.getDouble(1, 1, 4));
        Tensor e = s.embedDiagonal(d);
        assertThat(e.shape()).containsExactly(2, 2, 5);
        IndexSpace.forEach(e.shape(), i -> assertThat(e.getDouble(i))
                .isEqualTo(i[0] == i[1] ? d.getDouble(i[0], i[2]) : 0.0));
        expectValidation(() -> s.embedDiagonal(Tensor.scalar(1)), ValidationKind.RANK_MISMATCH, "embedDiagonal",
                "diagonal");
    }

    @Test
    void trilAndTriuKeepTheRequestedTriangleForEveryOffset() {
        Tensor t = Tensor.random(DType.I64, 5, 4, 6, 2);
        for (int k = -5; k <= 7; k++) {
            Tensor lower = s.tril(t, k);
            Tensor upper = s.triu(t, k);
            int kk = k;
            IndexSpace.forEach(t.shape(), i -> {
                assertThat(lower.getLong(i)).isEqualTo(i[1] - i[0] <= kk ? t.getLong(i) : 0);
                assertThat(upper.getLong(i)).isEqualTo(i[1] - i[0] >= kk ? t.getLong(i) : 0);
            });
        }
        assertThat(s.tril(t, Integer.MIN_VALUE).i64Data()).containsOnly(0L);
        assertThat(s.triu(t, Integer.MAX_VALUE).i64Data()).containsOnly(0L);
        expectValidation(() -> s.tril(Tensor.zeros(DType.F64, 3), 0), ValidationKind.RANK_MISMATCH, "tril",
                "operand");
        expectValidation(() -> s.triu(Tensor.zeros(DType.F64, 3), 0), ValidationKind.RANK_MISMATCH, "triu",
                "operand");
    }

    @Test
    void broadcastCopyIntoStretchesTheSource() {
        Tensor out = Tensor.zeros(DType.F64, 2, 3);
        s.broadcastCopyInto(Tensor.of(new double[] {1, 2, 3}, 3), out);
        assertThat((double[]) out.toRowMajorArray()).containsExactly(1, 2, 3, 1, 2, 3);
        expectValidation(() -> s.broadcastCopyInto(Tensor.zeros(DType.F64, 2), out), ValidationKind.SHAPE_MISMATCH,
                "broadcastCopy", "src");
    }
}
