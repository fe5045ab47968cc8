// GENERATED from codegen/src/main/resources/templates/F64Structural.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.kernel.typed;

import java.util.Arrays;
import org.ferrite.api.tensor.DType;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * Moves over {@code float[]} storage (F32, and the lanes of complex dtypes stored in it): strided copy,
 * {@code select}, fill, and the cast from F32 to every other dtype.
 * Drivers walk a finished {@link StridedLayout} whose operand 0 is the output. Thread-safe (stateless); it has no
 * instances and holds no resources.
 */
public final class F32Structural {
    private F32Structural() {
    }

    /**
     * {@code out[i] = src[i]} over a finished two-operand layout.
     *
     * @param l the layout (output, source)
     * @param out output storage
     * @param src source storage
     */
    public static void copy(StridedLayout l, Object out, Object src) {
        float[] o = (float[]) out;
        float[] a = (float[]) src;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        int as = l.innerStride(1);
        l.reset();
        do {
            copyRun(n, o, l.pos(0), os, a, l.pos(1), as);
        } while (l.next());
    }

    static void copyRun(int n, float[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            System.arraycopy(a, ai, o, oi, n);
        } else if (os == 1 && as == 0) {
            Arrays.fill(o, oi, oi + n, a[ai]);
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                o[oi] = a[ai];
            }
        }
    }

    /**
     * {@code out[i] = pred[i] ? onTrue[i] : onFalse[i]} over a finished four-operand layout.
     *
     * @param l the layout (output, predicate, onTrue, onFalse)
     * @param out output storage
     * @param pred boolean predicate storage
     * @param onTrue values where true
     * @param onFalse values where false
     */
    public static void select(StridedLayout l, Object out, Object pred, Object onTrue, Object onFalse) {
        float[] o = (float[]) out;
        boolean[] a = (boolean[]) pred;
        float[] b = (float[]) onTrue;
        float[] c = (float[]) onFalse;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        int as = l.innerStride(1);
        int bs = l.innerStride(2);
        int cs = l.innerStride(3);
        l.reset();
        do {
            selectRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs, c, l.pos(3), cs);
        } while (l.next());
    }

    static void selectRun(int n, float[] o, int oi, int os, boolean[] p, int pi, int ps, float[] t, int ti, int ts,
            float[] f, int fi, int fs) {
        if (os == 1 && ps == 1 && ts == 1 && fs == 1) {
            if (oi == pi && oi == ti && oi == fi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean c = p[i];
                    float x = t[i];
                    float y = f[i];
                    o[i] = c ? x : y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean c = p[pi + i];
                    float x = t[ti + i];
                    float y = f[fi + i];
                    o[oi + i] = c ? x : y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, pi += ps, ti += ts, fi += fs) {
                boolean c = p[pi];
                float x = t[ti];
                float y = f[fi];
                o[oi] = c ? x : y;
            }
        }
    }

    /**
     * {@code out[i] = value} over a finished one-operand layout.
     *
     * @param l the layout (output)
     * @param out output storage
     * @param value the value
     */
    public static void fill(StridedLayout l, Object out, float value) {
        float[] o = (float[]) out;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        l.reset();
        do {
            fillRun(n, o, l.pos(0), os, value);
        } while (l.next());
    }

    static void fillRun(int n, float[] o, int oi, int os, float value) {
        if (os == 1) {
            Arrays.fill(o, oi, oi + n, value);
        } else {
            for (int i = 0; i < n; i++, oi += os) {
                o[oi] = value;
            }
        }
    }

    /**
     * {@code out[i] = (target) src[i]} over a finished two-operand layout.
     *
     * @param target the output dtype, not F32 (equal dtypes copy instead)
     * @param l the layout (output, source)
     * @param out output storage of {@code target}
     * @param src F32 storage
     */
    public static void cast(DType target, StridedLayout l, Object out, Object src) {
        float[] a = (float[]) src;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        int as = l.innerStride(1);
        l.reset();
        switch (target) {
            case BOOL: {
                boolean[] o = (boolean[]) out;
                do {
                    toBoolRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            }
            case I32: {
                int[] o = (int[]) out;
                do {
                    toI32Run(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            }
            case I64: {
                long[] o = (long[]) out;
                do {
                    toI64Run(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            }
            case F64: {
                double[] o = (double[]) out;
                do {
                    toF64Run(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            }
            case C64: {
                float[] o = (float[]) out;
                do {
                    toC64Run(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            }
            case C128: {
                double[] o = (double[]) out;
                do {
                    toC128Run(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            }
            default:
                throw new IllegalStateException("cast from F32 to " + target + ": equal dtypes copy instead");
        }
    }

    static void toBoolRun(int n, boolean[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            for (int i = 0; i < n; i++) {
                float x = a[ai + i];
                o[oi + i] = x != 0;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float x = a[ai];
                o[oi] = x != 0;
            }
        }
    }

    static void toI32Run(int n, int[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            for (int i = 0; i < n; i++) {
                float x = a[ai + i];
                o[oi + i] = (int) x;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float x = a[ai];
                o[oi] = (int) x;
            }
        }
    }

    static void toI64Run(int n, long[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            for (int i = 0; i < n; i++) {
                float x = a[ai + i];
                o[oi + i] = (long) x;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float x = a[ai];
                o[oi] = (long) x;
            }
        }
    }

    static void toF64Run(int n, double[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            for (int i = 0; i < n; i++) {
                float x = a[ai + i];
                o[oi + i] = (double) x;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float x = a[ai];
                o[oi] = (double) x;
            }
        }
    }

    static void toC64Run(int n, float[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 2 && as == 1) {
            for (int i = 0; i < n; i++) {
                float x = a[ai + i];
                o[oi + 2 * i] = x;
                o[oi + 2 * i + 1] = 0;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float x = a[ai];
                o[oi] = x;
                o[oi + 1] = 0;
            }
        }
    }

    static void toC128Run(int n, double[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 2 && as == 1) {
            for (int i = 0; i < n; i++) {
                float x = a[ai + i];
                o[oi + 2 * i] = (double) x;
                o[oi + 2 * i + 1] = 0;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float x = a[ai];
                o[oi] = (double) x;
                o[oi + 1] = 0;
            }
        }
    }
}
