package org.ferrite.itests.linalg;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.itests.linalg.NumPyLinalgCases.NumPyArray;
import org.ferrite.linalg.BatchLayout;

/**
 * Brings NumPy's arrays into a session in Ferrite's layout (through {@link BatchLayout}, in three
 * layouts) and compares results with NumPy's, back in NumPy's layout: exactly for integers, infinities
 * and NaN, within a tolerance of the array's largest magnitude for floating values. Thread-safe
 * (stateless). Lifetime: static helpers only.
 */
final class NumPyComparison {
    private NumPyComparison() {
    }

    /** How an input reaches the operation. */
    enum Layout {
        /** A compact column-major tensor. */
        COMPACT,
        /** {@link BatchLayout#fromNumPy}'s view of NumPy's array as loaded: batch strides outermost. */
        NUMPY_VIEW,
        /** A view with every stride negative (the values of a reversed copy, reversed back). */
        REVERSED
    }

    /**
     * @param s the session
     * @param array NumPy's array
     * @param coreAxes its core axes (2 for matrices, 1 for vectors, its rank for an unbatched tensor)
     * @param layout the layout the operation receives
     * @return the array in Ferrite's layout, on the session's placement
     */
    static TensorRead input(BackendSession s, NumPyArray array, int coreAxes, Layout layout) {
        Tensor placed = s.to(array.tensor(), s.placement());
        TensorRead ferrite = BatchLayout.fromNumPy(placed, coreAxes);
        switch (layout) {
            case NUMPY_VIEW:
                return ferrite;
            case COMPACT:
                return s.toContiguous(ferrite);
            default: {
                int[] all = new int[ferrite.rank()];
                Arrays.setAll(all, axis -> axis);
                return s.toContiguous(ferrite.reverse(all)).reverse(all);
            }
        }
    }

    /**
     * Asserts that {@code actual} (in Ferrite's layout) is NumPy's {@code expected}.
     *
     * @param s the session
     * @param what the output's name, for the message
     * @param expected NumPy's array
     * @param actual Ferrite's result
     * @param coreAxes the result's core axes
     * @param tolerance relative to the expected array's largest magnitude (ignored for integers)
     */
    static void expect(BackendSession s, String what, NumPyArray expected, TensorRead actual, int coreAxes,
            double tolerance) {
        TensorRead numpy = BatchLayout.toNumPy(s.toHost(actual), coreAxes);
        assertThat(numpy.dtype()).as("%s's dtype", what).isEqualTo(expected.dtype());
        assertThat(numpy.shape()).as("%s's shape (NumPy's layout)", what).containsExactly(expected.shape());
        Object data = numpy.toRowMajorArray();
        if (!expected.dtype().isFloating()) {
            long[] got = data instanceof int[] ? Arrays.stream((int[]) data).asLongStream().toArray() : (long[]) data;
            assertThat(got).as("%s", what).containsExactly(expected.longs());
            return;
        }
        double[] got = doubles(data);
        double[] want = expected.doubles();
        double scale = 0;
        for (double v : want) {
            scale = Double.isFinite(v) ? Math.max(scale, Math.abs(v)) : scale;
        }
        double bound = tolerance * Math.max(scale, Double.MIN_NORMAL);
        for (int i = 0; i < want.length; i++) {
            boolean ok = Double.isFinite(want[i]) ? Math.abs(got[i] - want[i]) <= bound
                    : Double.compare(got[i], want[i]) == 0;
            if (!ok) {
                throw new AssertionError(what + ": scalar " + i + " (C order, complex as re/im) is " + got[i]
                        + ", NumPy's " + want[i] + " (bound " + bound + ")\n got  " + Arrays.toString(got)
                        + "\n want " + Arrays.toString(want));
            }
        }
    }

    /** @return the default tolerance of {@code dtype}: single precision or double */
    static double tolerance(DType dtype) {
        return dtype == DType.F32 || dtype == DType.C64 ? 2e-4 : 1e-10;
    }

    private static double[] doubles(Object data) {
        if (data instanceof double[]) {
            return (double[]) data;
        }
        float[] f = (float[]) data;
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) {
            d[i] = f[i];
        }
        return d;
    }
}
