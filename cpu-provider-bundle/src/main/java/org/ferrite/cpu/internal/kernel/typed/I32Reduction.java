// GENERATED from codegen/src/main/resources/templates/F64Reduction.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.kernel.typed;

import org.ferrite.api.session.ReduceOp;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * Reductions over I32 storage: {@link #init} fills the output with the identity,
 * {@link #accumulate} folds every input element into its output element (layout operand 0 is the
 * output with stride 0 on reduced axes, operand 1 the input).
 * Partial results of a reduced inner run are kept in four independent accumulators combined as
 * {@code (p0 ∘ p1) ∘ (p2 ∘ p3)}; the visiting order depends only on the layout. Thread-safe (stateless); it has no
 * instances and holds no resources.
 */
public final class I32Reduction {
    private I32Reduction() {
    }

    /**
     * Fills the output with the reduction's identity (SUM: {@code -0.0} so that a sum of one {@code -0.0} stays
     * {@code -0.0}, {@code +0.0} for an empty reduction).
     *
     * @param op a supported reduction
     * @param l a finished one-operand layout over the output
     * @param out output storage
     * @param emptyReduction true if no element is reduced into each output
     */
    public static void init(ReduceOp op, StridedLayout l, Object out, boolean emptyReduction) {
        switch (op) {
            case SUM:
                I32Structural.fill(l, out, 0);
                return;
            case PROD:
                I32Structural.fill(l, out, 1);
                return;
            case MAX:
                I32Structural.fill(l, out, Integer.MIN_VALUE);
                return;
            case MIN:
                I32Structural.fill(l, out, Integer.MAX_VALUE);
                return;
            default:
                throw unsupported(op);
        }
    }

    /**
     * Folds every input element into its output element.
     *
     * @param op a supported reduction
     * @param l a finished layout (output with stride 0 on reduced axes, input)
     * @param out output storage, initialised by {@link #init}
     * @param x input storage
     */
    public static void accumulate(ReduceOp op, StridedLayout l, Object out, Object x) {
        int[] o = (int[]) out;
        int[] a = (int[]) x;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        int as = l.innerStride(1);
        l.reset();
        switch (op) {
            case SUM:
                if (os == 0) {
                    do {
                        int p = l.pos(0);
                        o[p] = o[p] + sumRun(n, a, l.pos(1), as);
                    } while (l.next());
                } else {
                    do {
                        sumIntoRun(n, o, l.pos(0), os, a, l.pos(1), as);
                    } while (l.next());
                }
                return;
            case PROD:
                if (os == 0) {
                    do {
                        int p = l.pos(0);
                        o[p] = o[p] * prodRun(n, a, l.pos(1), as);
                    } while (l.next());
                } else {
                    do {
                        prodIntoRun(n, o, l.pos(0), os, a, l.pos(1), as);
                    } while (l.next());
                }
                return;
            case MAX:
                if (os == 0) {
                    do {
                        int p = l.pos(0);
                        o[p] = Math.max(o[p], maxRun(n, a, l.pos(1), as));
                    } while (l.next());
                } else {
                    do {
                        maxIntoRun(n, o, l.pos(0), os, a, l.pos(1), as);
                    } while (l.next());
                }
                return;
            case MIN:
                if (os == 0) {
                    do {
                        int p = l.pos(0);
                        o[p] = Math.min(o[p], minRun(n, a, l.pos(1), as));
                    } while (l.next());
                } else {
                    do {
                        minIntoRun(n, o, l.pos(0), os, a, l.pos(1), as);
                    } while (l.next());
                }
                return;
            default:
                throw unsupported(op);
        }
    }

    static int sumRun(int n, int[] a, int ai, int as) {
        int s0 = 0;
        int s1 = 0;
        int s2 = 0;
        int s3 = 0;
        int i = 0;
        int p = ai;
        for (; i + 3 < n; i += 4, p += 4 * as) {
            s0 = s0 + a[p];
            s1 = s1 + a[p + as];
            s2 = s2 + a[p + 2 * as];
            s3 = s3 + a[p + 3 * as];
        }
        for (; i < n; i++, p += as) {
            s0 = s0 + a[p];
        }
        return (s0 + s1) + (s2 + s3);
    }

    static void sumIntoRun(int n, int[] o, int oi, int os, int[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    int x = a[i];
                    o[i] = o[i] + x;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    int x = a[ai + i];
                    o[oi + i] = o[oi + i] + x;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                int x = a[ai];
                o[oi] = o[oi] + x;
            }
        }
    }

    static int prodRun(int n, int[] a, int ai, int as) {
        int s0 = 1;
        int s1 = 1;
        int s2 = 1;
        int s3 = 1;
        int i = 0;
        int p = ai;
        for (; i + 3 < n; i += 4, p += 4 * as) {
            s0 = s0 * a[p];
            s1 = s1 * a[p + as];
            s2 = s2 * a[p + 2 * as];
            s3 = s3 * a[p + 3 * as];
        }
        for (; i < n; i++, p += as) {
            s0 = s0 * a[p];
        }
        return (s0 * s1) * (s2 * s3);
    }

    static void prodIntoRun(int n, int[] o, int oi, int os, int[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    int x = a[i];
                    o[i] = o[i] * x;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    int x = a[ai + i];
                    o[oi + i] = o[oi + i] * x;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                int x = a[ai];
                o[oi] = o[oi] * x;
            }
        }
    }

    static int maxRun(int n, int[] a, int ai, int as) {
        int s0 = Integer.MIN_VALUE;
        int s1 = Integer.MIN_VALUE;
        int s2 = Integer.MIN_VALUE;
        int s3 = Integer.MIN_VALUE;
        int i = 0;
        int p = ai;
        for (; i + 3 < n; i += 4, p += 4 * as) {
            s0 = Math.max(s0, a[p]);
            s1 = Math.max(s1, a[p + as]);
            s2 = Math.max(s2, a[p + 2 * as]);
            s3 = Math.max(s3, a[p + 3 * as]);
        }
        for (; i < n; i++, p += as) {
            s0 = Math.max(s0, a[p]);
        }
        return Math.max(Math.max(s0, s1), Math.max(s2, s3));
    }

    static void maxIntoRun(int n, int[] o, int oi, int os, int[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    int x = a[i];
                    o[i] = Math.max(o[i], x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    int x = a[ai + i];
                    o[oi + i] = Math.max(o[oi + i], x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                int x = a[ai];
                o[oi] = Math.max(o[oi], x);
            }
        }
    }

    static int minRun(int n, int[] a, int ai, int as) {
        int s0 = Integer.MAX_VALUE;
        int s1 = Integer.MAX_VALUE;
        int s2 = Integer.MAX_VALUE;
        int s3 = Integer.MAX_VALUE;
        int i = 0;
        int p = ai;
        for (; i + 3 < n; i += 4, p += 4 * as) {
            s0 = Math.min(s0, a[p]);
            s1 = Math.min(s1, a[p + as]);
            s2 = Math.min(s2, a[p + 2 * as]);
            s3 = Math.min(s3, a[p + 3 * as]);
        }
        for (; i < n; i++, p += as) {
            s0 = Math.min(s0, a[p]);
        }
        return Math.min(Math.min(s0, s1), Math.min(s2, s3));
    }

    static void minIntoRun(int n, int[] o, int oi, int os, int[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    int x = a[i];
                    o[i] = Math.min(o[i], x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    int x = a[ai + i];
                    o[oi + i] = Math.min(o[oi + i], x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                int x = a[ai];
                o[oi] = Math.min(o[oi], x);
            }
        }
    }

    private static IllegalStateException unsupported(ReduceOp op) {
        return new IllegalStateException(op + " is not defined for I32 (OpTable); callers check"
                + " OpChecks.requireDefined first");
    }
}
