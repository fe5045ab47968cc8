package org.ferrite.cpu.internal.kernel.typed;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.HalfFloats;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * The loops over the storage of the narrow dtypes (F16 and BF16 in {@code short[]} as raw bits, I8 and U8
 * in {@code byte[]}): the strided copy, the exact widening to the compute type
 * ({@link DType#computeType()}: F32 for F16 and BF16, I32 for I8 and U8) and the narrowing store from it
 * (round to nearest even for F16 and BF16, through {@link HalfFloats}; the low eight bits for I8 and U8,
 * NumPy's wrap). Every other operation on a narrow dtype runs the compute type's generated loops between
 * a widening and a narrowing (the {@code NarrowStaging} of the kernel package); a cast from or to another
 * dtype passes through the compute type (or F64, so that a cast from F64 to F16 rounds once).
 *
 * <p>Drivers walk a finished two-operand {@link StridedLayout} whose operand 0 is the output.
 * Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class NarrowStorage {
    /** By ordinal: one load on the other dtypes' hot paths, where this is asked once per call. */
    private static final boolean[] NARROW = new boolean[DType.values().length];

    static {
        for (DType d : DType.values()) {
            NARROW[d.ordinal()] = d.computeType() != d;
        }
    }

    private NarrowStorage() {
    }

    /**
     * @param dtype a dtype
     * @return whether it is stored narrower than its compute type (F16, BF16, I8, U8)
     */
    public static boolean isNarrow(DType dtype) {
        return NARROW[dtype.ordinal()];
    }

    /**
     * {@code out[i] = src[i]} over {@code short[]} or {@code byte[]} storage.
     *
     * @param l the layout (output, source)
     * @param out output storage
     * @param src source storage, of the output's class
     */
    public static void copy(StridedLayout l, Object out, Object src) {
        int n = l.innerExtent();
        int os = l.innerStride(0);
        int as = l.innerStride(1);
        l.reset();
        if (out instanceof short[]) {
            short[] o = (short[]) out;
            short[] a = (short[]) src;
            do {
                for (int i = 0, oi = l.pos(0), ai = l.pos(1); i < n; i++, oi += os, ai += as) {
                    o[oi] = a[ai];
                }
            } while (l.next());
        } else {
            byte[] o = (byte[]) out;
            byte[] a = (byte[]) src;
            do {
                for (int i = 0, oi = l.pos(0), ai = l.pos(1); i < n; i++, oi += os, ai += as) {
                    o[oi] = a[ai];
                }
            } while (l.next());
        }
    }

    /**
     * {@code out[i] = (computeType) src[i]}, exact.
     *
     * @param from the narrow source dtype
     * @param l the layout (output, source)
     * @param out storage of {@code from.computeType()} ({@code float[]} or {@code int[]})
     * @param src storage of {@code from}
     */
    public static void widen(DType from, StridedLayout l, Object out, Object src) {
        int n = l.innerExtent();
        int os = l.innerStride(0);
        int as = l.innerStride(1);
        l.reset();
        switch (from) {
            case F16:
            case BF16: {
                float[] o = (float[]) out;
                short[] a = (short[]) src;
                boolean half = from == DType.F16;
                do {
                    for (int i = 0, oi = l.pos(0), ai = l.pos(1); i < n; i++, oi += os, ai += as) {
                        o[oi] = half ? HalfFloats.f16ToFloat(a[ai]) : HalfFloats.bf16ToFloat(a[ai]);
                    }
                } while (l.next());
                return;
            }
            case I8:
            case U8: {
                int[] o = (int[]) out;
                byte[] a = (byte[]) src;
                int mask = from == DType.U8 ? 0xFF : -1;
                do {
                    for (int i = 0, oi = l.pos(0), ai = l.pos(1); i < n; i++, oi += os, ai += as) {
                        o[oi] = a[ai] & mask;
                    }
                } while (l.next());
                return;
            }
            default:
                throw new IllegalStateException("not a narrow dtype: " + from);
        }
    }

    /**
     * {@code out[i] = (to) src[i]}: F32 or F64 rounded to nearest even into F16 or BF16 (BF16 from F64
     * through F32, as {@link HalfFloats#toBf16(double)}), I32 wrapped into I8 or U8.
     *
     * @param from the source dtype: F32 or F64 for a floating {@code to}, I32 for an integer one
     * @param to the narrow output dtype
     * @param l the layout (output, source)
     * @param out storage of {@code to}
     * @param src storage of {@code from}
     */
    public static void narrow(DType from, DType to, StridedLayout l, Object out, Object src) {
        int n = l.innerExtent();
        int os = l.innerStride(0);
        int as = l.innerStride(1);
        l.reset();
        if (to == DType.I8 || to == DType.U8) {
            byte[] o = (byte[]) out;
            int[] a = (int[]) src;
            do {
                for (int i = 0, oi = l.pos(0), ai = l.pos(1); i < n; i++, oi += os, ai += as) {
                    o[oi] = (byte) a[ai];
                }
            } while (l.next());
            return;
        }
        short[] o = (short[]) out;
        boolean half = to == DType.F16;
        if (from == DType.F32) {
            float[] a = (float[]) src;
            do {
                for (int i = 0, oi = l.pos(0), ai = l.pos(1); i < n; i++, oi += os, ai += as) {
                    o[oi] = half ? HalfFloats.toF16(a[ai]) : HalfFloats.toBf16(a[ai]);
                }
            } while (l.next());
        } else {
            double[] a = (double[]) src;
            do {
                for (int i = 0, oi = l.pos(0), ai = l.pos(1); i < n; i++, oi += os, ai += as) {
                    o[oi] = half ? HalfFloats.toF16(a[ai]) : HalfFloats.toBf16(a[ai]);
                }
            } while (l.next());
        }
    }
}
