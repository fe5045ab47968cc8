//! Template of the loop classes org.ferrite.cpu.internal.kernel.typed.<DType>Structural of the
//! complex dtypes C64 and C128, filled by ferrite-codegen (StructuralWriter) once per dtype. It is
//! plain Java written for C128: C128 stands for the dtype (its DType constant where it stands alone, its
//! class prefix — C64, C128 — inside a name such as C128Structural), double for its element type.
//!
//! Regions, each repeated once per target dtype other than the filled one; inside, F32 (or C64) stands
//! for the target and float for its element type:
//!     // @each TARGET          … // @end-each   every target: the cast's switch case
//!     // @each REAL_TARGET     … // @end-each   the one-lane targets (BOOL, I32, I64, F32, F64)
//!     // @each COMPLEX_TARGET  … // @end-each   the two-lane targets (C64, C128)
//! Holes: /*@re*/…/*@*/ converts the loaded source element to the target's element (its real part),
//! /*@im*/…/*@*/ gives the imaginary part; the text between the markers is the value for C128 → F32 (C64).
//! A code line the filling changes is rewrapped at 120 columns (one ending in a comma first joined
//! with its continuation lines); other lines are copied as written.
//! Lines starting with //! are notes and are not copied.
package org.ferrite.cpu.internal.kernel.typed;

import org.ferrite.api.tensor.DType;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * The cast from C128 to every other dtype (copies and selects of C128 run on the real
 * storage class with the two lanes as an extra axis).
 * Drivers walk a finished {@link StridedLayout} whose operand 0 is the output. Thread-safe (stateless); it has no
 * instances and holds no resources.
 */
public final class C128Structural {
    private C128Structural() {
    }

    /**
     * {@code out[i] = (target) src[i]} over a finished two-operand layout.
     *
     * @param target the output dtype, not C128 (equal dtypes copy instead)
     * @param l the layout (output, source)
     * @param out output storage of {@code target}
     * @param src C128 storage
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
                throw new IllegalStateException("cast from C128 to " + target + ": equal dtypes copy instead");
        }
    }
    // @each REAL_TARGET

    static void toF32Run(int n, float[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 2) {
            for (int i = 0; i < n; i++) {
                double xr = a[ai + 2 * i];
                double xi = a[ai + 2 * i + 1];
                o[oi + i] = /*@re*/(float) xr/*@*/;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                o[oi] = /*@re*/(float) xr/*@*/;
            }
        }
    }
    // @end-each
    // @each COMPLEX_TARGET

    static void toC64Run(int n, float[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            for (int i = 0; i < n; i++) {
                double xr = a[ai + 2 * i];
                double xi = a[ai + 2 * i + 1];
                o[oi + 2 * i] = /*@re*/(float) xr/*@*/;
                o[oi + 2 * i + 1] = /*@im*/(float) xi/*@*/;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                o[oi] = /*@re*/(float) xr/*@*/;
                o[oi + 1] = /*@im*/(float) xi/*@*/;
            }
        }
    }
    // @end-each
}
