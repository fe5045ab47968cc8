package org.ferrite.testkit.oracle;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * Test data and element access for the conformance suite: seeded random tensors with a chosen value
 * domain, exact element copies, and snapshots to prove an output was left untouched.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class Values {
    private Values() {
    }

    /** Value domains for random operands. */
    public enum Domain {
        /** Floating parts uniform in [-1, 1); integers in [-100, 100) (U8: [0, 200)); fair booleans. */
        ANY,
        /**
         * Like ANY but never zero: integers in [1, 9] with random sign (U8: positive), floating magnitudes in
         * [0.25, 2).
         */
        NON_ZERO,
        /** Small non-negative integers [0, 5]; positive floating values in [0.25, 2). */
        SMALL_NON_NEGATIVE
    }

    /**
     * @param dtype the element type
     * @param seed the seed
     * @param domain the value domain
     * @param shape the extents
     * @return a new compact tensor of random values
     */
    public static Tensor random(DType dtype, long seed, Domain domain, long... shape) {
        Tensor t = Tensor.zeros(dtype, shape);
        SplittableRandom rnd = new SplittableRandom(seed);
        Indices.forEach(shape, i -> {
            switch (dtype) {
                case BOOL:
                    t.setBoolean(rnd.nextBoolean(), i);
                    break;
                case I32:
                case I64:
                case I8:
                    t.setLong(integer(rnd, domain), i);
                    break;
                case U8: // NumPy's uint8 holds no negative value: the domain shifted into [0, 200)
                    long v = integer(rnd, domain);
                    t.setLong(domain == Domain.ANY ? v + 100 : Math.abs(v), i);
                    break;
                case F32:
                case F64:
                case F16:
                case BF16:
                    t.set(real(rnd, domain), i); // rounded to nearest even for F16 and BF16
                    break;
                default:
                    t.setComplex(real(rnd, domain), real(rnd, domain), i);
            }
        });
        return t;
    }

    private static long integer(SplittableRandom rnd, Domain domain) {
        switch (domain) {
            case NON_ZERO:
                return (rnd.nextBoolean() ? 1 : -1) * rnd.nextLong(1, 10);
            case SMALL_NON_NEGATIVE:
                return rnd.nextLong(0, 6);
            default:
                return rnd.nextLong(-100, 100);
        }
    }

    private static double real(SplittableRandom rnd, Domain domain) {
        switch (domain) {
            case NON_ZERO:
                return (rnd.nextBoolean() ? 1 : -1) * rnd.nextDouble(0.25, 2);
            case SMALL_NON_NEGATIVE:
                return rnd.nextDouble(0.25, 2);
            default:
                return rnd.nextDouble(-1, 1);
        }
    }

    /**
     * Copies one element between tensors of the same dtype, exactly (through the public element accessors).
     *
     * @param src the source
     * @param si the source element's index
     * @param dst the destination, of {@code src}'s dtype
     * @param di the destination element's index
     */
    public static void copy(TensorRead src, long[] si, TensorWrite dst, long[] di) {
        DType d = src.dtype();
        if (d.isBool()) {
            dst.setBoolean(src.getBoolean(si), di);
        } else if (d.isInteger()) {
            dst.setLong(src.getLong(si), di);
        } else if (d.isComplex()) {
            dst.setComplex(src.getReal(si), src.getImag(si), di);
        } else {
            dst.set(src.getReal(si), di);
        }
    }

    /**
     * @param t a tensor or view
     * @return a copy of its whole storage array (not only the elements it reaches), to prove later that
     *     nothing at all was written
     */
    public static Object snapshotStorage(TensorRead t) {
        Object s = t.storage();
        if (s instanceof double[]) {
            return ((double[]) s).clone();
        } else if (s instanceof float[]) {
            return ((float[]) s).clone();
        } else if (s instanceof long[]) {
            return ((long[]) s).clone();
        } else if (s instanceof int[]) {
            return ((int[]) s).clone();
        } else if (s instanceof short[]) {
            return ((short[]) s).clone();
        } else if (s instanceof byte[]) {
            return ((byte[]) s).clone();
        }
        return ((boolean[]) s).clone();
    }

    /**
     * @param t a tensor or view
     * @param snapshot what {@link #snapshotStorage} returned earlier
     * @return true if the storage equals the snapshot bit for bit (NaN equal to NaN)
     */
    public static boolean storageEquals(TensorRead t, Object snapshot) {
        Object s = t.storage();
        if (s instanceof double[]) {
            return Arrays.equals((double[]) s, (double[]) snapshot);
        } else if (s instanceof float[]) {
            return Arrays.equals((float[]) s, (float[]) snapshot);
        } else if (s instanceof long[]) {
            return Arrays.equals((long[]) s, (long[]) snapshot);
        } else if (s instanceof int[]) {
            return Arrays.equals((int[]) s, (int[]) snapshot);
        } else if (s instanceof short[]) {
            return Arrays.equals((short[]) s, (short[]) snapshot);
        } else if (s instanceof byte[]) {
            return Arrays.equals((byte[]) s, (byte[]) snapshot);
        }
        return Arrays.equals((boolean[]) s, (boolean[]) snapshot);
    }
}
