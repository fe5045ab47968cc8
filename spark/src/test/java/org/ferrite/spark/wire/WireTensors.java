package org.ferrite.spark.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * Seeded tensors for the wire tests — every dtype, ranks 0 to 4 with extents 0 to 4, elements drawn as raw
 * bits (NaN payloads, signed zeros, subnormals, infinities) — and their strided views; and the bit-exact
 * comparison.
 */
final class WireTensors {
    private WireTensors() {
    }

    /** @return a compact tensor of random shape and raw-bit elements */
    static Tensor random(DType dtype, SplittableRandom random) {
        int rank = random.nextInt(5);
        long[] shape = new long[rank];
        for (int axis = 0; axis < rank; axis++) {
            shape[axis] = random.nextInt(5);
        }
        return random(dtype, random, shape);
    }

    static Tensor random(DType dtype, SplittableRandom random, long... shape) {
        Tensor t = Tensor.zeros(dtype, shape);
        Object storage = t.storage();
        int n = java.lang.reflect.Array.getLength(storage);
        for (int i = 0; i < n; i++) {
            switch (dtype) {
                case BOOL -> ((boolean[]) storage)[i] = random.nextBoolean();
                case I32 -> ((int[]) storage)[i] = random.nextInt();
                case I64 -> ((long[]) storage)[i] = random.nextLong();
                case F32, C64 -> ((float[]) storage)[i] = Float.intBitsToFloat(special(random, random.nextInt()));
                case F64, C128 -> ((double[]) storage)[i] = Double.longBitsToDouble(special(random, random.nextLong()));
                case F16, BF16 -> ((short[]) storage)[i] = (short) special(random, random.nextInt()); // raw bits
                case I8, U8 -> ((byte[]) storage)[i] = (byte) random.nextInt();
                default -> throw new IllegalStateException();
            }
        }
        return t;
    }

    /** Mostly random bits; now and then a NaN with a payload, a negative zero, an infinity. */
    private static int special(SplittableRandom random, int bits) {
        return switch (random.nextInt(8)) {
            case 0 -> 0x7fc00000 | (bits & 0x3fffff);          // quiet NaN, payload
            case 1 -> 0x80000000;                               // -0.0f
            case 2 -> 0xff800000;                               // -inf
            default -> bits;
        };
    }

    private static long special(SplittableRandom random, long bits) {
        return switch (random.nextInt(8)) {
            case 0 -> 0x7ff8000000000000L | (bits & 0x7ffffffffffffL);
            case 1 -> 0x8000000000000000L;
            case 2 -> 0x7ff0000000000000L;
            default -> bits;
        };
    }

    /** @return a strided view of {@code t}: reversed, permuted or sliced, by the seed */
    static TensorRead view(Tensor t, SplittableRandom random) {
        if (t.rank() == 0) {
            return t.reshape(1, 1).transpose();
        }
        TensorRead v = t.reverse(random.nextInt(t.rank()));
        if (t.rank() >= 2) {
            v = v.transpose();
        }
        int axis = random.nextInt(t.rank());
        if (v.dim(axis) > 1) {
            v = v.slice(axis, 0, v.dim(axis), 2);
        }
        return v;
    }

    /**
     * Same dtype, same shape, and every element's bits equal (not NaN-folding: raw bits).
     *
     * @param expected what was sent (any layout)
     * @param actual what came back
     */
    static void assertBitExact(TensorRead expected, TensorRead actual) {
        assertThat(actual.dtype()).isEqualTo(expected.dtype());
        assertThat(actual.shape()).isEqualTo(expected.shape());
        assertThat(actual.isColumnMajorContiguous()).as("compact").isTrue();
        Object want = expected.toColumnMajorArray();
        Object got = actual.toColumnMajorArray();
        int n = java.lang.reflect.Array.getLength(want);
        assertThat(java.lang.reflect.Array.getLength(got)).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            long a = bits(want, i);
            long b = bits(got, i);
            if (a != b) {
                throw new AssertionError(expected.dtype() + " scalar " + i + ": sent bits " + Long.toHexString(a)
                        + ", received " + Long.toHexString(b));
            }
        }
    }

    private static long bits(Object array, int i) {
        if (array instanceof double[] d) {
            return Double.doubleToRawLongBits(d[i]);
        }
        if (array instanceof float[] f) {
            return Float.floatToRawIntBits(f[i]);
        }
        if (array instanceof long[] l) {
            return l[i];
        }
        if (array instanceof int[] n) {
            return n[i];
        }
        if (array instanceof short[] h) { // F16, BF16: raw bits
            return h[i];
        }
        if (array instanceof byte[] b) {
            return b[i];
        }
        return ((boolean[]) array)[i] ? 1 : 0;
    }
}
