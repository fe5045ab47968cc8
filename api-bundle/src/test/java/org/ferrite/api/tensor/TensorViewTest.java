package org.ferrite.api.tensor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.testsupport.FakeDeviceStorage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TensorViewTest {

    // ------------------------------------------------------------------ construction

    @ParameterizedTest
    @EnumSource(DType.class)
    void viewsReadEveryDtypeThroughPositiveNegativeAndZeroStrides(DType dtype) {
        Tensor base = Tensor.random(dtype, 3, 12);
        // positive: a 3x2 matrix taking every other element, starting at 1
        TensorView pos = TensorView.of(dtype, base.storage(), new long[] {3, 2}, new long[] {2, 6}, 1);
        // negative: the same elements read backwards along both axes
        TensorView neg = TensorView.of(dtype, base.storage(), new long[] {3, 2}, new long[] {-2, -6}, 11);
        // zero: row 2 repeated 4 times
        TensorView zero = TensorView.of(dtype, base.storage(), new long[] {4, 3}, new long[] {0, 1}, 2);
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 2; j++) {
                assertSameElement(pos, new long[] {i, j}, base, 1 + 2 * i + 6 * j);
                assertSameElement(neg, new long[] {i, j}, base, 11 - 2 * i - 6 * j);
            }
        }
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 3; j++) {
                assertSameElement(zero, new long[] {i, j}, base, 2 + j);
            }
        }
        assertThat(pos.isWritable()).isTrue();
        assertThat(neg.isWritable()).isTrue();
        assertThat(zero.isWritable()).isFalse();
        assertThat(pos.storage()).isSameAs(base.storage());
        assertThat(pos.dtype()).isEqualTo(dtype);
        assertThat(neg.strides()).containsExactly(-2, -6);
        assertThat(neg.offset()).isEqualTo(11);
        assertThat(zero.size()).isEqualTo(12);
    }

    private static void assertSameElement(TensorRead view, long[] index, Tensor base, int element) {
        assertThat(view.elementOffset(index)).isEqualTo(element);
        assertThat(view.getReal(index)).isEqualTo(base.getReal(element));
        assertThat(view.getImag(index)).isEqualTo(base.getImag(element));
    }

    @Test
    void constructionRejectsElementsOutsideTheStorage() {
        double[] s = new double[10];
        ValidationException e = expectValidation(
                () -> TensorView.of(DType.F64, s, new long[] {5, 2}, new long[] {1, 5}, 1),
                ValidationKind.INVALID_ARGUMENT,
                "TensorView.of", "strides");
        assertThat(e.actual()).contains("[1, 10]");
        expectValidation(() -> TensorView.of(DType.F64, s, new long[] {5}, new long[] {-1}, 3),
                ValidationKind.INVALID_ARGUMENT, "TensorView.of", "strides");
        expectValidation(() -> TensorView.of(DType.F64, s, new long[] {1}, new long[] {1}, -1),
                ValidationKind.INVALID_ARGUMENT, "TensorView.of", "strides");
        expectValidation(() -> TensorView.of(DType.C128, s, new long[] {6}, new long[] {1}, 0),
                ValidationKind.INVALID_ARGUMENT, "TensorView.of", "strides");
        expectValidation(() -> TensorView.of(DType.F64, s, new long[] {2, 2}, new long[] {1}, 0),
                ValidationKind.RANK_MISMATCH, "TensorView.of", "strides");
        expectValidation(() -> TensorView.of(DType.F64, new int[3], new long[] {2}, new long[] {1}, 0),
                ValidationKind.DTYPE_MISMATCH, "TensorView.of", "storage");
        expectValidation(() -> TensorView.of(DType.F64, s, new long[] {-1}, new long[] {1}, 0),
                ValidationKind.INVALID_ARGUMENT, "TensorView.of", "shape");
    }

    @Test
    void anEmptyViewReachesNothingSoAnyOffsetIsAccepted() {
        TensorView v = TensorView.of(DType.F64, new double[0], new long[] {0, 5}, new long[] {1, 100}, 50);
        assertThat(v.size()).isZero();
        assertThat(v.isWritable()).isTrue();
    }

    @Test
    void viewOfAViewIsTheSameObjectAndOfATensorHasItsLayout() {
        Tensor t = Tensor.zeros(DType.F64, 2, 3);
        TensorView v = TensorView.of(t);
        assertThat(TensorView.of(v)).isSameAs(v);
        assertThat(v.shape()).containsExactly(2, 3);
        assertThat(v.strides()).containsExactly(1, 2);
        assertThat(v.storage()).isSameAs(t.storage());
    }

    @Test
    void writabilityRequiresDistinctIndicesToReachDistinctSlots() {
        double[] s = new double[16];
        assertThat(TensorView.of(DType.F64, s, new long[] {3, 3}, new long[] {1, 1}, 0).isWritable()).isFalse();
        assertThat(TensorView.of(DType.F64, s, new long[] {2, 2}, new long[] {2, 1}, 0).isWritable()).isTrue();
        assertThat(TensorView.of(DType.F64, s, new long[] {2, 3}, new long[] {2, 1}, 0).isWritable()).isFalse();
        assertThat(TensorView.of(DType.F64, s, new long[] {2, 3}, new long[] {3, 1}, 0).isWritable()).isTrue();
        assertThat(TensorView.of(DType.F64, s, new long[] {1, 4}, new long[] {0, 3}, 0).isWritable()).isTrue();
        assertThat(TensorView.of(DType.F64, s, new long[] {4, 2}, new long[] {-1, 4}, 3).isWritable()).isTrue();
        assertThat(TensorView.of(DType.F64, s, new long[0], new long[0], 7).isWritable()).isTrue();
    }

    // ------------------------------------------------------------------ layout operations

    @Test
    void permuteReordersAxesAndTransposeReversesThem() {
        Tensor t = Tensor.random(DType.F64, 1, 2, 3, 4);
        TensorView p = t.permute(2, 0, 1);
        assertThat(p.shape()).containsExactly(4, 2, 3);
        assertThat(p.strides()).containsExactly(6, 1, 2);
        assertThat(p.getDouble(3, 1, 2)).isEqualTo(t.getDouble(1, 2, 3));
        TensorView tt = t.transpose();
        assertThat(tt.shape()).containsExactly(4, 3, 2);
        assertThat(tt.getDouble(3, 2, 1)).isEqualTo(t.getDouble(1, 2, 3));
        assertThat(Tensor.scalar(1).transpose().rank()).isZero();
        assertThat(expectValidation(() -> t.permute(0, 0, 1), ValidationKind.INVALID_ARGUMENT, "permute", "perm")
                .axis()).isZero();
        expectValidation(() -> t.permute(0, 1), ValidationKind.INVALID_ARGUMENT, "permute", "perm");
        expectValidation(() -> t.permute(0, 1, 3), ValidationKind.AXIS_OUT_OF_BOUNDS, "permute", "perm");
    }

    @Test
    void sliceWithPositiveStepTakesEveryStepthIndexBeforeStop() {
        Tensor t = Tensor.arange(DType.F64, 10);
        assertThat(values(t.slice(0, 1, 8, 3))).containsExactly(1, 4, 7);
        assertThat(values(t.slice(0, 1, 7, 3))).containsExactly(1, 4);
        assertThat(values(t.slice(0, 0, 10, 1))).hasSize(10);
        assertThat(values(t.slice(0, 4, 4, 1))).isEmpty();
        assertThat(values(t.slice(0, 10, 10, 2))).isEmpty();
        assertThat(t.slice(0, 2, 9, 2).strides()).containsExactly(2);
        assertThat(t.slice(0, 2, 9, 2).offset()).isEqualTo(2);
    }

    @Test
    void sliceWithNegativeStepWalksBackwardsAfterStop() {
        Tensor t = Tensor.arange(DType.F64, 10);
        assertThat(values(t.slice(0, 9, -1, -1))).containsExactly(9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
        assertThat(values(t.slice(0, 8, 1, -3))).containsExactly(8, 5, 2);
        assertThat(values(t.slice(0, 5, 5, -1))).isEmpty();
        assertThat(values(Tensor.zeros(DType.F64, 0).slice(0, -1, -1, -1))).isEmpty();
        TensorView v = t.slice(0, 8, 1, -3);
        assertThat(v.strides()).containsExactly(-3);
        assertThat(v.isWritable()).isTrue();
    }

    @Test
    void sliceWithAStepLargerThanTheExtentTakesOneElement() {
        Tensor t = Tensor.arange(DType.F64, 10);
        assertThat(values(t.slice(0, 3, 10, Integer.MAX_VALUE))).containsExactly(3);
        assertThat(values(t.slice(0, 6, -1, Integer.MIN_VALUE))).containsExactly(6);
        Tensor m = Tensor.zeros(DType.F64, 3, 1000);
        assertThat(m.slice(1, 0, 1000, 1 << 30).shape()).containsExactly(3, 1);
    }

    @Test
    void sliceRejectsBadAxisStepAndBounds() {
        Tensor t = Tensor.zeros(DType.F64, 4, 5);
        expectValidation(() -> t.slice(2, 0, 1, 1), ValidationKind.AXIS_OUT_OF_BOUNDS, "slice", "axis");
        expectValidation(() -> t.slice(0, 0, 1, 0), ValidationKind.INVALID_ARGUMENT, "slice", "step");
        ValidationException e = expectValidation(() -> t.slice(1, 2, 6, 1), ValidationKind.INVALID_ARGUMENT, "slice",
                "start/stop");
        assertThat(e.axis()).isEqualTo(1);
        expectValidation(() -> t.slice(1, 3, 2, 1), ValidationKind.INVALID_ARGUMENT, "slice", "start/stop");
        expectValidation(() -> t.slice(1, 5, 2, -1), ValidationKind.INVALID_ARGUMENT, "slice", "start/stop");
        expectValidation(() -> t.slice(1, 2, 3, -1), ValidationKind.INVALID_ARGUMENT, "slice", "start/stop");
    }

    @Test
    void reverseNegatesStridesAndMovesTheOffsetToTheLastElement() {
        Tensor t = Tensor.random(DType.C64, 5, 3, 4);
        TensorView r = t.reverse(0, 1);
        assertThat(r.strides()).containsExactly(-1, -3);
        assertThat(r.offset()).isEqualTo(11);
        assertThat(r.getImag(0, 0)).isEqualTo(t.getImag(2, 3));
        assertThat(r.reverse(1, 0).elementOffset(1, 2)).isEqualTo(t.elementOffset(1, 2));
        TensorView empty = Tensor.zeros(DType.F64, 0, 3).reverse(0);
        assertThat(empty.size()).isZero();
        assertThat(t.reverse().strides()).containsExactly(1, 3);
        expectValidation(() -> t.reverse(2), ValidationKind.AXIS_OUT_OF_BOUNDS, "reverse", "axes");
        assertThat(expectValidation(() -> t.reverse(1, 1), ValidationKind.INVALID_ARGUMENT, "reverse", "axes").axis())
                .isEqualTo(1);
    }

    @Test
    void broadcastToRepeatsExtentOneAndMissingLeadingAxesWithStrideZero() {
        Tensor row = Tensor.of(new double[] {1, 2, 3}, 1, 3);
        TensorView b = row.broadcastTo(2, 4, 3);
        assertThat(b.shape()).containsExactly(2, 4, 3);
        assertThat(b.strides()).containsExactly(0, 0, 1);
        assertThat(b.getDouble(1, 3, 2)).isEqualTo(3);
        assertThat(b.isWritable()).isFalse();
        assertThat(Tensor.scalar(5).broadcastTo(2, 2).getDouble(1, 1)).isEqualTo(5);
        assertThat(row.broadcastTo(1, 3).isWritable()).isTrue();
        assertThat(Tensor.zeros(DType.F64, 1).broadcastTo(0).size()).isZero();
    }

    @Test
    void broadcastToRejectsIncompatibleShapes() {
        Tensor t = Tensor.zeros(DType.F64, 2, 3);
        ValidationException e = expectValidation(() -> t.broadcastTo(2, 4), ValidationKind.SHAPE_MISMATCH,
                "broadcastTo", "operand");
        assertThat(e.axis()).isEqualTo(1);
        assertThat(e.expected()).isEqualTo("extent 4");
        assertThat(e.actual()).isEqualTo("extent 3");
        expectValidation(() -> t.broadcastTo(3), ValidationKind.RANK_MISMATCH, "broadcastTo", "shape");
        expectValidation(() -> Tensor.zeros(DType.F64, 0).broadcastTo(2), ValidationKind.SHAPE_MISMATCH,
                "broadcastTo", "operand");
    }

    @Test
    void broadcastInDimAcceptsTheResultAxesInAnyOrderAndUnsortedDimsTranspose() {
        Tensor m = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        TensorView t = m.broadcastInDim(new long[] {3, 2}, new int[] {1, 0});
        assertThat(t.strides()).containsExactly(m.transpose().strides());
        assertThat(Tensor.contentEquals(t, m.transpose())).isTrue();
        TensorView b = m.broadcastInDim(new long[] {3, 4, 2}, new int[] {2, 0});
        assertThat(b.strides()).containsExactly(2, 0, 1);
        assertThat(b.getDouble(2, 3, 1)).isEqualTo(m.getDouble(1, 2));
    }

    @Test
    void reshapeRowMajorViewsFollowCOrderAndRefuseLayoutsThatNeedACopy() {
        Tensor c = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        TensorView rowMajor = TensorView.of(DType.F64, new double[] {1, 2, 3, 4, 5, 6}, new long[] {2, 3},
                new long[] {3, 1}, 0);
        TensorView r = rowMajor.reshapeRowMajor(3, 2);
        assertThat((double[]) r.toRowMajorArray()).containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(r.storage()).isSameAs(rowMajor.storage());
        Tensor v = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 6);
        TensorView m = v.reshapeRowMajor(2, 3);
        assertThat(m.strides()).containsExactly(3, 1);
        assertThat((double[]) m.toRowMajorArray()).containsExactly(1, 2, 3, 4, 5, 6);
        expectValidation(() -> c.reshapeRowMajor(6), ValidationKind.INVALID_ARGUMENT, "reshapeRowMajor", "operand");
        expectValidation(() -> c.reshapeRowMajor(4), ValidationKind.SHAPE_MISMATCH, "reshapeRowMajor", "shape");
    }

    @Test
    void toTensorSharesTheStorageOfACompactViewAndCopiesAnyOther() {
        Tensor t = Tensor.of(new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        assertThat(t.toTensor()).isSameAs(t);
        Tensor r = t.reshape(3, 2).toTensor();
        assertThat(r.storage()).isSameAs(t.storage());
        assertThat(r.shape()).containsExactly(3, 2);
        r.set(60, 2, 1);
        assertThat(t.getDouble(1, 2)).isEqualTo(60);
        Tensor copied = t.transpose().toTensor();
        assertThat(copied.storage()).isNotSameAs(t.storage());
        assertThat(Tensor.contentEquals(copied, t.transpose())).isTrue();
        Tensor offset = t.slice(1, 1, 3, 1).toTensor(); // compact, but not from element 0
        assertThat(offset.storage()).isNotSameAs(t.storage());
        assertThat(Tensor.contentEquals(offset, t.slice(1, 1, 3, 1))).isTrue();
    }

    @Test
    void broadcastInDimPlacesOperandAxesAtTheGivenResultAxes() {
        Tensor col = Tensor.of(new double[] {1, 2}, 2);
        TensorView b = col.broadcastInDim(new long[] {2, 3}, new int[] {0});
        assertThat(b.strides()).containsExactly(1, 0);
        assertThat(b.getDouble(1, 2)).isEqualTo(2);
        TensorView c = col.broadcastInDim(new long[] {3, 2}, new int[] {1});
        assertThat(c.getDouble(2, 1)).isEqualTo(2);
        expectValidation(() -> col.broadcastInDim(new long[] {2, 3}, new int[] {0, 1}), ValidationKind.RANK_MISMATCH,
                "broadcastInDim", "dims");
        expectValidation(() -> col.broadcastInDim(new long[] {2, 3}, new int[] {2}), ValidationKind.AXIS_OUT_OF_BOUNDS,
                "broadcastInDim", "dims");
        Tensor m = Tensor.zeros(DType.F64, 2, 2);
        expectValidation(() -> m.broadcastInDim(new long[] {2, 2, 2}, new int[] {1, 1}),
                ValidationKind.INVALID_ARGUMENT,
                "broadcastInDim", "dims");
        expectValidation(() -> col.broadcastInDim(new long[] {3, 3}, new int[] {0}), ValidationKind.SHAPE_MISMATCH,
                "broadcastInDim", "operand");
    }

    @Test
    void reshapeOfACompactLayoutIsAView() {
        Tensor t = Tensor.arange(DType.F64, 24);
        TensorView r = t.reshape(2, 3, 4);
        assertThat(r.strides()).containsExactly(1, 2, 6);
        assertThat(r.storage()).isSameAs(t.storage());
        assertThat(r.getDouble(1, 2, 3)).isEqualTo(1 + 2 * 2 + 3 * 6);
        assertThat(r.reshape(6, 4).getDouble(5, 3)).isEqualTo(23);
        assertThat(t.reshape(1, 24, 1).strides()[1]).isEqualTo(1);
        assertThat(Tensor.scalar(3).reshape(1, 1).getDouble(0, 0)).isEqualTo(3);
        assertThat(Tensor.zeros(DType.F64, 1, 1).reshape().rank()).isZero();
    }

    @Test
    void reshapeSplitsAndMergesStridedAxesWhereTheLayoutAllows() {
        Tensor t = Tensor.arange(DType.F64, 48).reshape(4, 12).copy();
        // every other column: shape [4, 6], strides [1, 8]
        TensorView cols = t.slice(1, 0, 12, 2);
        TensorView split = cols.reshape(2, 2, 3, 2);
        assertThat(split.strides()).containsExactly(1, 2, 8, 24);
        assertThat(split.getDouble(1, 1, 2, 1)).isEqualTo(cols.getDouble(3, 5));
        ValidationException e = expectValidation(() -> cols.reshape(24), ValidationKind.INVALID_ARGUMENT, "reshape",
                "operand");
        assertThat(e.getMessage()).contains("copy()");
        expectValidation(() -> t.transpose().reshape(48), ValidationKind.INVALID_ARGUMENT, "reshape", "operand");
        TensorView reversed = Tensor.arange(DType.F64, 6).reverse(0).reshape(2, 3);
        assertThat(reversed.getDouble(1, 2)).isEqualTo(0);
        assertThat(reversed.getDouble(0, 0)).isEqualTo(5);
    }

    @Test
    void reshapeRejectsADifferentElementCount() {
        ValidationException e = expectValidation(() -> Tensor.zeros(DType.F64, 2, 3).reshape(4, 2),
                ValidationKind.SHAPE_MISMATCH, "reshape", "shape");
        assertThat(e.expectedShape()).containsExactly(2, 3);
        assertThat(e.actualShape()).containsExactly(4, 2);
        expectValidation(() -> Tensor.zeros(DType.F64, 2, 3).reshape(-2, -3), ValidationKind.INVALID_ARGUMENT,
                "reshape", "shape");
    }

    @Test
    void reshapeOfAnEmptyTensorIsAlwaysAView() {
        TensorView v = Tensor.zeros(DType.F64, 0, 3).transpose().reshape(2, 0, 5);
        assertThat(v.shape()).containsExactly(2, 0, 5);
        assertThat(v.size()).isZero();
    }

    @Test
    void diagonalOfTheLeadingAxesKeepsBatchAxes() {
        Tensor t = Tensor.random(DType.C128, 9, 3, 2, 4);
        TensorView d = t.diagonal();
        assertThat(d.shape()).containsExactly(2, 4);
        assertThat(d.strides()).containsExactly(4, 6);
        for (int i = 0; i < 2; i++) {
            for (int b = 0; b < 4; b++) {
                assertThat(d.getReal(i, b)).isEqualTo(t.getReal(i, i, b));
                assertThat(d.getImag(i, b)).isEqualTo(t.getImag(i, i, b));
            }
        }
        assertThat(d.isWritable()).isTrue();
        assertThat(Tensor.zeros(DType.F64, 0, 5).diagonal().shape()).containsExactly(0);
        expectValidation(() -> Tensor.zeros(DType.F64, 3).diagonal(), ValidationKind.RANK_MISMATCH, "diagonal",
                "operand");
        assertThat(t.diagonal(0, 1).strides()).containsExactly(d.strides());
    }

    @Test
    void diagonalOfAnyAxisPairTakesNumPysOffsetAndReplacesAxis1() {
        // a[i, j] = 10·i + j, 3×4
        Tensor a = Tensor.zeros(DType.I64, 3, 4);
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 4; j++) {
                a.setLong(10 * i + j, i, j);
            }
        }
        assertThat(longs(a.diagonal(0, 1, 0))).containsExactly(0, 11, 22);
        assertThat(longs(a.diagonal(0, 1, 1))).containsExactly(1, 12, 23); // above: (i, i + 1)
        assertThat(longs(a.diagonal(0, 1, 3))).containsExactly(3);
        assertThat(longs(a.diagonal(0, 1, -1))).containsExactly(10, 21); // below: (i + 1, i)
        assertThat(a.diagonal(0, 1, 4).shape()).containsExactly(0);
        assertThat(a.diagonal(0, 1, -3).shape()).containsExactly(0);
        assertThat(a.diagonal(0, 1, Long.MAX_VALUE).shape()).containsExactly(0);
        assertThat(a.diagonal(0, 1, Long.MIN_VALUE).shape()).containsExactly(0);
        // the pair (1, 0): element i is (i + k along axis 1, i along axis 0) for k >= 0, as NumPy
        assertThat(longs(a.diagonal(1, 0, 1))).containsExactly(10, 21);
        assertThat(longs(a.diagonal(1, 0, -1))).containsExactly(1, 12, 23);
        // rank 3: the diagonal axis replaces axis1, axis2 is removed, the others keep their order
        Tensor b = Tensor.random(DType.F64, 7, 2, 5, 3);
        TensorView d = b.diagonal(2, 0);
        assertThat(d.shape()).containsExactly(5, 2);
        assertThat(d.getDouble(4, 1)).isEqualTo(b.getDouble(1, 4, 1));
        TensorView e = b.diagonal(0, 2, -1); // (i + 1, ·, i)
        assertThat(e.shape()).containsExactly(1, 5);
        assertThat(e.getDouble(0, 3)).isEqualTo(b.getDouble(1, 3, 0));
        assertThat(d.storage()).isSameAs(b.storage());
        expectValidation(() -> b.diagonal(1, 1), ValidationKind.INVALID_ARGUMENT, "diagonal", "axis2");
        expectValidation(() -> b.diagonal(3, 0), ValidationKind.AXIS_OUT_OF_BOUNDS, "diagonal", "axis1");
        expectValidation(() -> b.diagonal(0, -4), ValidationKind.AXIS_OUT_OF_BOUNDS, "diagonal", "axis2");
        assertThat(b.diagonal(-1, -3).getDouble(4, 1)).isEqualTo(d.getDouble(4, 1)); // negative axes: (2, 0)
    }

    private static long[] longs(TensorRead v) {
        long[] out = new long[(int) v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.getLong(i);
        }
        return out;
    }

    @Test
    void columnMajorContiguityIgnoresExtentOneAxesAndEmptyViews() {
        assertThat(Tensor.zeros(DType.F64, 2, 3).isColumnMajorContiguous()).isTrue();
        assertThat(Tensor.zeros(DType.F64, 2, 3).transpose().isColumnMajorContiguous()).isFalse();
        assertThat(Tensor.zeros(DType.F64, 1, 3).transpose().isColumnMajorContiguous()).isTrue();
        assertThat(Tensor.zeros(DType.F64, 4, 3).slice(0, 1, 3, 1).isColumnMajorContiguous()).isFalse();
        assertThat(Tensor.zeros(DType.F64, 4, 3).slice(1, 1, 3, 1).isColumnMajorContiguous()).isTrue();
        assertThat(TensorView.of(DType.F64, new double[1], new long[] {2, 0}, new long[] {5, 1}, 0)
                .isColumnMajorContiguous()).isTrue();
        assertThat(TensorView.of(DType.F64, new double[1], new long[] {0, 3}, new long[] {1, 1}, 0)
                .isColumnMajorContiguous()).isTrue();
    }

    @Test
    void viewsOverDeviceStorageValidateAgainstItsCapacity() {
        var storage = new FakeDeviceStorage(new Placement(DeviceKind.CUDA, 0), 6);
        TensorView v = TensorView.of(DType.F64, storage, new long[] {2, 3}, new long[] {3, 1}, 0);
        assertThat(v.placement().device()).isEqualTo(DeviceKind.CUDA);
        assertThat(v.transpose().shape()).containsExactly(3, 2);
        expectValidation(() -> TensorView.of(DType.F64, storage, new long[] {7}, new long[] {1}, 0),
                ValidationKind.INVALID_ARGUMENT, "TensorView.of", "strides");
    }

    static double[] values(TensorRead v) {
        double[] out = new double[(int) v.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = v.getDouble(i);
        }
        return out;
    }
}
