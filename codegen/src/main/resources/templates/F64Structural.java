//! Template of the loop classes org.ferrite.cpu.internal.kernel.typed.<DType>Structural of the
//! storage dtypes BOOL, I32, I64, F32 and F64, filled by ferrite-codegen (StructuralWriter) once per dtype. It is
//! plain Java written for F64: F64 stands for the dtype (its DType constant where it stands alone, its
//! class prefix — Bool, I32, … — inside a name such as F64Structural), double for its element type.
//!
//! Regions, each repeated once per target dtype other than the filled one; inside, F32 (or C64) stands
//! for the target and float for its element type:
//!     // @each TARGET          … // @end-each   every target: the cast's switch case
//!     // @each REAL_TARGET     … // @end-each   the one-lane targets (BOOL, I32, I64, F32, F64)
//!     // @each COMPLEX_TARGET  … // @end-each   the two-lane targets (C64, C128)
//! Holes: /*@re*/…/*@*/ converts the loaded source element to the target's element (its real part),
//! /*@im*/…/*@*/ gives the imaginary part; the text between the markers is the value for F64 → F32 (C64).
//! A code line the filling changes is rewrapped at 120 columns (one ending in a comma first joined
//! with its continuation lines); other lines are copied as written.
//! Lines starting with //! are notes and are not copied.
package org.ferrite.cpu.internal.kernel.typed;

import java.util.Arrays;
import org.ferrite.api.tensor.DType;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * Moves over {@code double[]} storage (F64, and the lanes of complex dtypes stored in it): strided copy,
 * {@code select}, fill, and the cast from F64 to every other dtype.
 * Drivers walk a finished {@link StridedLayout} whose operand 0 is the output. Thread-safe (stateless); it has no
 * instances and holds no resources.
 */
public final class F64Structural {
    private F64Structural() {
    }

    /**
     * {@code out[i] = src[i]} over a finished two-operand layout.
     *
     * @param l the layout (output, source)
     * @param out output storage
     * @param src source storage
     */
    public static void copy(StridedLayout l, Object out, Object src) {
        double[] o = (double[]) out;
        double[] a = (double[]) src;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        int as = l.innerStride(1);
        l.reset();
        do {
            copyRun(n, o, l.pos(0), os, a, l.pos(1), as);
        } while (l.next());
    }

    static void copyRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
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
        double[] o = (double[]) out;
        boolean[] a = (boolean[]) pred;
        double[] b = (double[]) onTrue;
        double[] c = (double[]) onFalse;
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

    static void selectRun(int n, double[] o, int oi, int os, boolean[] p, int pi, int ps, double[] t, int ti, int ts,
            double[] f, int fi, int fs) {
        if (os == 1 && ps == 1 && ts == 1 && fs == 1) {
            if (oi == pi && oi == ti && oi == fi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean c = p[i];
                    double x = t[i];
                    double y = f[i];
                    o[i] = c ? x : y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean c = p[pi + i];
                    double x = t[ti + i];
                    double y = f[fi + i];
                    o[oi + i] = c ? x : y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, pi += ps, ti += ts, fi += fs) {
                boolean c = p[pi];
                double x = t[ti];
                double y = f[fi];
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
    public static void fill(StridedLayout l, Object out, double value) {
        double[] o = (double[]) out;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        l.reset();
        do {
            fillRun(n, o, l.pos(0), os, value);
        } while (l.next());
    }

    static void fillRun(int n, double[] o, int oi, int os, double value) {
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
     * @param target the output dtype, not F64 (equal dtypes copy instead)
     * @param l the layout (output, source)
     * @param out output storage of {@code target}
     * @param src F64 storage
     */
    public static void cast(DType target, StridedLayout l, Object out, Object src) {
        double[] a = (double[]) src;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        int as = l.innerStride(1);
        l.reset();
        switch (target) {
            // @each TARGET
            case F32: {
                float[] o = (float[]) out;
                do {
                    toF32Run(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            }
            // @end-each
            default:
                throw new IllegalStateException("cast from F64 to " + target + ": equal dtypes copy instead");
        }
    }
    // @each REAL_TARGET

    static void toF32Run(int n, float[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                o[oi + i] = /*@re*/(float) x/*@*/;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = /*@re*/(float) x/*@*/;
            }
        }
    }
    // @end-each
    // @each COMPLEX_TARGET

    static void toC64Run(int n, float[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 1) {
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                o[oi + 2 * i] = /*@re*/(float) x/*@*/;
                o[oi + 2 * i + 1] = /*@im*/0/*@*/;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = /*@re*/(float) x/*@*/;
                o[oi + 1] = /*@im*/0/*@*/;
            }
        }
    }
    // @end-each
}
