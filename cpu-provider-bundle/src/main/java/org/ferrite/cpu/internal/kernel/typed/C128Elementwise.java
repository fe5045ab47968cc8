// GENERATED from codegen/src/main/resources/templates/C128Elementwise.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
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
            case ADD:
                do {
                    addRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case SUB:
                do {
                    subRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case MUL:
                do {
                    mulRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case DIV:
                do {
                    divRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case POW:
                do {
                    powRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
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
            case ADD:
                addRun(n, o, oi, 2, a, ai, 2, b, bi, 2);
                return;
            case SUB:
                subRun(n, o, oi, 2, a, ai, 2, b, bi, 2);
                return;
            case MUL:
                mulRun(n, o, oi, 2, a, ai, 2, b, bi, 2);
                return;
            case DIV:
                divRun(n, o, oi, 2, a, ai, 2, b, bi, 2);
                return;
            case POW:
                powRun(n, o, oi, 2, a, ai, 2, b, bi, 2);
                return;
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
            case NEG:
                do {
                    negRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case CONJ:
                do {
                    conjRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case ABS:
                do {
                    absRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case SIGN:
                do {
                    signRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case EXP:
                do {
                    expRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case LOG:
                do {
                    logRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case SIN:
                do {
                    sinRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case COS:
                do {
                    cosRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case TANH:
                do {
                    tanhRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case SQRT:
                do {
                    sqrtRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case RSQRT:
                do {
                    rsqrtRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case EXPM1:
                do {
                    expm1Run(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case LOG1P:
                do {
                    log1pRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
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
            case NEG:
                negRun(n, o, oi, 2, a, ai, 2);
                return;
            case CONJ:
                conjRun(n, o, oi, 2, a, ai, 2);
                return;
            case ABS:
                absRun(n, o, oi, 1, a, ai, 2);
                return;
            case SIGN:
                signRun(n, o, oi, 2, a, ai, 2);
                return;
            case EXP:
                expRun(n, o, oi, 2, a, ai, 2);
                return;
            case LOG:
                logRun(n, o, oi, 2, a, ai, 2);
                return;
            case SIN:
                sinRun(n, o, oi, 2, a, ai, 2);
                return;
            case COS:
                cosRun(n, o, oi, 2, a, ai, 2);
                return;
            case TANH:
                tanhRun(n, o, oi, 2, a, ai, 2);
                return;
            case SQRT:
                sqrtRun(n, o, oi, 2, a, ai, 2);
                return;
            case RSQRT:
                rsqrtRun(n, o, oi, 2, a, ai, 2);
                return;
            case EXPM1:
                expm1Run(n, o, oi, 2, a, ai, 2);
                return;
            case LOG1P:
                log1pRun(n, o, oi, 2, a, ai, 2);
                return;
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
            case EQ:
                do {
                    cmpEqRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case NE:
                do {
                    cmpNeRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
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
            case EQ:
                cmpEqRun(n, o, oi, 1, a, ai, 2, b, bi, 2);
                return;
            case NE:
                cmpNeRun(n, o, oi, 1, a, ai, 2, b, bi, 2);
                return;
            default:
                throw unsupported(op);
        }
    }

    private static IllegalStateException unsupported(Enum<?> op) {
        return new IllegalStateException(op + " is not defined for C128 (OpTable); callers check"
                + " OpChecks.requireDefined first");
    }

    static void addRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 2 && as == 2 && bs == 2) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    double yr = b[i];
                    double yi = b[i + 1];
                    o[i] = xr + yr;
                    o[i + 1] = xi + yi;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    double yr = b[bi + 2 * i];
                    double yi = b[bi + 2 * i + 1];
                    o[oi + 2 * i] = xr + yr;
                    o[oi + 2 * i + 1] = xi + yi;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double xr = a[ai];
                double xi = a[ai + 1];
                double yr = b[bi];
                double yi = b[bi + 1];
                o[oi] = xr + yr;
                o[oi + 1] = xi + yi;
            }
        }
    }

    static void subRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 2 && as == 2 && bs == 2) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    double yr = b[i];
                    double yi = b[i + 1];
                    o[i] = xr - yr;
                    o[i + 1] = xi - yi;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    double yr = b[bi + 2 * i];
                    double yi = b[bi + 2 * i + 1];
                    o[oi + 2 * i] = xr - yr;
                    o[oi + 2 * i + 1] = xi - yi;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double xr = a[ai];
                double xi = a[ai + 1];
                double yr = b[bi];
                double yi = b[bi + 1];
                o[oi] = xr - yr;
                o[oi + 1] = xi - yi;
            }
        }
    }

    static void mulRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 2 && as == 2 && bs == 2) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    double yr = b[i];
                    double yi = b[i + 1];
                    o[i] = xr * yr - xi * yi;
                    o[i + 1] = xr * yi + xi * yr;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    double yr = b[bi + 2 * i];
                    double yi = b[bi + 2 * i + 1];
                    o[oi + 2 * i] = xr * yr - xi * yi;
                    o[oi + 2 * i + 1] = xr * yi + xi * yr;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double xr = a[ai];
                double xi = a[ai + 1];
                double yr = b[bi];
                double yi = b[bi + 1];
                o[oi] = xr * yr - xi * yi;
                o[oi + 1] = xr * yi + xi * yr;
            }
        }
    }

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

    static void powRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 2 && as == 2 && bs == 2) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    double yr = b[i];
                    double yi = b[i + 1];
                    ComplexMath.pow(xr, xi, yr, yi, o, i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    double yr = b[bi + 2 * i];
                    double yi = b[bi + 2 * i + 1];
                    ComplexMath.pow(xr, xi, yr, yi, o, oi + 2 * i);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double xr = a[ai];
                double xi = a[ai + 1];
                double yr = b[bi];
                double yi = b[bi + 1];
                ComplexMath.pow(xr, xi, yr, yi, o, oi);
            }
        }
    }

    static void negRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    o[i] = -xr;
                    o[i + 1] = -xi;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    o[oi + 2 * i] = -xr;
                    o[oi + 2 * i + 1] = -xi;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                o[oi] = -xr;
                o[oi + 1] = -xi;
            }
        }
    }

    static void conjRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    o[i] = xr;
                    o[i + 1] = -xi;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    o[oi + 2 * i] = xr;
                    o[oi + 2 * i + 1] = -xi;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                o[oi] = xr;
                o[oi + 1] = -xi;
            }
        }
    }

    static void absRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 2) {
            for (int i = 0; i < n; i++) {
                double xr = a[ai + 2 * i];
                double xi = a[ai + 2 * i + 1];
                o[oi + i] = Math.hypot(xr, xi);
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                o[oi] = Math.hypot(xr, xi);
            }
        }
    }

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

    static void expRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    ComplexMath.exp(xr, xi, o, i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    ComplexMath.exp(xr, xi, o, oi + 2 * i);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                ComplexMath.exp(xr, xi, o, oi);
            }
        }
    }

    static void logRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    ComplexMath.log(xr, xi, o, i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    ComplexMath.log(xr, xi, o, oi + 2 * i);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                ComplexMath.log(xr, xi, o, oi);
            }
        }
    }

    static void sinRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    ComplexMath.sin(xr, xi, o, i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    ComplexMath.sin(xr, xi, o, oi + 2 * i);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                ComplexMath.sin(xr, xi, o, oi);
            }
        }
    }

    static void cosRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    ComplexMath.cos(xr, xi, o, i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    ComplexMath.cos(xr, xi, o, oi + 2 * i);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                ComplexMath.cos(xr, xi, o, oi);
            }
        }
    }

    static void tanhRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    ComplexMath.tanh(xr, xi, o, i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    ComplexMath.tanh(xr, xi, o, oi + 2 * i);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                ComplexMath.tanh(xr, xi, o, oi);
            }
        }
    }

    static void sqrtRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    ComplexMath.sqrt(xr, xi, o, i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    ComplexMath.sqrt(xr, xi, o, oi + 2 * i);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                ComplexMath.sqrt(xr, xi, o, oi);
            }
        }
    }

    static void rsqrtRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    ComplexMath.rsqrt(xr, xi, o, i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    ComplexMath.rsqrt(xr, xi, o, oi + 2 * i);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                ComplexMath.rsqrt(xr, xi, o, oi);
            }
        }
    }

    static void expm1Run(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    ComplexMath.expm1(xr, xi, o, i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    ComplexMath.expm1(xr, xi, o, oi + 2 * i);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                ComplexMath.expm1(xr, xi, o, oi);
            }
        }
    }

    static void log1pRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    double xr = a[i];
                    double xi = a[i + 1];
                    ComplexMath.log1p(xr, xi, o, i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double xr = a[ai + 2 * i];
                    double xi = a[ai + 2 * i + 1];
                    ComplexMath.log1p(xr, xi, o, oi + 2 * i);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double xr = a[ai];
                double xi = a[ai + 1];
                ComplexMath.log1p(xr, xi, o, oi);
            }
        }
    }

    static void cmpEqRun(int n, boolean[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 2 && bs == 2) {
            for (int i = 0; i < n; i++) {
                double xr = a[ai + 2 * i];
                double xi = a[ai + 2 * i + 1];
                double yr = b[bi + 2 * i];
                double yi = b[bi + 2 * i + 1];
                o[oi + i] = xr == yr && xi == yi;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double xr = a[ai];
                double xi = a[ai + 1];
                double yr = b[bi];
                double yi = b[bi + 1];
                o[oi] = xr == yr && xi == yi;
            }
        }
    }

    static void cmpNeRun(int n, boolean[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 2 && bs == 2) {
            for (int i = 0; i < n; i++) {
                double xr = a[ai + 2 * i];
                double xi = a[ai + 2 * i + 1];
                double yr = b[bi + 2 * i];
                double yi = b[bi + 2 * i + 1];
                o[oi + i] = xr != yr || xi != yi;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double xr = a[ai];
                double xi = a[ai + 1];
                double yr = b[bi];
                double yi = b[bi + 1];
                o[oi] = xr != yr || xi != yi;
            }
        }
    }
}
