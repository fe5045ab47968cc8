package org.ferrite.cpu.internal.kernel.stride;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.junit.jupiter.api.Test;

class StridedLayoutTest {

    /** Every (pos0, pos1) pair the layout visits, in order. */
    private static List<String> walk(StridedLayout l) {
        List<String> visits = new ArrayList<>();
        l.reset();
        do {
            for (int i = 0; i < l.innerExtent(); i++) {
                visits.add((l.pos(0) + i * l.innerStride(0)) + ":" + (l.pos(1) + i * l.innerStride(1)));
            }
        } while (l.next());
        return visits;
    }

    private static StridedLayout pair(TensorRead out, TensorRead in) {
        return new StridedLayout().begin(out, 2).operand(0, out, 1).operand(1, in, 1);
    }

    @Test
    void compactOperandsCoalesceToOneAxis() {
        Tensor a = Tensor.zeros(DType.F64, 3, 4, 5);
        StridedLayout l = pair(a, a);
        assertThat(l.finish(0)).isTrue();
        assertThat(l.rank()).isEqualTo(1);
        assertThat(l.innerExtent()).isEqualTo(60);
        assertThat(l.innerStride(0)).isEqualTo(1);
        assertThat(l.size()).isEqualTo(60);
    }

    @Test
    void aTransposedInputKeepsTwoAxesOrderedByTheOutput() {
        Tensor out = Tensor.zeros(DType.F64, 3, 4);
        TensorRead in = Tensor.zeros(DType.F64, 4, 3).transpose();
        StridedLayout l = pair(out, in);
        l.finish(0);
        assertThat(l.rank()).isEqualTo(2);
        assertThat(l.innerStride(0)).isEqualTo(1);
        assertThat(l.innerStride(1)).isEqualTo(4);
        assertThat(walk(l)).startsWith("0:0", "1:4", "2:8", "3:1");
    }

    @Test
    void negativeStridesAreFlippedWithoutChangingThePairing() {
        Tensor base = Tensor.zeros(DType.F64, 3, 2);
        TensorRead reversedOut = base.reverse(0, 1);
        Tensor in = Tensor.zeros(DType.F64, 3, 2);
        StridedLayout l = pair(reversedOut, in);
        l.finish(0);
        assertThat(l.rank()).isEqualTo(1);
        assertThat(l.innerStride(0)).isEqualTo(1);
        assertThat(l.innerStride(1)).isEqualTo(-1);
        // out element (i, j) lives at 5 - (i + 3j); input (i, j) at i + 3j: they must still pair up
        assertThat(walk(l)).containsExactly("0:5", "1:4", "2:3", "3:2", "4:1", "5:0");
    }

    @Test
    void broadcastAxesMergeAndExtentOneAxesDisappear() {
        Tensor out = Tensor.zeros(DType.F64, 4, 1, 6);
        TensorRead in = Tensor.zeros(DType.F64, 1, 1, 1).broadcastTo(4, 1, 6);
        StridedLayout l = pair(out, in);
        l.finish(0);
        assertThat(l.rank()).isEqualTo(1);
        assertThat(l.innerExtent()).isEqualTo(24);
        assertThat(l.innerStride(1)).isZero();
    }

    @Test
    void lanesScaleStridesAndALaneAxisMergesIntoCompactRuns() {
        Tensor c = Tensor.zeros(DType.C128, 3, 2);
        StridedLayout l = new StridedLayout().begin(c, 2).operand(0, c, 2).operand(1, c, 2);
        int lane = l.appendAxis(2);
        l.stride(0, lane, 1).stride(1, lane, 1);
        l.finish(0);
        assertThat(l.rank()).isEqualTo(1);
        assertThat(l.innerExtent()).isEqualTo(12);
    }

    @Test
    void emptyAndScalarIndexSpaces() {
        Tensor empty = Tensor.zeros(DType.F64, 3, 0);
        StridedLayout l = pair(empty, empty);
        assertThat(l.finish(0)).isFalse();
        assertThat(l.isEmpty()).isTrue();
        assertThat(l.size()).isZero();

        Tensor scalar = Tensor.zeros(DType.F64);
        StridedLayout s = pair(scalar, scalar);
        assertThat(s.finish(0)).isTrue();
        assertThat(walk(s)).containsExactly("0:0");
    }

    @Test
    void restrictingTheOutermostAxisVisitsExactlyThatShare() {
        Tensor out = Tensor.zeros(DType.F64, 4, 5);
        TensorRead in = Tensor.zeros(DType.F64, 5, 4).transpose();
        StridedLayout l = pair(out, in);
        l.finish(0);
        List<String> all = walk(l);
        List<String> parts = new ArrayList<>();
        parts.addAll(walk(l.restrictOutermost(0, 2)));
        parts.addAll(walk(l.restrictOutermost(2, 5)));
        assertThat(parts).isEqualTo(all);
        assertThat(l.restrictOutermost(2, 5).size()).isEqualTo(12);
    }

    @Test
    void layoutsGrowBeyondTheirInitialRank() {
        long[] shape = new long[12];
        java.util.Arrays.fill(shape, 2);
        Tensor a = Tensor.zeros(DType.F32, shape);
        TensorRead t = a.transpose();
        Tensor out = Tensor.zeros(DType.F32, shape);
        StridedLayout l = pair(out, t);
        l.finish(0);
        assertThat(l.size()).isEqualTo(4096);
        assertThat(walk(l)).hasSize(4096);
    }
}
