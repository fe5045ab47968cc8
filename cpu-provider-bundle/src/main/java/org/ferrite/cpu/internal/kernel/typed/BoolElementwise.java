// GENERATED from codegen/src/main/resources/templates/F64Elementwise.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.kernel.typed;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * Elementwise maps over BOOL storage ({@code boolean[]}): {@code out[i] = op(a[i], b[i])},
 * {@code out[i] = op(a[i])} and {@code out[i] = a[i] cmp b[i]} (BOOL output). Each driver walks a
 * finished {@link StridedLayout} whose operand 0 is the output; {@code …Flat} forms take compact
 * runs. Callers validate first (dtypes, shapes, aliasing, and that {@code OpTable} defines the
 * pair). Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class BoolElementwise {
    private BoolElementwise() {
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
        boolean[] o = (boolean[]) out;
        boolean[] a = (boolean[]) lhs;
        boolean[] b = (boolean[]) rhs;
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
            case MUL:
                do {
                    mulRun(n, o, l.pos(0), os, a, l.pos(1), as, b, l.pos(2), bs);
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
        boolean[] o = (boolean[]) out;
        boolean[] a = (boolean[]) lhs;
        boolean[] b = (boolean[]) rhs;
        switch (op) {
            case ADD:
                addRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case MUL:
                mulRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
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
            default:
                throw unsupported(op);
        }
    }

    /**
     * {@code out = op(x)} over a finished two-operand layout.
     *
     * @param op a supported operation
     * @param l the layout (output, x)
     * @param out output storage (BOOL)
     * @param x input storage
     */
    public static void unary(UnaryOp op, StridedLayout l, Object out, Object x) {
        boolean[] o = (boolean[]) out;
        boolean[] a = (boolean[]) x;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        int as = l.innerStride(1);
        l.reset();
        switch (op) {
            case CONJ:
                do {
                    conjRun(n, o, l.pos(0), os, a, l.pos(1), as);
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
        boolean[] o = (boolean[]) out;
        boolean[] a = (boolean[]) x;
        switch (op) {
            case CONJ:
                conjRun(n, o, oi, 1, a, ai, 1);
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
        boolean[] a = (boolean[]) lhs;
        boolean[] b = (boolean[]) rhs;
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
        boolean[] a = (boolean[]) lhs;
        boolean[] b = (boolean[]) rhs;
        switch (op) {
            case EQ:
                cmpEqRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            case NE:
                cmpNeRun(n, o, oi, 1, a, ai, 1, b, bi, 1);
                return;
            default:
                throw unsupported(op);
        }
    }

    private static IllegalStateException unsupported(Enum<?> op) {
        return new IllegalStateException(op + " is not defined for BOOL (OpTable); callers check"
                + " OpChecks.requireDefined first");
    }

    static void addRun(int n, boolean[] o, int oi, int os, boolean[] a, int ai, int as, boolean[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    boolean y = b[i];
                    o[i] = x | y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    boolean y = b[bi + i];
                    o[oi + i] = x | y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            boolean x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean y = b[i];
                    o[i] = x | y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean y = b[bi + i];
                    o[oi + i] = x | y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            boolean y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    o[i] = x | y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    o[oi + i] = x | y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                boolean x = a[ai];
                boolean y = b[bi];
                o[oi] = x | y;
            }
        }
    }

    static void mulRun(int n, boolean[] o, int oi, int os, boolean[] a, int ai, int as, boolean[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    boolean y = b[i];
                    o[i] = x & y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    boolean y = b[bi + i];
                    o[oi + i] = x & y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            boolean x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean y = b[i];
                    o[i] = x & y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean y = b[bi + i];
                    o[oi + i] = x & y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            boolean y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    o[i] = x & y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    o[oi + i] = x & y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                boolean x = a[ai];
                boolean y = b[bi];
                o[oi] = x & y;
            }
        }
    }

    static void andRun(int n, boolean[] o, int oi, int os, boolean[] a, int ai, int as, boolean[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    boolean y = b[i];
                    o[i] = x & y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    boolean y = b[bi + i];
                    o[oi + i] = x & y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            boolean x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean y = b[i];
                    o[i] = x & y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean y = b[bi + i];
                    o[oi + i] = x & y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            boolean y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    o[i] = x & y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    o[oi + i] = x & y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                boolean x = a[ai];
                boolean y = b[bi];
                o[oi] = x & y;
            }
        }
    }

    static void orRun(int n, boolean[] o, int oi, int os, boolean[] a, int ai, int as, boolean[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    boolean y = b[i];
                    o[i] = x | y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    boolean y = b[bi + i];
                    o[oi + i] = x | y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            boolean x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean y = b[i];
                    o[i] = x | y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean y = b[bi + i];
                    o[oi + i] = x | y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            boolean y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    o[i] = x | y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    o[oi + i] = x | y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                boolean x = a[ai];
                boolean y = b[bi];
                o[oi] = x | y;
            }
        }
    }

    static void xorRun(int n, boolean[] o, int oi, int os, boolean[] a, int ai, int as, boolean[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    boolean y = b[i];
                    o[i] = x ^ y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    boolean y = b[bi + i];
                    o[oi + i] = x ^ y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            boolean x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean y = b[i];
                    o[i] = x ^ y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean y = b[bi + i];
                    o[oi + i] = x ^ y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            boolean y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    o[i] = x ^ y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    o[oi + i] = x ^ y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                boolean x = a[ai];
                boolean y = b[bi];
                o[oi] = x ^ y;
            }
        }
    }

    static void conjRun(int n, boolean[] o, int oi, int os, boolean[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    o[i] = x;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    o[oi + i] = x;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                boolean x = a[ai];
                o[oi] = x;
            }
        }
    }

    static void notRun(int n, boolean[] o, int oi, int os, boolean[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    o[i] = !x;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    o[oi + i] = !x;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                boolean x = a[ai];
                o[oi] = !x;
            }
        }
    }

    static void cmpEqRun(int n, boolean[] o, int oi, int os, boolean[] a, int ai, int as, boolean[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    boolean y = b[i];
                    o[i] = x == y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    boolean y = b[bi + i];
                    o[oi + i] = x == y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            boolean x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean y = b[i];
                    o[i] = x == y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean y = b[bi + i];
                    o[oi + i] = x == y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            boolean y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    o[i] = x == y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    o[oi + i] = x == y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                boolean x = a[ai];
                boolean y = b[bi];
                o[oi] = x == y;
            }
        }
    }

    static void cmpNeRun(int n, boolean[] o, int oi, int os, boolean[] a, int ai, int as, boolean[] b, int bi, int bs) {
        if (os == 1 && as == 1 && bs == 1) {
            if (oi == ai && oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    boolean y = b[i];
                    o[i] = x != y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    boolean y = b[bi + i];
                    o[oi + i] = x != y;
                }
            }
        } else if (os == 1 && as == 0 && bs == 1) {
            boolean x = a[ai];
            if (oi == bi) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean y = b[i];
                    o[i] = x != y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean y = b[bi + i];
                    o[oi + i] = x != y;
                }
            }
        } else if (os == 1 && as == 1 && bs == 0) {
            boolean y = b[bi];
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    boolean x = a[i];
                    o[i] = x != y;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    boolean x = a[ai + i];
                    o[oi + i] = x != y;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as, bi += bs) {
                boolean x = a[ai];
                boolean y = b[bi];
                o[oi] = x != y;
            }
        }
    }
}
