//! Template of the loop classes org.ferrite.cpu.internal.kernel.typed.<DType>Elementwise of the
//! complex dtypes C64 and C128 (re/im interleaved), filled by ferrite-codegen (ComplexElementwiseWriter)
//! once per dtype. It is plain Java written for C128: C128 stands for the dtype (its DType constant where
//! it stands alone, its class prefix inside a name such as C128Elementwise), double for its element type.
//!
//! Regions, each repeated once per operation of the dtype's tables (ComplexElementwiseWriter) that it
//! names; inside, ADD/addRun (NEG/negRun, EQ/cmpEqRun, DIV/divRun, SIGN/signRun) stand for the
//! operation's constant and run method, ComplexMath.div (ComplexMath.sign) for its ComplexMath function:
//!     // @each BINARY, UNARY, COMPARE       every operation: its driver and flat case
//!     // @each BINARY_RUN, UNARY_RUN          an operation computed inline: hole re, hole im
//!     // @each UNARY_REAL_RUN                 a unary operation with a real result (ABS): hole f
//!     // @each COMPARE_RUN                    a comparison: hole f
//!     // @each BINARY_CALL_RUN, UNARY_CALL_RUN   a ComplexMath function storing into the output (for C64
//!         its float-sink twin ComplexMathToFloat: computed in double, each part rounded once)
//! each closed by // @end-each. Holes /*@name*/…/*@*/: re, im — the real and imaginary part computed
//! from the loaded locals xr, xi (yr, yi); f — a one-part value; lanes — the output lanes of a unary
//! run (1 for a real result). The text between the markers is the value for the representative
//! operation.
//! A code line the filling changes is rewrapped at 120 columns (one ending in a comma first joined
//! with its continuation lines); other lines are copied as written.
//! Lines starting with //! are notes and are not copied.
package org.ferrite.cpu.internal.kernel.typed;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * Elementwise maps over C128 storage ({@code double[]}, re/im interleaved): {@code out[i] = op(a[i], b[i])},
 * {@code out[i] = op(a[i])} and {@code out[i] = a[i] cmp b[i]} (BOOL output). Each driver walks a
 * finished {@link StridedLayout} whose operand 0 is the output; {@code …Flat} forms take compact
 * runs. Callers validate first (dtypes, shapes, aliasing, and that {@code OpTable} defines the
 * pair). Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class C128Elementwise {
    private C128Elementwise() {
    }

    /**
     * {@code out = op(lhs, rhs)} over a finished three-operand layout.
     *
     * @param op a supported operation
     * @param l the layout (output, lhs, rhs)
     * @param out output storage
     * @param lhs left storage
     * @param rhs right storage
     */
    public static void binary(BinaryOp op, StridedLayout l, Object out, Object lhs, Object rhs) {
        double[] o = (double[]) out;
        double[] a = (double[]) lhs;
        double[] b = (double[]) rhs;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        int as = l.innerStride(1);
        int bs = l.innerStride(2);
        l.reset();
        switch (op) {
            // @each BINARY
            case ADD:
                do {
                    addRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            // @end-each
            default:
                throw unsupported(op);
        }
    }

    /**
     * {@code out = op(lhs, rhs)} over compact runs (scalar offsets).
     *
     * @param op a supported operation
     * @param n elements
     * @param out output storage
     * @param oi output scalar offset
     * @param lhs left storage
     * @param ai left scalar offset
     * @param rhs right storage
     * @param bi right scalar offset
     */
    public static void binaryFlat(BinaryOp op, int n, Object out, int oi, Object lhs, int ai, Object rhs, int bi) {
        double[] o = (double[]) out;
        double[] a = (double[]) lhs;
        double[] b = (double[]) rhs;
        switch (op) {
            // @each BINARY
            case ADD:
                addRun(n, o, oi, 2, a, ai, 2, b, bi, 2);
                return;
            // @end-each
            default:
                throw unsupported(op);
        }
    }

    /**
     * {@code out = op(x)} over a finished two-operand layout.
     *
     * @param op a supported operation
     * @param l the layout (output, x)
     * @param out output storage (C128, or its real type for ABS)
     * @param x input storage
     */
    public static void unary(UnaryOp op, StridedLayout l, Object out, Object x) {
        double[] o = (double[]) out;
        double[] a = (double[]) x;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        int as = l.innerStride(1);
        l.reset();
        switch (op) {
            // @each UNARY
            case NEG:
                do {
                    negRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            // @end-each
            default:
                throw unsupported(op);
        }
    }

    /**
     * {@code out = op(x)} over compact runs (scalar offsets).
     *
     * @param op a supported operation
     * @param n elements
     * @param out output storage
     * @param oi output scalar offset
     * @param x input storage
     * @param ai input scalar offset
     */
    public static void unaryFlat(UnaryOp op, int n, Object out, int oi, Object x, int ai) {
        double[] o = (double[]) out;
        double[] a = (double[]) x;
        switch (op) {
            // @each UNARY
            case NEG:
                negRun(n, o, oi, /*@lanes*/2/*@*/, a, ai, 2);
                return;
            // @end-each
            default:
                throw unsupported(op);
        }
    }

    /**
     * {@code out = lhs cmp rhs} over a finished three-operand layout.
     *
     * @param op a supported comparison
     * @param l the layout (BOOL output, lhs, rhs)
     * @param out boolean storage
     * @param lhs left storage
     * @param rhs right storage
     */
    public static void compare(CompareOp op, StridedLayout l, Object out, Object lhs, Object rhs) {
        boolean[] o = (boolean[]) out;
        double[] a = (double[]) lhs;
        double[] b = (double[]) rhs;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        int as = l.innerStride(1);
        int bs = l.innerStride(2);
        l.reset();
        switch (op) {
            // @each COMPARE
            case EQ:
                do {
                    cmpEqRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            // @end-each
            default:
                throw unsupported(op);
        }
    }

    /**
     * {@code out = lhs cmp rhs} over compact runs (scalar offsets).
     *
     * @param op a supported comparison
     * @param n elements
     * @param out boolean storage
     * @param oi output offset
     * @param lhs left storage
     * @param ai left scalar offset
     * @param rhs right storage
     * @param bi right scalar offset
     */
    public static void compareFlat(CompareOp op, int n, Object out, int oi, Object lhs, int ai, Object rhs, int bi) {
        boolean[] o = (boolean[]) out;
        double[] a = (double[]) lhs;
        double[] b = (double[]) rhs;
        switch (op) {
            // @each COMPARE
            case EQ:
                cmpEqRun(n, o, oi, 1, a, ai, 2, b, bi, 2);
                return;
            // @end-each
            default:
                throw unsupported(op);
        }
    }

    private static IllegalStateException unsupported(Enum<?> op) {
        return new IllegalStateException(op + " is not defined for C128 (OpTable); callers check"
                + " OpChecks.requireDefined first");
    }
    // @each BINARY_RUN

    static void addRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 2 && as == 2 && bs == 2) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    double yr = b[i];
                    double yi = b[i + 1];
                    o[i] = /*@re*/xr + yr/*@*/;
                    o[i + 1] = /*@im*/xi + yi/*@*/;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    double yr = b[bi + 2 * i];
                    double yi = b[bi + 2 * i + 1];
                    o[oi + 2 * i] = /*@re*/xr + yr/*@*/;
                    o[oi + 2 * i + 1] = /*@im*/xi + yi/*@*/;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double xr = a[ai];
                double xi = a[ai + 1];
                double yr = b[bi];
                double yi = b[bi + 1];
                o[oi] = /*@re*/xr + yr/*@*/;
                o[oi + 1] = /*@im*/xi + yi/*@*/;
            }
        }
    }
    // @end-each
    // @each BINARY_CALL_RUN

    static void divRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 2 && as == 2 && bs == 2) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    double yr = b[i];
                    double yi = b[i + 1];
                    ComplexMath.div(xr, xi, yr, yi, o, i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    double yr = b[bi + 2 * i];
                    double yi = b[bi + 2 * i + 1];
                    ComplexMath.div(xr, xi, yr, yi, o, oi + 2 * i);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double xr = a[ai];
                double xi = a[ai + 1];
                double yr = b[bi];
                double yi = b[bi + 1];
                ComplexMath.div(xr, xi, yr, yi, o, oi);
            }
        }
    }
    // @end-each
    // @each UNARY_RUN

    static void negRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    o[i] = /*@re*/-xr/*@*/;
                    o[i + 1] = /*@im*/-xi/*@*/;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    o[oi + 2 * i] = /*@re*/-xr/*@*/;
                    o[oi + 2 * i + 1] = /*@im*/-xi/*@*/;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                o[oi] = /*@re*/-xr/*@*/;
                o[oi + 1] = /*@im*/-xi/*@*/;
            }
        }
    }
    // @end-each
    // @each UNARY_REAL_RUN

    static void absRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 2) {
            for (int i = 0; i < n; i++) {
                double xr = a[ai + 2 * i];
                double xi = a[ai + 2 * i + 1];
                o[oi + i] = /*@f*/Math.hypot(xr, xi)/*@*/;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                o[oi] = /*@f*/Math.hypot(xr, xi)/*@*/;
            }
        }
    }
    // @end-each
    // @each UNARY_CALL_RUN

    static void signRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    ComplexMath.sign(xr, xi, o, i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    ComplexMath.sign(xr, xi, o, oi + 2 * i);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                ComplexMath.sign(xr, xi, o, oi);
            }
        }
    }
    // @end-each
    // @each COMPARE_RUN

    static void cmpEqRun(int n, boolean[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 2 && bs == 2) {
            for (int i = 0; i < n; i++) {
                double xr = a[ai + 2 * i];
                double xi = a[ai + 2 * i + 1];
                double yr = b[bi + 2 * i];
                double yi = b[bi + 2 * i + 1];
                o[oi + i] = /*@f*/xr == yr && xi == yi/*@*/;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double xr = a[ai];
                double xi = a[ai + 1];
                double yr = b[bi];
                double yi = b[bi + 1];
                o[oi] = /*@f*/xr == yr && xi == yi/*@*/;
            }
        }
    }
    // @end-each
}
