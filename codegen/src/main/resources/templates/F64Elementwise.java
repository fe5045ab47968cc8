//! Template of the loop classes org.ferrite.cpu.internal.kernel.typed.<DType>Elementwise of the
//! one-lane dtypes BOOL, I32, I64, F32 and F64, filled by ferrite-codegen (ElementwiseWriter) once per
//! dtype. It is plain Java written for F64: F64 stands for the dtype (its DType constant where it stands
//! alone, its class prefix Bool, I32, … inside a name such as F64Elementwise), double for its element type.
//!
//! Regions, each repeated once per operation the dtype defines (the operation tables of
//! ElementwiseWriter), in table order:
//!     // @each BINARY   … // @end-each   BinaryOp: ADD stands for the constant, addRun for its run method
//!     // @each UNARY    … // @end-each   UnaryOp: NEG and negRun
//!     // @each COMPARE  … // @end-each   CompareOp: EQ and cmpEqRun
//!     // @each COMPARE_RUN  … // @end-each   the comparison run methods, but for BOOL:
//!     // @each COMPARE_SHARED_INDEX … // @end-each   BOOL's comparison runs, whose output and inputs
//!         share one array type: with the single-index loop of the binary runs, which C2 can vectorise
//! Hole: /*@f*/…/*@*/ is the operation's value computed from the loaded locals x (and y); the text
//! between the markers is the value for the representative operation (ADD: x + y).
//! A code line the filling changes is rewrapped at 120 columns (one ending in a comma first joined
//! with its continuation lines); other lines are copied as written.
//! Lines starting with //! are notes and are not copied.
package org.ferrite.cpu.internal.kernel.typed;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * Elementwise maps over F64 storage ({@code double[]}): {@code out[i] = op(a[i], b[i])},
 * {@code out[i] = op(a[i])} and {@code out[i] = a[i] cmp b[i]} (BOOL output). Each driver walks a
 * finished {@link StridedLayout} whose operand 0 is the output; {@code …Flat} forms take compact
 * runs. Callers validate first (dtypes, shapes, aliasing, and that {@code OpTable} defines the
 * pair). Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class F64Elementwise {
    private F64Elementwise() {
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
                addRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
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
     * @param out output storage (F64)
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
                negRun(n, o, oi, 1, a, ai, 1);
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
                cmpEqRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            // @end-each
            default:
                throw unsupported(op);
        }
    }

    private static IllegalStateException unsupported(Enum<?> op) {
        return new IllegalStateException(op + " is not defined for F64 (OpTable); callers check"
                + " OpChecks.requireDefined first");
    }
    // @each BINARY

    static void addRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    double y = b[i];
                    o[i] = /*@f*/x + y/*@*/;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    double y = b[bi + i];
                    o[oi + i] = /*@f*/x + y/*@*/;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double y = b[i];
                    o[i] = /*@f*/x + y/*@*/;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double y = b[bi + i];
                    o[oi + i] = /*@f*/x + y/*@*/;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = /*@f*/x + y/*@*/;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = /*@f*/x + y/*@*/;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = /*@f*/x + y/*@*/;
            }
        }
    }
    // @end-each
    // @each UNARY

    static void negRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = /*@f*/-x/*@*/;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = /*@f*/-x/*@*/;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = /*@f*/-x/*@*/;
            }
        }
    }
    // @end-each
    // @each COMPARE_RUN

    static void cmpEqRun(int n, boolean[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                double y = b[bi + i];
                o[oi + i] = /*@f*/x == y/*@*/;
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            for (int i = 0; i < n; i++) {
                double y = b[bi + i];
                o[oi + i] = /*@f*/x == y/*@*/;
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                o[oi + i] = /*@f*/x == y/*@*/;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = /*@f*/x == y/*@*/;
            }
        }
    }
    // @end-each
    // @each COMPARE_SHARED_INDEX

    static void cmpEqRun(int n, boolean[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    double y = b[i];
                    o[i] = /*@f*/x == y/*@*/;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    double y = b[bi + i];
                    o[oi + i] = /*@f*/x == y/*@*/;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double y = b[i];
                    o[i] = /*@f*/x == y/*@*/;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double y = b[bi + i];
                    o[oi + i] = /*@f*/x == y/*@*/;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = /*@f*/x == y/*@*/;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = /*@f*/x == y/*@*/;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = /*@f*/x == y/*@*/;
            }
        }
    }
    // @end-each
}
