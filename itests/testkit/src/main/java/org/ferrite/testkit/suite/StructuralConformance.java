package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;

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
 * Conformance of the structural hooks ({@code copyInto}, {@code castInto}) over every dtype and
 * {@link Layout} (including zero-stride broadcast sources), every dtype pair of the cast with its
 * special values (NaN, infinities, saturation, truncation toward zero), and the layout defaults built
 * on them (transpose, reshape, broadcastInDim, diagonals, triangles, fill).
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class StructuralConformance extends ProviderConformance {
    private static final long[] SHAPE = {4, 3, 2};

    /** For subclasses. */
    protected StructuralConformance() {
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void copyIntoCopiesExactlyBetweenEveryPairOfLayouts(DType d) {
        Tensor x = Values.random(d, 101, Domain.ANY, SHAPE);
        for (Layout from : Layout.values()) {
            for (Layout to : Layout.values()) {
                TensorRead src = from.of(x);
                TensorView out = to.of(Tensor.zeros(d, SHAPE));
                inSession((s, m) -> {
                    s.copyInto(m.of(src), m.of(out));
                    return null;
                });
                Tolerance.assertClose("copy " + from + "->" + to, out.copy(), x, 0, 0);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void copyIntoExpandsZeroStrideBroadcastSources(DType d) {
        Tensor row = Values.random(d, 102, Domain.ANY, 1, 3);
        TensorRead broadcast = row.broadcastTo(4, 3);
        Tensor out = Tensor.zeros(d, 4, 3);
        inSession((s, m) -> {
            s.copyInto(m.of(broadcast), m.of(out));
            return null;
        });
        Indices.forEach(out.shape(), i -> assertThat(Oracle.read(out, i)).isEqualTo(Oracle.read(row, new long[] {0,
            i[1]})));
    }

    @Test
    void castIntoConvertsEveryDtypePairAsSpecified() {
        for (DType from : advertisedDtypes()) {
            Tensor x = castSource(from);
            for (DType to : advertisedDtypes()) {
                TensorView out = Layout.STRIDED.of(Tensor.zeros(to, x.shape()));
                TensorRead src = Layout.NEGATIVE_STRIDES.of(x);
                inSession((s, m) -> {
                    s.castInto(m.of(src), m.of(out));
                    return null;
                });
                Tolerance.assertClose("cast " + from + "->" + to, out.copy(), Oracle.cast(x, to), 0, 0);
            }
        }
    }

    /** Random values plus the special ones: NaN, ±∞, ±2.7 (truncation), ±1e20 (saturation), 0. */
    private static Tensor castSource(DType d) {
        Tensor x = Values.random(d, 103 + d.ordinal(), Domain.ANY, 12);
        if (d.isFloating()) {
            double[] special = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 2.7, -2.7, 1e20, -1e20,
                0};
            for (int k = 0; k < special.length; k++) {
                if (d.isComplex()) {
                    x.setComplex(special[k], k % 2 == 0 ? 0 : 0.5, k);
                } else {
                    x.set(special[k], k);
                }
            }
        } else if (d == DType.I64) {
            x.setLong(Long.MAX_VALUE, 0);
            x.setLong(1L << 40, 1);
            x.setLong(0, 2);
        } else if (d == DType.I32) {
            x.setLong(Integer.MIN_VALUE, 0);
            x.setLong(0, 1);
        }
        return x;
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"BOOL", "I64", "F32", "C128"})
    void layoutDefaultsMatchTheirDefinitions(DType d) {
        Tensor x = Values.random(d, 104, Domain.ANY, SHAPE);
        Tensor t = inSession((s, m) -> s.transpose(m.of(x), 2, 0, 1));
        assertThat(t.shape()).containsExactly(2, 4, 3);
        Indices.forEach(t.shape(), i -> assertThat(Oracle.read(t, i)).isEqualTo(Oracle.read(x, new long[] {i[1],
            i[2], i[0]})));
        Tensor r = inSession((s, m) -> s.reshape(m.of(x).permute(1, 0, 2), 6, 4));
        Tensor flat = inSession((s, m) -> s.toContiguous(m.of(x).permute(1, 0, 2)));
        Tolerance.assertClose("reshape", r, Tensor.wrap(d, flat.storage(), 6, 4), 0, 0);
        Tensor pair = Tensor.of(new double[] {1, 2}, 2);
        Tensor b = inSession((s, m) -> s.broadcastInDim(m.of(pair), new long[] {3, 2}, new int[] {1}));
        assertThat(b.f64Data()).containsExactly(1, 1, 1, 2, 2, 2);
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"BOOL", "I32", "F64", "C64"})
    void broadcastInDimAcceptsTheResultAxesInAnyOrder(DType d) {
        Tensor x = Values.random(d, 111, Domain.ANY, 2, 3);
        TensorRead view = Layout.NEGATIVE_STRIDES.of(x);
        Tensor b = inSession((s, m) -> s.broadcastInDim(m.of(view), new long[] {3, 4, 2}, new int[] {2, 0}));
        assertThat(b.shape()).containsExactly(3, 4, 2);
        Indices.forEach(b.shape(), i -> assertThat(Oracle.read(b, i)).as(java.util.Arrays.toString(i))
                .isEqualTo(Oracle.read(x, new long[] {i[2], i[0]})));
        Tensor t = inSession((s, m) -> s.broadcastInDim(m.of(x), new long[] {3, 2}, new int[] {1, 0}));
        Tolerance.assertClose("unsorted dims transpose", t, x.transpose().copy(), 0, 0);
    }

    @Test
    void extractDiagonalWithAnOffsetIsNumPysDiagonalOffset() {
        Tensor x = Values.random(DType.F64, 112, Domain.ANY, 4, 6, 2);
        for (long k = -5; k <= 7; k++) {
            long offset = k;
            Tensor d = inSession((s, m) -> s.extractDiagonal(m.of(x), offset));
            long length = Math.max(0, k >= 0 ? Math.min(4, 6 - k) : Math.min(4 + k, 6));
            assertThat(d.shape()).as("k=" + k).containsExactly(length, 2);
            Indices.forEach(d.shape(), i -> assertThat(d.getDouble(i)).as("k=" + offset)
                    .isEqualTo(x.getDouble(i[0] - Math.min(offset, 0), i[0] + Math.max(offset, 0), i[1])));
        }
        Tensor m3 = Tensor.fromRowMajor(DType.I32, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, 3);
        assertThat(inSession((s, p) -> s.extractDiagonal(p.of(m3), 1)).i32Data()).containsExactly(2, 6);
        assertThat(inSession((s, p) -> s.extractDiagonal(p.of(m3), -1)).i32Data()).containsExactly(4, 8);
    }

    @Test
    void reshapeRowMajorIsNumPysDefaultReshape() {
        double[] counting = new double[24];
        for (int i = 0; i < counting.length; i++) {
            counting[i] = i + 1;
        }
        Tensor x = Tensor.fromRowMajor(DType.F64, counting, 2, 3, 4);
        for (TensorRead layout : new TensorRead[] {x, Layout.TRANSPOSED.of(x), Layout.STRIDED.of(x)}) {
            Tensor r = inSession((s, m) -> s.reshapeRowMajor(m.of(layout), 4, 6));
            assertThat(r.shape()).containsExactly(4, 6);
            assertThat((double[]) r.toRowMajorArray()).containsExactly(counting);
        }
        Tensor column = inSession((s, m) -> s.reshape(m.of(x), 4, 6));
        assertThat((double[]) column.toColumnMajorArray()).containsExactly((double[]) x.toColumnMajorArray());
    }

    @Test
    void diagonalsAndTrianglesFollowTheMatrixAxes() {
        Tensor m = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, 3);
        assertThat(inSession((s, p) -> s.extractDiagonal(p.of(m))).f64Data()).containsExactly(1, 5, 9);
        Tensor diagonal = Tensor.of(new double[] {1, 2}, 2);
        Tensor e = inSession((s, p) -> s.embedDiagonal(p.of(diagonal)));
        assertThat(e.toRowMajorArray()).isEqualTo(new double[] {1, 0, 0, 2});
        assertThat(inSession((s, p) -> s.tril(p.of(m), 0)).toRowMajorArray()).isEqualTo(new double[] {1, 0, 0, 4, 5, 0, 7, 8, 9});
        assertThat(inSession((s, p) -> s.triu(p.of(m), 1)).toRowMajorArray()).isEqualTo(new double[] {0, 2, 3, 0, 0, 6, 0, 0, 0});
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void zerosAndFillOverwriteEveryElementOfAView(DType d) {
        Tensor z = inSession(s -> s.zeros(d, 3, 2));
        Tolerance.assertClose("zeros", z, Tensor.zeros(d, 3, 2), 0, 0);
        TensorView strided = Layout.STRIDED.of(Values.random(d, 105, Domain.ANY, 3, 2));
        inSession((s, m) -> {
            s.fill(m.of(strided), 1);
            return null;
        });
        Tolerance.assertClose("fill", strided.copy(), Tensor.ones(d, 3, 2), 0, 0);
    }

    @ParameterizedTest
    @EnumSource(value = DType.class, names = {"I32", "F64"})
    void emptyAndRankZeroCopiesWork(DType d) {
        Tensor scalar = Values.random(d, 106, Domain.ANY);
        Tensor out = Tensor.zeros(d);
        Tensor emptyIn = Tensor.zeros(d, 0, 3);
        Tensor emptyOut = Tensor.zeros(d, 0, 3);
        inSession((s, m) -> {
            s.copyInto(m.of(scalar), m.of(out));
            s.copyInto(m.of(emptyIn), m.of(emptyOut));
            return null;
        });
        Tolerance.assertClose("rank 0", out, scalar, 0, 0);
    }
}
