package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.PadConfig;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.session.SliceConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.Indices;
import org.ferrite.testkit.oracle.Layout;
import org.ferrite.testkit.oracle.Oracle;
import org.ferrite.testkit.oracle.Tolerance;
import org.ferrite.testkit.oracle.Values;
import org.ferrite.testkit.oracle.Values.Domain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Conformance of the indexing hooks ({@code gatherInto}, {@code scatterInto}, StableHLO semantics) and
 * the indexing defaults (slice, dynamic slices, pad, concatenate, reverse, takeAlongAxis): hand-computed
 * cases, random operands of every dtype over {@link Layout}s against per-case formulas, clamping of gather
 * starts, skipping of scatter windows that fall outside the operand, duplicate scatter indices.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class IndexingConformance extends ProviderConformance {
    /** Gathers whole rows: {@code out[i, j] = operand[clamp(idx[i]), j]}. */
    private static final GatherConfig ROWS = GatherConfig.builder().offsetDims(1).collapsedSliceDims(0)
            .startIndexMap(0).indexVectorDim(1).sliceSizes(1, 3).build();

    /** For subclasses. */
    protected IndexingConformance() {
    }

    private static ScatterConfig rowScatter(ScatterMode mode) {
        return ScatterConfig.builder().updateWindowDims(1).insertedWindowDims(0).scatterDimsToOperandDims(0)
                .indexVectorDim(1).mode(mode).build();
    }

    @Test
    void gatherOfRowsIsHandComputable() {
        Tensor operand = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, 3);
        Tensor idx = Tensor.of(new int[] {2, 0, 7, -4}, 4);
        Tensor out = inSession((s, m) -> s.gather(m.of(operand), m.of(idx), ROWS));
        assertThat(out.toRowMajorArray()).isEqualTo(new double[] {7, 8, 9, 1, 2, 3, 7, 8, 9, 1, 2, 3});
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void gatherAndTakeAlongAxisMatchTheirFormulasOverLayouts(DType d) {
        Tensor operand = Values.random(d, 301, Domain.ANY, 4, 3);
        SplittableRandom rnd = new SplittableRandom(302);
        Tensor idx = Tensor.zeros(DType.I64, 5);
        Indices.forEach(idx.shape(), i -> idx.setLong(rnd.nextInt(4), i));
        TensorRead lo = Layout.TRANSPOSED.of(operand);
        TensorView out = Layout.NEGATIVE_STRIDES.of(Tensor.zeros(d, 5, 3));
        TensorRead stridedIdx = Layout.STRIDED.of(idx);
        inSession((s, m) -> {
            s.gatherInto(m.of(lo), m.of(stridedIdx), ROWS, m.of(out));
            return null;
        });
        Tensor want = Tensor.zeros(d, 5, 3);
        Indices.forEach(want.shape(), i -> Values.copy(operand, new long[] {idx.getLong(i[0]), i[1]}, want, i));
        Tolerance.assertClose("gather rows", out.copy(), want, 0, 0);

        Tensor along = Tensor.zeros(DType.I32, 2, 3);
        Indices.forEach(along.shape(), i -> along.setLong(rnd.nextInt(4), i));
        TensorRead stridedOperand = Layout.STRIDED.of(operand);
        Tensor taken = inSession((s, m) -> s.takeAlongAxis(m.of(stridedOperand), m.of(along), 0));
        Tensor wantTaken = Tensor.zeros(d, 2, 3);
        Indices.forEach(wantTaken.shape(), i -> Values.copy(operand, new long[] {along.getLong(i), i[1]},
                wantTaken, i));
        Tolerance.assertClose("takeAlongAxis", taken, wantTaken, 0, 0);
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"I32", "I64", "F32", "F64", "C64", "C128"})
    void scatterAddAccumulatesDuplicateIndices(DType d) {
        Tensor operand = Values.random(d, 311, Domain.ANY, 4, 3);
        Tensor updates = Values.random(d, 312, Domain.ANY, 6, 3);
        Tensor idx = Tensor.of(new int[] {1, 3, 1, 0, 1, 3}, 6);
        Tensor out = Layout.STRIDED.of(operand).copy();
        TensorView target = Layout.STRIDED.of(operand);
        TensorRead transposed = Layout.TRANSPOSED.of(operand);
        TensorRead reversedUpdates = Layout.NEGATIVE_STRIDES.of(updates);
        inSession((s, m) -> {
            s.scatterInto(m.of(transposed), m.of(idx), m.of(reversedUpdates), rowScatter(ScatterMode.ADD),
                    m.of(target));
            return null;
        });
        for (int u = 0; u < 6; u++) {
            for (int j = 0; j < 3; j++) {
                long[] oi = {idx.i32Data()[u], j};
                Oracle.write(out, oi, Oracle.binary(org.ferrite.api.session.BinaryOp.ADD, d, Oracle.read(out, oi),
                        Oracle.read(updates, new long[] {u, j})));
            }
        }
        Tolerance.assertClose("scatter add", target.copy(), out);
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void scatterReplaceWritesUniqueRowsAndLeavesTheOperandOfTheAllocatingFormAlone(DType d) {
        Tensor operand = Values.random(d, 321, Domain.ANY, 4, 3);
        Tensor before = operand.copy();
        Tensor updates = Values.random(d, 322, Domain.ANY, 2, 3);
        Tensor idx = Tensor.of(new long[] {3, 0}, 2);
        Tensor out = inSession((s, m) -> s.scatter(m.of(operand), m.of(idx), m.of(updates),
                rowScatter(ScatterMode.REPLACE)));
        Tensor want = before.copy();
        for (int j = 0; j < 3; j++) {
            Values.copy(updates, new long[] {0, j}, want, new long[] {3, j});
            Values.copy(updates, new long[] {1, j}, want, new long[] {0, j});
        }
        Tolerance.assertClose("scatter replace", out, want, 0, 0);
        Tolerance.assertClose("operand", operand, before, 0, 0);
    }

    @Test
    void scatterMaxKeepsTheLargerValue() {
        Tensor operand = Tensor.fromRowMajor(DType.F64, new double[] {1, 5, 3, 0, 0, 0}, 2, 3);
        Tensor updates = Tensor.fromRowMajor(DType.F64, new double[] {4, 4, 4}, 1, 3);
        Tensor row0 = Tensor.of(new int[] {0}, 1);
        Tensor out = inSession((s, m) -> s.scatter(m.of(operand), m.of(row0), m.of(updates),
                rowScatter(ScatterMode.MAX)));
        assertThat(out.toRowMajorArray()).isEqualTo(new double[] {4, 5, 4, 0, 0, 0});
    }

    @Test
    void scatterModesFollowTheirBinaryOpDomainsAndScatterMayRunInPlace() {
        Tensor complex = Tensor.zeros(DType.C128, 2, 3);
        Tensor row0 = Tensor.of(new int[] {0}, 1);
        Tensor complexRow = Tensor.zeros(DType.C128, 1, 3);
        assertThatThrownBy(() -> inSession((s, m) -> s.scatter(m.of(complex), m.of(row0), m.of(complexRow),
                rowScatter(ScatterMode.MAX)))).isInstanceOf(UnsupportedOpException.class);
        Tensor flags = Tensor.fromRowMajor(DType.BOOL, new boolean[] {false, true, false, false, false, true}, 2, 3);
        Tensor set = Tensor.fromRowMajor(DType.BOOL, new boolean[] {true, false, false}, 1, 3);
        inSession((s, m) -> {
            Tensor there = m.of(flags);
            s.scatterInto(there, m.of(row0), m.of(set), rowScatter(ScatterMode.ADD), there);
            return null;
        });
        assertThat(flags.toRowMajorArray()).as("BOOL add is or, in place")
                .isEqualTo(new boolean[] {true, true, false, false, false, true});
    }

    @Test
    void scatterSkipsAWindowThatFallsOutsideTheOperand() {
        Tensor operand = Tensor.zeros(DType.F64, 4, 2);
        // updates [scatter 2, window 2 rows, window 2 columns]: windows start at row 1 (fits) and row 3 (does not)
        ScatterConfig blocks = ScatterConfig.builder().updateWindowDims(1, 2).scatterDimsToOperandDims(0)
                .indexVectorDim(1).mode(ScatterMode.REPLACE).build();
        Tensor idx = Tensor.of(new int[] {1, 3}, 2, 1);
        Tensor updates = Tensor.ones(DType.F64, 2, 2, 2);
        Tensor out = inSession((s, m) -> s.scatter(m.of(operand), m.of(idx), m.of(updates), blocks));
        assertThat(out.toRowMajorArray()).isEqualTo(new double[] {0, 0, 1, 1, 1, 1, 0, 0});
    }

    @Test
    void indicesMustBeIntegers() {
        Tensor operand = Tensor.zeros(DType.F64, 3, 3);
        Tensor floatingIndices = Tensor.zeros(DType.F64, 2);
        assertThatThrownBy(() -> inSession((s, m) -> s.gather(m.of(operand), m.of(floatingIndices), ROWS)))
                .isInstanceOfSatisfying(ValidationException.class,
                        e -> assertThat(e.validationKind()).isEqualTo(ValidationKind.DTYPE_MISMATCH));
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"BOOL", "I32", "F64", "C64"})
    void slicesPadsConcatenationAndReversalMatchTheirFormulas(DType d) {
        Tensor x = Values.random(d, 331, Domain.ANY, 5, 4);
        TensorRead lx = Layout.STRIDED.of(x);
        Tensor sliced = inSession((s, m) -> s.slice(m.of(lx), SliceConfig.of(new long[] {1, 0}, new long[] {5, 4},
                new long[] {2, 3})));
        assertThat(sliced.shape()).containsExactly(2, 2);
        Indices.forEach(sliced.shape(), i -> assertThat(Oracle.read(sliced, i))
                .isEqualTo(Oracle.read(x, new long[] {1 + 2 * i[0], 3 * i[1]})));
        Tensor dyn = inSession((s, m) -> s.dynamicSlice(m.of(lx), new long[] {4, -1}, new long[] {2, 2}));
        Indices.forEach(dyn.shape(), i -> assertThat(Oracle.read(dyn, i))
                .isEqualTo(Oracle.read(x, new long[] {3 + i[0], i[1]}))); // starts clamped to (3, 0)
        Tensor block = Values.random(d, 332, Domain.ANY, 2, 2);
        Tensor updated = inSession((s, m) -> s.dynamicUpdateSlice(m.of(lx), m.of(block), new long[] {1, 9}));
        Indices.forEach(x.shape(), i -> {
            boolean in = i[0] >= 1 && i[0] < 3 && i[1] >= 2;
            assertThat(Oracle.read(updated, i)).isEqualTo(in ? Oracle.read(block, new long[] {i[0] - 1, i[1] - 2})
                    : Oracle.read(x, i));
        });
        Tensor reversed = inSession((s, m) -> s.reverse(m.of(lx), 1));
        Indices.forEach(x.shape(), i -> assertThat(Oracle.read(reversed, i))
                .isEqualTo(Oracle.read(x, new long[] {i[0], 3 - i[1]})));
        Tensor right = Values.random(d, 333, Domain.ANY, 5, 2);
        TensorRead transposedRight = Layout.TRANSPOSED.of(right);
        Tensor joined = inSession((s, m) -> s.concatenate(1, m.of(lx), m.of(transposedRight)));
        assertThat(joined.shape()).containsExactly(5, 6);
        Indices.forEach(joined.shape(), i -> assertThat(Oracle.read(joined, i)).isEqualTo(i[1] < 4
                ? Oracle.read(x, i) : Oracle.read(right, new long[] {i[0], i[1] - 4})));
    }

    @Test
    void padIsHandComputable() {
        Tensor x = Tensor.of(new double[] {1, 2, 3}, 3);
        Tensor nine = Tensor.scalar(9);
        Tensor p = inSession((s, m) -> s.pad(m.of(x), m.of(nine), PadConfig.of(new long[] {2}, new long[] {-1},
                new long[] {1})));
        assertThat(p.f64Data()).containsExactly(9, 9, 1, 9, 2, 9);
        Tensor four = Tensor.of(new double[] {4}, 1);
        Tensor joined = inSession((s, m) -> s.concatenate(0, m.of(x), m.of(four)));
        assertThat(joined.f64Data()).containsExactly(1, 2, 3, 4);
    }
}
