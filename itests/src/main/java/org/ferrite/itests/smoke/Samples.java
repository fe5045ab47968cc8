package org.ferrite.itests.smoke;

import java.util.Random;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;

/**
 * The smoke's operands, built on the host from plain arrays so that no operation under test makes its
 * own inputs: one {@code [3, 2]} sample per dtype, whose elements the expectations pick by their
 * column-major index, and well-conditioned batches of matrices for the linear algebra.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only; every tensor returned is new.
 */
final class Samples {
    /** The sample's shape. */
    static final long[] SHAPE = {3, 2};
    /** Real parts of the sample, column-major. */
    private static final double[] RE = {1, -2, 3, -4, 5, 6};
    /** Imaginary parts of the sample (complex dtypes only). */
    private static final double[] IM = {0.5, -1, 1.5, 2, -0.5, 1};
    /** The BOOL sample. */
    private static final double[] TRUTH = {1, 0, 1, 1, 0, 1};
    /** Picked index meaning "a zero here". */
    static final int ZERO = -1;

    private Samples() {
    }

    /** @return the {@code [3, 2]} sample of {@code d}: RE (+ i·IM), or TRUTH for BOOL */
    static Tensor values(DType d) {
        return pick(d, new int[] {0, 1, 2, 3, 4, 5}, SHAPE);
    }

    /**
     * @param d the dtype
     * @param indices column-major indices into the sample ({@link #ZERO} for a zero)
     * @param shape the result's shape
     * @return a tensor of the picked sample elements
     */
    static Tensor pick(DType d, int[] indices, long... shape) {
        double[] re = new double[indices.length];
        double[] im = new double[indices.length];
        for (int k = 0; k < indices.length; k++) {
            int i = indices[k];
            re[k] = i == ZERO ? 0 : d.isBool() ? TRUTH[i] : RE[i];
            im[k] = i == ZERO ? 0 : IM[i];
        }
        return of(d, re, im, shape);
    }

    /** @return real part of sample element {@code i} (TRUTH for BOOL; U8 holds it wrapped: -2 is 254) */
    static double re(DType d, int i) {
        return d.isBool() ? TRUTH[i] : d == DType.U8 ? (long) RE[i] & 0xFF : RE[i];
    }

    /** @return imaginary part of sample element {@code i}: 0 unless {@code d} is complex */
    static double im(DType d, int i) {
        return d.isComplex() ? IM[i] : 0;
    }

    /**
     * @return the sample's magnitudes scaled into {@code [0.25, 1.5]}, plus i·IM/4 for complex: no zero, no
     *     branch cut
     */
    static Tensor positive(DType d) {
        double[] re = new double[RE.length];
        double[] im = new double[RE.length];
        for (int i = 0; i < re.length; i++) {
            re[i] = Math.abs(RE[i]) / 4;
            im[i] = IM[i] / 4;
        }
        return of(d, re, im, SHAPE);
    }

    /**
     * @param d a floating dtype
     * @param n the order
     * @param batch the batch size
     * @return the identity, {@code [n, n, batch]}
     */
    static Tensor eye(DType d, int n, int batch) {
        double[] re = new double[n * n * batch];
        for (int m = 0; m < batch; m++) {
            for (int i = 0; i < n; i++) {
                re[i + n * i + n * n * m] = 1;
            }
        }
        return of(d, re, new double[re.length], n, n, batch);
    }

    /**
     * A random {@code [n, n, batch]} matrix (parts uniform in {@code [-1, 1)}) with {@code 2n} added to
     * its diagonal: every member is strictly diagonally dominant ({@code 2n - 1 > (n - 1)·√2}), so it is
     * invertible and well conditioned, and positive definite when Hermitian.
     *
     * @param d a floating dtype
     * @param n the order
     * @param batch the batch size
     * @param seed the seed
     * @param hermitian whether to make every member Hermitian (then also positive definite)
     * @return the batch
     */
    static Tensor dominant(DType d, int n, int batch, long seed, boolean hermitian) {
        Random random = new Random(seed);
        double[] re = new double[n * n * batch];
        double[] im = new double[re.length];
        for (int k = 0; k < re.length; k++) {
            re[k] = 2 * random.nextDouble() - 1;
            im[k] = 2 * random.nextDouble() - 1;
        }
        for (int m = 0; m < batch; m++) {
            for (int j = 0; j < n; j++) {
                for (int i = 0; i < n; i++) {
                    int ij = i + n * j + n * n * m;
                    int ji = j + n * i + n * n * m;
                    if (hermitian && i < j) {
                        re[ji] = re[ij];
                        im[ji] = -im[ij];
                    }
                }
                int jj = j + n * j + n * n * m;
                re[jj] += 2 * n;
                im[jj] = hermitian ? 0 : im[jj];
            }
        }
        return of(d, re, im, n, n, batch);
    }

    /**
     * @param d the dtype (BOOL: nonzero is true; real dtypes ignore {@code im}; integers truncate)
     * @param re real parts, column-major
     * @param im imaginary parts
     * @param shape the extents
     * @return a new tensor
     */
    static Tensor of(DType d, double[] re, double[] im, long... shape) {
        int n = re.length;
        switch (d) {
            case F16:
            case BF16:
            case I8:
                return Tensor.fromValues(d, re, shape); // the sample's values are exact in these
            case U8: { // wrapped, as NumPy's astype: -2 is 254
                double[] wrapped = new double[n];
                for (int i = 0; i < n; i++) {
                    wrapped[i] = (long) re[i] & 0xFF;
                }
                return Tensor.fromValues(d, wrapped, shape);
            }
            case BOOL: {
                boolean[] a = new boolean[n];
                for (int i = 0; i < n; i++) {
                    a[i] = re[i] != 0;
                }
                return Tensor.fromColumnMajor(d, a, shape);
            }
            case I32: {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (int) re[i];
                }
                return Tensor.fromColumnMajor(d, a, shape);
            }
            case I64: {
                long[] a = new long[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (long) re[i];
                }
                return Tensor.fromColumnMajor(d, a, shape);
            }
            case F32:
            case C64: {
                float[] a = new float[n * (d.isComplex() ? 2 : 1)];
                for (int i = 0; i < n; i++) {
                    if (d.isComplex()) {
                        a[2 * i] = (float) re[i];
                        a[2 * i + 1] = (float) im[i];
                    } else {
                        a[i] = (float) re[i];
                    }
                }
                return Tensor.fromColumnMajor(d, a, shape);
            }
            default: {
                double[] a = new double[n * (d.isComplex() ? 2 : 1)];
                for (int i = 0; i < n; i++) {
                    if (d.isComplex()) {
                        a[2 * i] = re[i];
                        a[2 * i + 1] = im[i];
                    } else {
                        a[i] = re[i];
                    }
                }
                return Tensor.fromColumnMajor(d, a, shape);
            }
        }
    }
}
