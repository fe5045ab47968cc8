// GENERATED from codegen/src/main/resources/templates/F64Elementwise.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
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
            case REM:
                do {
                    remRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case POW:
                do {
                    powRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case MAXIMUM:
                do {
                    maximumRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case MINIMUM:
                do {
                    minimumRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case ATAN2:
                do {
                    atan2Run(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case FLOOR_DIVIDE:
                do {
                    floorDivideRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case REMAINDER:
                do {
                    remainderRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
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
                addRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case SUB:
                subRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case MUL:
                mulRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case DIV:
                divRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case REM:
                remRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case POW:
                powRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case MAXIMUM:
                maximumRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case MINIMUM:
                minimumRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case ATAN2:
                atan2Run(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case FLOOR_DIVIDE:
                floorDivideRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case REMAINDER:
                remainderRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
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
            case ERF:
                do {
                    erfRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case SIGMOID:
                do {
                    sigmoidRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case ROUND:
                do {
                    roundRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case FLOOR:
                do {
                    floorRun(n, o, l.pos(0), os, a, l.pos(1), as);
                } while (l.next());
                return;
            case CEIL:
                do {
                    ceilRun(n, o, l.pos(0), os, a, l.pos(1), as);
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
                negRun(n, o, oi, 1, a, ai, 1);
                return;
            case CONJ:
                conjRun(n, o, oi, 1, a, ai, 1);
                return;
            case ABS:
                absRun(n, o, oi, 1, a, ai, 1);
                return;
            case SIGN:
                signRun(n, o, oi, 1, a, ai, 1);
                return;
            case EXP:
                expRun(n, o, oi, 1, a, ai, 1);
                return;
            case LOG:
                logRun(n, o, oi, 1, a, ai, 1);
                return;
            case SIN:
                sinRun(n, o, oi, 1, a, ai, 1);
                return;
            case COS:
                cosRun(n, o, oi, 1, a, ai, 1);
                return;
            case TANH:
                tanhRun(n, o, oi, 1, a, ai, 1);
                return;
            case SQRT:
                sqrtRun(n, o, oi, 1, a, ai, 1);
                return;
            case RSQRT:
                rsqrtRun(n, o, oi, 1, a, ai, 1);
                return;
            case EXPM1:
                expm1Run(n, o, oi, 1, a, ai, 1);
                return;
            case LOG1P:
                log1pRun(n, o, oi, 1, a, ai, 1);
                return;
            case ERF:
                erfRun(n, o, oi, 1, a, ai, 1);
                return;
            case SIGMOID:
                sigmoidRun(n, o, oi, 1, a, ai, 1);
                return;
            case ROUND:
                roundRun(n, o, oi, 1, a, ai, 1);
                return;
            case FLOOR:
                floorRun(n, o, oi, 1, a, ai, 1);
                return;
            case CEIL:
                ceilRun(n, o, oi, 1, a, ai, 1);
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
            case LT:
                do {
                    cmpLtRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case LE:
                do {
                    cmpLeRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case GT:
                do {
                    cmpGtRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case GE:
                do {
                    cmpGeRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
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
                cmpEqRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case NE:
                cmpNeRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case LT:
                cmpLtRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case LE:
                cmpLeRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case GT:
                cmpGtRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case GE:
                cmpGeRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            default:
                throw unsupported(op);
        }
    }

    private static IllegalStateException unsupported(Enum<?> op) {
        return new IllegalStateException(op + " is not defined for F64 (OpTable); callers check"
                + " OpChecks.requireDefined first");
    }

    static void addRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    double y = b[i];
                    o[i] = x + y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    double y = b[bi + i];
                    o[oi + i] = x + y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double y = b[i];
                    o[i] = x + y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double y = b[bi + i];
                    o[oi + i] = x + y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = x + y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = x + y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = x + y;
            }
        }
    }

    static void subRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    double y = b[i];
                    o[i] = x - y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    double y = b[bi + i];
                    o[oi + i] = x - y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double y = b[i];
                    o[i] = x - y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double y = b[bi + i];
                    o[oi + i] = x - y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = x - y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = x - y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = x - y;
            }
        }
    }

    static void mulRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    double y = b[i];
                    o[i] = x * y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    double y = b[bi + i];
                    o[oi + i] = x * y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double y = b[i];
                    o[i] = x * y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double y = b[bi + i];
                    o[oi + i] = x * y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = x * y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = x * y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = x * y;
            }
        }
    }

    static void divRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    double y = b[i];
                    o[i] = x / y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    double y = b[bi + i];
                    o[oi + i] = x / y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double y = b[i];
                    o[i] = x / y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double y = b[bi + i];
                    o[oi + i] = x / y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = x / y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = x / y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = x / y;
            }
        }
    }

    static void remRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    double y = b[i];
                    o[i] = x % y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    double y = b[bi + i];
                    o[oi + i] = x % y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double y = b[i];
                    o[i] = x % y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double y = b[bi + i];
                    o[oi + i] = x % y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = x % y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = x % y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = x % y;
            }
        }
    }

    static void powRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    double y = b[i];
                    o[i] = RealMath.pow(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    double y = b[bi + i];
                    o[oi + i] = RealMath.pow(x, y);
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double y = b[i];
                    o[i] = RealMath.pow(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double y = b[bi + i];
                    o[oi + i] = RealMath.pow(x, y);
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = RealMath.pow(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = RealMath.pow(x, y);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = RealMath.pow(x, y);
            }
        }
    }

    static void maximumRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    double y = b[i];
                    o[i] = Math.max(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    double y = b[bi + i];
                    o[oi + i] = Math.max(x, y);
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double y = b[i];
                    o[i] = Math.max(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double y = b[bi + i];
                    o[oi + i] = Math.max(x, y);
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.max(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.max(x, y);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = Math.max(x, y);
            }
        }
    }

    static void minimumRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    double y = b[i];
                    o[i] = Math.min(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    double y = b[bi + i];
                    o[oi + i] = Math.min(x, y);
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double y = b[i];
                    o[i] = Math.min(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double y = b[bi + i];
                    o[oi + i] = Math.min(x, y);
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.min(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.min(x, y);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = Math.min(x, y);
            }
        }
    }

    static void atan2Run(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    double y = b[i];
                    o[i] = Math.atan2(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    double y = b[bi + i];
                    o[oi + i] = Math.atan2(x, y);
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double y = b[i];
                    o[i] = Math.atan2(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double y = b[bi + i];
                    o[oi + i] = Math.atan2(x, y);
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.atan2(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.atan2(x, y);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = Math.atan2(x, y);
            }
        }
    }

    static void floorDivideRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi,
            int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    double y = b[i];
                    o[i] = RealMath.floorDivide(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    double y = b[bi + i];
                    o[oi + i] = RealMath.floorDivide(x, y);
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double y = b[i];
                    o[i] = RealMath.floorDivide(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double y = b[bi + i];
                    o[oi + i] = RealMath.floorDivide(x, y);
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = RealMath.floorDivide(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = RealMath.floorDivide(x, y);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = RealMath.floorDivide(x, y);
            }
        }
    }

    static void remainderRun(int n, double[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi,
            int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    double y = b[i];
                    o[i] = RealMath.remainder(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    double y = b[bi + i];
                    o[oi + i] = RealMath.remainder(x, y);
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double y = b[i];
                    o[i] = RealMath.remainder(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double y = b[bi + i];
                    o[oi + i] = RealMath.remainder(x, y);
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = RealMath.remainder(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = RealMath.remainder(x, y);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = RealMath.remainder(x, y);
            }
        }
    }

    static void negRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = -x;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = -x;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = -x;
            }
        }
    }

    static void conjRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = x;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = x;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = x;
            }
        }
    }

    static void absRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.abs(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.abs(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.abs(x);
            }
        }
    }

    static void signRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.signum(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.signum(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.signum(x);
            }
        }
    }

    static void expRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.exp(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.exp(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.exp(x);
            }
        }
    }

    static void logRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.log(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.log(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.log(x);
            }
        }
    }

    static void sinRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.sin(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.sin(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.sin(x);
            }
        }
    }

    static void cosRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.cos(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.cos(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.cos(x);
            }
        }
    }

    static void tanhRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.tanh(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.tanh(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.tanh(x);
            }
        }
    }

    static void sqrtRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.sqrt(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.sqrt(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.sqrt(x);
            }
        }
    }

    static void rsqrtRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = 1 / Math.sqrt(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = 1 / Math.sqrt(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = 1 / Math.sqrt(x);
            }
        }
    }

    static void expm1Run(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.expm1(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.expm1(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.expm1(x);
            }
        }
    }

    static void log1pRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.log1p(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.log1p(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.log1p(x);
            }
        }
    }

    static void erfRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = RealMath.erf(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = RealMath.erf(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = RealMath.erf(x);
            }
        }
    }

    static void sigmoidRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = RealMath.sigmoid(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = RealMath.sigmoid(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = RealMath.sigmoid(x);
            }
        }
    }

    static void roundRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.rint(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.rint(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.rint(x);
            }
        }
    }

    static void floorRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.floor(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.floor(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.floor(x);
            }
        }
    }

    static void ceilRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.ceil(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.ceil(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.ceil(x);
            }
        }
    }

    static void cmpEqRun(int n, boolean[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                double y = b[bi + i];
                o[oi + i] = x == y;
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            for (int i = 0; i < n; i++) {
                double y = b[bi + i];
                o[oi + i] = x == y;
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                o[oi + i] = x == y;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = x == y;
            }
        }
    }

    static void cmpNeRun(int n, boolean[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                double y = b[bi + i];
                o[oi + i] = x != y;
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            for (int i = 0; i < n; i++) {
                double y = b[bi + i];
                o[oi + i] = x != y;
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                o[oi + i] = x != y;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = x != y;
            }
        }
    }

    static void cmpLtRun(int n, boolean[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                double y = b[bi + i];
                o[oi + i] = x < y;
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            for (int i = 0; i < n; i++) {
                double y = b[bi + i];
                o[oi + i] = x < y;
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                o[oi + i] = x < y;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = x < y;
            }
        }
    }

    static void cmpLeRun(int n, boolean[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                double y = b[bi + i];
                o[oi + i] = x <= y;
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            for (int i = 0; i < n; i++) {
                double y = b[bi + i];
                o[oi + i] = x <= y;
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                o[oi + i] = x <= y;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = x <= y;
            }
        }
    }

    static void cmpGtRun(int n, boolean[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                double y = b[bi + i];
                o[oi + i] = x > y;
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            for (int i = 0; i < n; i++) {
                double y = b[bi + i];
                o[oi + i] = x > y;
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                o[oi + i] = x > y;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = x > y;
            }
        }
    }

    static void cmpGeRun(int n, boolean[] o, int oi, int os, double[] a, int ai, int as, double[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                double y = b[bi + i];
                o[oi + i] = x >= y;
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            double x = a[ai];
            for (int i = 0; i < n; i++) {
                double y = b[bi + i];
                o[oi + i] = x >= y;
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            double y = b[bi];
            for (int i = 0; i < n; i++) {
                double x = a[ai + i];
                o[oi + i] = x >= y;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                double x = a[ai];
                double y = b[bi];
                o[oi] = x >= y;
            }
        }
    }
}
