package org.ferrite.bench;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;

/**
 * The operands of the dispatch suite's {@code size×size · size×1} f64 contraction in every peer's
 * layout (Ferrite tensors, column-major arrays for the hand loop and BLAS, row-major EJML matrices),
 * the reference results, and the checks the benchmarks run outside the timed region.
 *
 * <p>{@code A} is scaled by {@code 1/√size} so that the 16-step chain {@code v ← A·v} stays of order 1.
 * Not thread-safe: one instance per benchmark thread.
 */
final class MatVecOperands {
    /** Chain length of the {@code held/chain16} arm. */
    static final int CHAIN = 16;
    /** Relative tolerance of the checks (16 products of length ≤ 256 in any summation order). */
    static final double TOLERANCE = 1e-9;

    final int size;
    final Tensor a;
    final Tensor x;
    final double[] aColumnMajor;
    final double[] xVector;
    final DMatrixRMaj aRowMajor;
    final DMatrixRMaj xMatrix;
    final double[] expectedProduct;
    final double[] expectedChain;

    MatVecOperands(int size, long seed) {
        this.size = size;
        SplittableRandom rnd = new SplittableRandom(seed);
        double scale = 1 / Math.sqrt(size);
        aColumnMajor = new double[size * size];
        for (int i = 0; i < aColumnMajor.length; i++) {
            aColumnMajor[i] = rnd.nextDouble(-1, 1) * scale;
        }
        xVector = new double[size];
        for (int i = 0; i < size; i++) {
            xVector[i] = rnd.nextDouble(-1, 1);
        }
        a = Tensor.of(aColumnMajor, size, size);
        x = Tensor.of(xVector, size, 1);
        aRowMajor = new DMatrixRMaj(size, size);
        for (int i = 0; i < size; i++) {
            for (int j = 0; j < size; j++) {
                aRowMajor.set(i, j, aColumnMajor[i + j * size]);
            }
        }
        xMatrix = new DMatrixRMaj(size, 1, true, xVector);
        expectedProduct = multiply(xVector);
        double[] v = xVector;
        for (int step = 0; step < CHAIN; step++) {
            v = multiply(v);
        }
        expectedChain = v;
    }

    /** @return {@code A·v} by the textbook loop, in double precision */
    double[] multiply(double[] v) {
        double[] y = new double[size];
        for (int i = 0; i < size; i++) {
            double s = 0;
            for (int j = 0; j < size; j++) {
                s += aColumnMajor[i + j * size] * v[j];
            }
            y[i] = s;
        }
        return y;
    }

    /**
     * @param what the arm, for the message
     * @param actual its result, element {@code i} at {@code actual[i]}
     * @param expected the reference
     * @throws IllegalStateException if any element is off by more than {@link #TOLERANCE} relative
     */
    static void check(String what, double[] actual, double[] expected) {
        for (int i = 0; i < expected.length; i++) {
            double err = Math.abs(actual[i] - expected[i]);
            if (!(err <= TOLERANCE * (1 + Math.abs(expected[i])))) {
                throw new IllegalStateException(what + ": element " + i + " is " + actual[i] + ", expected "
                        + expected[i] + " (first of " + expected.length + ")");
            }
        }
    }

    /** @return a new array of NaN, to poison an output before an iteration */
    static double[] poisoned(int n) {
        double[] d = new double[n];
        Arrays.fill(d, Double.NaN);
        return d;
    }
}
