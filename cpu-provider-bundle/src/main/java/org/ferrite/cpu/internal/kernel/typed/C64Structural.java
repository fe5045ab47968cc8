// GENERATED from codegen/src/main/resources/templates/C128Structural.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.kernel.typed;

import org.ferrite.api.tensor.DType;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * The cast from C64 to every other dtype (copies and selects of C64 run on the real
 * storage class with the two lanes as an extra axis).
 * Drivers walk a finished {@link StridedLayout} whose operand 0 is the output. Thread-safe (stateless); it has no
 * instances and holds no resources.
 */
public final class C64Structural {
    private C64Structural() {
    }

    /**
     * {@code out[i] = (target) src[i]} over a finished two-operand layout.
     *
     * @param target the output dtype, not C64 (equal dtypes copy instead)
     * @param l the layout (output, source)
     * @param out output storage of {@code target}
     * @param src C64 storage
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
            case F32: {
                float[] o = (float[]) out;
                do {
                    toF32Run(n, o, l.pos(0), os, a, l.pos(1), as);
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
            case C128: {
                double[] o = (double[]) out;
                do {
                    toC128Run(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            }
            default:
                throw new IllegalStateException("cast from C64 to " + target + ": equal dtypes copy instead");
        }
    }

    static void toBoolRun(int n, boolean[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 1 && as == 2) {
            for (int i = 0; i < n; i++) {
                float xr = a[ai + 2 * i];
                float xi = a[ai + 2 * i + 1];
                o[oi + i] = xr != 0 || xi != 0;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float xr = a[ai];
                float xi = a[ai + 1];
                o[oi] = xr != 0 || xi != 0;
            }
        }
    }

    static void toI32Run(int n, int[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 1 && as == 2) {
            for (int i = 0; i < n; i++) {
                float xr = a[ai + 2 * i];
                float xi = a[ai + 2 * i + 1];
                o[oi + i] = (int) xr;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float xr = a[ai];
                float xi = a[ai + 1];
                o[oi] = (int) xr;
            }
        }
    }

    static void toI64Run(int n, long[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 1 && as == 2) {
            for (int i = 0; i < n; i++) {
                float xr = a[ai + 2 * i];
                float xi = a[ai + 2 * i + 1];
                o[oi + i] = (long) xr;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float xr = a[ai];
                float xi = a[ai + 1];
                o[oi] = (long) xr;
            }
        }
    }

    static void toF32Run(int n, float[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 1 && as == 2) {
            for (int i = 0; i < n; i++) {
                float xr = a[ai + 2 * i];
                float xi = a[ai + 2 * i + 1];
                o[oi + i] = xr;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float xr = a[ai];
                float xi = a[ai + 1];
                o[oi] = xr;
            }
        }
    }

    static void toF64Run(int n, double[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 1 && as == 2) {
            for (int i = 0; i < n; i++) {
                float xr = a[ai + 2 * i];
                float xi = a[ai + 2 * i + 1];
                o[oi + i] = (double) xr;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float xr = a[ai];
                float xi = a[ai + 1];
                o[oi] = (double) xr;
            }
        }
    }

    static void toC128Run(int n, double[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            for (int i = 0; i < n; i++) {
                float xr = a[ai + 2 * i];
                float xi = a[ai + 2 * i + 1];
                o[oi + 2 * i] = (double) xr;
                o[oi + 2 * i + 1] = (double) xi;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float xr = a[ai];
                float xi = a[ai + 1];
                o[oi] = (double) xr;
                o[oi + 1] = (double) xi;
            }
        }
    }
}
