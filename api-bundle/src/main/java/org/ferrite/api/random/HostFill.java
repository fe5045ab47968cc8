package org.ferrite.api.random;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The host side of {@link Distribution#fill}: elements in column-major order from one
 * {@link PhiloxStream}, straight into the array of a compact output, through the element setters of a
 * strided one. The output was validated.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class HostFill {
    private HostFill() {
    }

    static void fill(Distribution d, RandomKey key, TensorWrite out) {
        long size = out.size();
        if (size == 0) {
            return;
        }
        DType dtype = out.dtype();
        PhiloxStream words = d.stream(key, dtype, 0);
        if (out.isColumnMajorContiguous()) {
            compact(d, dtype, words, out.storage(), Math.toIntExact(out.offset()), Math.toIntExact(size));
        } else {
            strided(d, dtype, words, out);
        }
    }

    private static void compact(Distribution d, DType dtype, PhiloxStream words, Object array, int offset, int n) {
        if (d == Distribution.BITS) {
            if (dtype == DType.I32) {
                int[] a = (int[]) array;
                for (int i = 0; i < n; i++) {
                    a[offset + i] = words.nextWord();
                }
            } else {
                long[] a = (long[]) array;
                for (int i = 0; i < n; i++) {
                    a[offset + i] = words.nextLong();
                }
            }
            return;
        }
        double[] v = new double[2];
        int per = dtype.scalarsPerElement();
        if (array instanceof float[]) {
            float[] a = (float[]) array;
            for (int i = 0, k = offset * per; i < n; i++, k += per) {
                d.next(words, dtype, v);
                a[k] = (float) v[0];
                if (per == 2) {
                    a[k + 1] = (float) v[1];
                }
            }
        } else {
            double[] a = (double[]) array;
            for (int i = 0, k = offset * per; i < n; i++, k += per) {
                d.next(words, dtype, v);
                a[k] = v[0];
                if (per == 2) {
                    a[k + 1] = v[1];
                }
            }
        }
    }

    private static void strided(Distribution d, DType dtype, PhiloxStream words, TensorWrite out) {
        long[] shape = out.shape();
        long[] index = new long[shape.length];
        double[] v = new double[2];
        boolean complex = dtype.scalarsPerElement() == 2;
        do {
            if (d == Distribution.BITS) {
                out.setLong(d.nextBits(words, dtype), index);
            } else {
                d.next(words, dtype, v);
                if (complex) {
                    out.setComplex(v[0], v[1], index);
                } else {
                    out.set(v[0], index);
                }
            }
        } while (advance(index, shape));
    }

    /** Steps {@code index} to the next one in column-major order; false after the last. */
    private static boolean advance(long[] index, long[] shape) {
        for (int a = 0; a < index.length; a++) {
            if (++index[a] < shape[a]) {
                return true;
            }
            index[a] = 0;
        }
        return false;
    }
}
