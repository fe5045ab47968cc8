package org.ferrite.cpu.internal.linalg;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.LinalgRoute;
import org.ferrite.cpu.internal.linalg.lapack.LapackLibrary;
import org.ferrite.testkit.oracle.HostMatrix;
import org.ferrite.testkit.oracle.Layout;
import org.ferrite.testkit.oracle.Values;
import org.opentest4j.AssertionFailedError;

/**
 * The cases of the tier-equivalence tests: every floating dtype over shapes from 1×1 to 128×128, tall
 * and wide, with 0–2 batch axes (for the small shapes), each input in a cycled {@link Layout}
 * (compact, transposed, negative strides, strided with an offset); one backend per forced tier; and
 * the comparisons (Frobenius distance relative to the norm, per dtype). A failure names its case.
 */
final class TierCases {
    static final DType[] FLOATING = {DType.F32, DType.F64, DType.C64, DType.C128};
    /** (m, n): square, tall, wide, from 1 to 128. */
    static final int[][] SHAPES = {{1, 1}, {1, 4}, {4, 1}, {2, 3}, {3, 2}, {4, 4}, {5, 3}, {3, 5}, {8, 8}, {13, 7},
        {7, 13}, {16, 16}, {17, 17}, {24, 9}, {9, 24}, {33, 33}, {64, 20}, {20, 64}, {128, 128}};
    static final CpuBackend SMALL = CpuBackend.builder().threads(1).linalgRoute(LinalgRoute.SMALL).build();
    static final CpuBackend DENSE = CpuBackend.builder().threads(1).linalgRoute(LinalgRoute.DENSE).build();
    static final CpuBackend NATIVE = CpuBackend.builder().threads(1).linalgRoute(LinalgRoute.NATIVE).build();

    private TierCases() {
    }

    /** One input: dtype, extents, batch, layout, seed. */
    record Case(DType dtype, int m, int n, long[] batch, Layout layout, long seed) {
        long[] shape() {
            return shapeOf(m, n);
        }

        long[] shapeOf(long rows, long cols) {
            long[] shape = new long[batch.length + 2];
            shape[0] = rows;
            shape[1] = cols;
            System.arraycopy(batch, 0, shape, 2, batch.length);
            return shape;
        }

        long members() {
            long count = 1;
            for (long b : batch) {
                count *= b;
            }
            return count;
        }

        /** @return random values of the case, compact, on the host */
        Tensor values() {
            return Values.random(dtype, seed, Values.Domain.ANY, shape());
        }

        /** @return {@code values} in the case's layout */
        TensorRead laidOut(Tensor values) {
            return layout.of(values);
        }

        @Override
        public String toString() {
            return dtype + " " + m + "×" + n + " batch " + java.util.Arrays.toString(batch) + " " + layout + " seed "
                    + seed;
        }
    }

    /** @return the tiers to compare: small, dense, and native when LAPACK is loaded */
    static List<CpuBackend> tiers() {
        List<CpuBackend> tiers = new ArrayList<>(List.of(SMALL, DENSE));
        if (LapackLibrary.get().available()) {
            tiers.add(NATIVE);
        }
        return tiers;
    }

    /**
     * Runs {@code check} over every dtype and shape ({@code square}: the square shapes only); a failure
     * names its case.
     *
     * @param seed the base seed
     * @param square square shapes only
     * @param check the property
     */
    static void forEach(long seed, boolean square, Consumer<Case> check) {
        int index = 0;
        for (int[] shape : SHAPES) {
            if (square && shape[0] != shape[1]) {
                continue;
            }
            for (DType d : FLOATING) {
                index++;
                boolean small = Math.max(shape[0], shape[1]) <= 16;
                long[] batch = !small ? new long[0] : index % 3 == 0 ? new long[0] : index % 3 == 1 ? new long[] {3}
                        : new long[] {2, 2};
                Case c = new Case(d, shape[0], shape[1], batch, Layout.values()[index % Layout.values().length],
                        seed * 7919 + index);
                try {
                    check.accept(c);
                } catch (AssertionError | RuntimeException e) {
                    AssertionFailedError failure = new AssertionFailedError("case " + c + ": " + e.getMessage());
                    failure.initCause(e);
                    throw failure;
                }
            }
        }
    }

    /**
     * @param d the dtype
     * @param order the matrix order
     * @return the relative tolerance of backward-stable results
     */
    static double tolerance(DType d, long order) {
        boolean single = d == DType.F32 || d == DType.C64;
        return (single ? 1e-5 : 1e-13) * Math.max(8, order);
    }

    /** Asserts {@code ‖got − want‖_F ≤ tol·(1 + ‖want‖_F)}. */
    static void assertClose(String what, HostMatrix got, HostMatrix want, double tol) {
        double error = got.distance(want);
        if (!(error <= tol * (1 + want.norm()))) {
            throw new AssertionFailedError(what + ": error " + error + " above " + tol + "·(1 + " + want.norm() + ")");
        }
    }

    /** @return member {@code member} of a matrix (or, with {@code vector}, vector) tensor */
    static HostMatrix member(TensorRead t, boolean vector, long member) {
        return HostMatrix.read(t, vector, member);
    }

    /** @return the {@code rows × cols} matrix with the column {@code d} on its diagonal */
    static HostMatrix diagonal(HostMatrix d, int rows, int cols) {
        HostMatrix m = new HostMatrix(rows, cols);
        for (int i = 0; i < d.rows(); i++) {
            m.set(i, i, d.re(i, 0), d.im(i, 0));
        }
        return m;
    }

    /** @return column {@code j} of {@code m} */
    static HostMatrix column(HostMatrix m, int j) {
        HostMatrix c = new HostMatrix(m.rows(), 1);
        for (int i = 0; i < m.rows(); i++) {
            c.set(i, 0, m.re(i, j), m.im(i, j));
        }
        return c;
    }

    /**
     * The conditioning of vector {@code j} of a spectrum (singular values or eigenvalues): the distance
     * to its nearest neighbour, relative to the largest modulus.
     *
     * @param values the spectrum, a column
     * @param j the index
     * @return the relative gap (1 for a single value)
     */
    static double relativeGap(HostMatrix values, int j) {
        double scale = 0;
        for (int i = 0; i < values.rows(); i++) {
            scale = Math.max(scale, Math.abs(values.re(i, 0)));
        }
        double gap = Double.POSITIVE_INFINITY;
        for (int i = 0; i < values.rows(); i++) {
            if (i != j) {
                gap = Math.min(gap, Math.abs(values.re(i, 0) - values.re(j, 0)));
            }
        }
        return scale == 0 ? 1 : Math.min(1, gap / scale);
    }
}
