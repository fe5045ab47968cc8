// GENERATED from codegen/src/main/resources/templates/F64Elementwise.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.kernel.typed;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * Elementwise maps over I64 storage ({@code long[]}): {@code out[i] = op(a[i], b[i])},
 * {@code out[i] = op(a[i])} and {@code out[i] = a[i] cmp b[i]} (BOOL output). Each driver walks a
 * finished {@link StridedLayout} whose operand 0 is the output; {@code …Flat} forms take compact
 * runs. Callers validate first (dtypes, shapes, aliasing, and that {@code OpTable} defines the
 * pair). Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class I64Elementwise {
    private I64Elementwise() {
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
        long[] o = (long[]) out;
        long[] a = (long[]) lhs;
        long[] b = (long[]) rhs;
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
            case AND:
                do {
                    andRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case OR:
                do {
                    orRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
                } while (l.next());
                return;
            case XOR:
                do {
                    xorRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
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
        long[] o = (long[]) out;
        long[] a = (long[]) lhs;
        long[] b = (long[]) rhs;
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
            case AND:
                andRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case OR:
                orRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case XOR:
                xorRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
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
     * @param out output storage (I64)
     * @param x input storage
     */
    public static void unary(UnaryOp op, StridedLayout l, Object out, Object x) {
        long[] o = (long[]) out;
        long[] a = (long[]) x;
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
            case NOT:
                do {
                    notRun(n, o, l.pos(0), os, a, l.pos(1), as);
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
        long[] o = (long[]) out;
        long[] a = (long[]) x;
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
            case NOT:
                notRun(n, o, oi, 1, a, ai, 1);
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
        long[] a = (long[]) lhs;
        long[] b = (long[]) rhs;
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
        long[] a = (long[]) lhs;
        long[] b = (long[]) rhs;
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
        return new IllegalStateException(op + " is not defined for I64 (OpTable); callers check"
                + " OpChecks.requireDefined first");
    }

    static void addRun(int n, long[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    long y = b[i];
                    o[i] = x + y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    long y = b[bi + i];
                    o[oi + i] = x + y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long y = b[i];
                    o[i] = x + y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long y = b[bi + i];
                    o[oi + i] = x + y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = x + y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = x + y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = x + y;
            }
        }
    }

    static void subRun(int n, long[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    long y = b[i];
                    o[i] = x - y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    long y = b[bi + i];
                    o[oi + i] = x - y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long y = b[i];
                    o[i] = x - y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long y = b[bi + i];
                    o[oi + i] = x - y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = x - y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = x - y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = x - y;
            }
        }
    }

    static void mulRun(int n, long[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    long y = b[i];
                    o[i] = x * y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    long y = b[bi + i];
                    o[oi + i] = x * y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long y = b[i];
                    o[i] = x * y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long y = b[bi + i];
                    o[oi + i] = x * y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = x * y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = x * y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = x * y;
            }
        }
    }

    static void divRun(int n, long[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    long y = b[i];
                    o[i] = x / y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    long y = b[bi + i];
                    o[oi + i] = x / y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long y = b[i];
                    o[i] = x / y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long y = b[bi + i];
                    o[oi + i] = x / y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = x / y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = x / y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = x / y;
            }
        }
    }

    static void remRun(int n, long[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    long y = b[i];
                    o[i] = x % y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    long y = b[bi + i];
                    o[oi + i] = x % y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long y = b[i];
                    o[i] = x % y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long y = b[bi + i];
                    o[oi + i] = x % y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = x % y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = x % y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = x % y;
            }
        }
    }

    static void powRun(int n, long[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    long y = b[i];
                    o[i] = IntegerMath.pow(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    long y = b[bi + i];
                    o[oi + i] = IntegerMath.pow(x, y);
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long y = b[i];
                    o[i] = IntegerMath.pow(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long y = b[bi + i];
                    o[oi + i] = IntegerMath.pow(x, y);
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = IntegerMath.pow(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = IntegerMath.pow(x, y);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = IntegerMath.pow(x, y);
            }
        }
    }

    static void maximumRun(int n, long[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    long y = b[i];
                    o[i] = Math.max(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    long y = b[bi + i];
                    o[oi + i] = Math.max(x, y);
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long y = b[i];
                    o[i] = Math.max(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long y = b[bi + i];
                    o[oi + i] = Math.max(x, y);
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = Math.max(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = Math.max(x, y);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = Math.max(x, y);
            }
        }
    }

    static void minimumRun(int n, long[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    long y = b[i];
                    o[i] = Math.min(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    long y = b[bi + i];
                    o[oi + i] = Math.min(x, y);
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long y = b[i];
                    o[i] = Math.min(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long y = b[bi + i];
                    o[oi + i] = Math.min(x, y);
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = Math.min(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = Math.min(x, y);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = Math.min(x, y);
            }
        }
    }

    static void andRun(int n, long[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    long y = b[i];
                    o[i] = x & y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    long y = b[bi + i];
                    o[oi + i] = x & y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long y = b[i];
                    o[i] = x & y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long y = b[bi + i];
                    o[oi + i] = x & y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = x & y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = x & y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = x & y;
            }
        }
    }

    static void orRun(int n, long[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    long y = b[i];
                    o[i] = x | y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    long y = b[bi + i];
                    o[oi + i] = x | y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long y = b[i];
                    o[i] = x | y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long y = b[bi + i];
                    o[oi + i] = x | y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = x | y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = x | y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = x | y;
            }
        }
    }

    static void xorRun(int n, long[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    long y = b[i];
                    o[i] = x ^ y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    long y = b[bi + i];
                    o[oi + i] = x ^ y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long y = b[i];
                    o[i] = x ^ y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long y = b[bi + i];
                    o[oi + i] = x ^ y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = x ^ y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = x ^ y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = x ^ y;
            }
        }
    }

    static void floorDivideRun(int n, long[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    long y = b[i];
                    o[i] = Math.floorDiv(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    long y = b[bi + i];
                    o[oi + i] = Math.floorDiv(x, y);
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long y = b[i];
                    o[i] = Math.floorDiv(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long y = b[bi + i];
                    o[oi + i] = Math.floorDiv(x, y);
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = Math.floorDiv(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = Math.floorDiv(x, y);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = Math.floorDiv(x, y);
            }
        }
    }

    static void remainderRun(int n, long[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    long y = b[i];
                    o[i] = Math.floorMod(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    long y = b[bi + i];
                    o[oi + i] = Math.floorMod(x, y);
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long y = b[i];
                    o[i] = Math.floorMod(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long y = b[bi + i];
                    o[oi + i] = Math.floorMod(x, y);
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = Math.floorMod(x, y);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = Math.floorMod(x, y);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = Math.floorMod(x, y);
            }
        }
    }

    static void negRun(int n, long[] o, int oi, int os, long[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = -x;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = -x;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                long x = a[ai];
                o[oi] = -x;
            }
        }
    }

    static void conjRun(int n, long[] o, int oi, int os, long[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = x;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = x;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                long x = a[ai];
                o[oi] = x;
            }
        }
    }

    static void absRun(int n, long[] o, int oi, int os, long[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = Math.abs(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = Math.abs(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                long x = a[ai];
                o[oi] = Math.abs(x);
            }
        }
    }

    static void signRun(int n, long[] o, int oi, int os, long[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = Long.signum(x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = Long.signum(x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                long x = a[ai];
                o[oi] = Long.signum(x);
            }
        }
    }

    static void notRun(int n, long[] o, int oi, int os, long[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = ~x;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = ~x;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                long x = a[ai];
                o[oi] = ~x;
            }
        }
    }

    static void cmpEqRun(int n, boolean[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            for (int i = 0; i < n; i++) {
                long x = a[ai + i];
                long y = b[bi + i];
                o[oi + i] = x == y;
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            for (int i = 0; i < n; i++) {
                long y = b[bi + i];
                o[oi + i] = x == y;
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            for (int i = 0; i < n; i++) {
                long x = a[ai + i];
                o[oi + i] = x == y;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = x == y;
            }
        }
    }

    static void cmpNeRun(int n, boolean[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            for (int i = 0; i < n; i++) {
                long x = a[ai + i];
                long y = b[bi + i];
                o[oi + i] = x != y;
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            for (int i = 0; i < n; i++) {
                long y = b[bi + i];
                o[oi + i] = x != y;
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            for (int i = 0; i < n; i++) {
                long x = a[ai + i];
                o[oi + i] = x != y;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = x != y;
            }
        }
    }

    static void cmpLtRun(int n, boolean[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            for (int i = 0; i < n; i++) {
                long x = a[ai + i];
                long y = b[bi + i];
                o[oi + i] = x < y;
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            for (int i = 0; i < n; i++) {
                long y = b[bi + i];
                o[oi + i] = x < y;
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            for (int i = 0; i < n; i++) {
                long x = a[ai + i];
                o[oi + i] = x < y;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = x < y;
            }
        }
    }

    static void cmpLeRun(int n, boolean[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            for (int i = 0; i < n; i++) {
                long x = a[ai + i];
                long y = b[bi + i];
                o[oi + i] = x <= y;
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            for (int i = 0; i < n; i++) {
                long y = b[bi + i];
                o[oi + i] = x <= y;
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            for (int i = 0; i < n; i++) {
                long x = a[ai + i];
                o[oi + i] = x <= y;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = x <= y;
            }
        }
    }

    static void cmpGtRun(int n, boolean[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            for (int i = 0; i < n; i++) {
                long x = a[ai + i];
                long y = b[bi + i];
                o[oi + i] = x > y;
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            for (int i = 0; i < n; i++) {
                long y = b[bi + i];
                o[oi + i] = x > y;
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            for (int i = 0; i < n; i++) {
                long x = a[ai + i];
                o[oi + i] = x > y;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = x > y;
            }
        }
    }

    static void cmpGeRun(int n, boolean[] o, int oi, int os, long[] a, int ai, int as, long[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            for (int i = 0; i < n; i++) {
                long x = a[ai + i];
                long y = b[bi + i];
                o[oi + i] = x >= y;
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            long x = a[ai];
            for (int i = 0; i < n; i++) {
                long y = b[bi + i];
                o[oi + i] = x >= y;
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            long y = b[bi];
            for (int i = 0; i < n; i++) {
                long x = a[ai + i];
                o[oi + i] = x >= y;
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                long x = a[ai];
                long y = b[bi];
                o[oi] = x >= y;
            }
        }
    }
}
