// GENERATED from codegen/src/main/resources/templates/F64Reduction.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.kernel.typed;

import org.ferrite.api.session.ReduceOp;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * Reductions over I64 storage: {@link #init} fills the output with the identity,
 * {@link #accumulate} folds every input element into its output element (layout operand 0 is the
 * output with stride 0 on reduced axes, operand 1 the input).
 * Partial results of a reduced inner run are kept in four independent accumulators combined as
 * {@code (p0 ∘ p1) ∘ (p2 ∘ p3)}; the visiting order depends only on the layout. Thread-safe (stateless); it has no
 * instances and holds no resources.
 */
public final class I64Reduction {
    private I64Reduction() {
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
                I64Structural.fill(l, out, 0L);
                return;
            case PROD:
                I64Structural.fill(l, out, 1L);
                return;
            case MAX:
                I64Structural.fill(l, out, Long.MIN_VALUE);
                return;
            case MIN:
                I64Structural.fill(l, out, Long.MAX_VALUE);
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
        long[] o = (long[]) out;
        long[] a = (long[]) x;
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

    static long sumRun(int n, long[] a, int ai, int as) {
        long s0 = 0L;
        long s1 = 0L;
        long s2 = 0L;
        long s3 = 0L;
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

    static void sumIntoRun(int n, long[] o, int oi, int os, long[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = o[i] + x;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = o[oi + i] + x;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                long x = a[ai];
                o[oi] = o[oi] + x;
            }
        }
    }

    static long prodRun(int n, long[] a, int ai, int as) {
        long s0 = 1L;
        long s1 = 1L;
        long s2 = 1L;
        long s3 = 1L;
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

    static void prodIntoRun(int n, long[] o, int oi, int os, long[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = o[i] * x;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = o[oi + i] * x;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                long x = a[ai];
                o[oi] = o[oi] * x;
            }
        }
    }

    static long maxRun(int n, long[] a, int ai, int as) {
        long s0 = Long.MIN_VALUE;
        long s1 = Long.MIN_VALUE;
        long s2 = Long.MIN_VALUE;
        long s3 = Long.MIN_VALUE;
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

    static void maxIntoRun(int n, long[] o, int oi, int os, long[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = Math.max(o[i], x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = Math.max(o[oi + i], x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                long x = a[ai];
                o[oi] = Math.max(o[oi], x);
            }
        }
    }

    static long minRun(int n, long[] a, int ai, int as) {
        long s0 = Long.MAX_VALUE;
        long s1 = Long.MAX_VALUE;
        long s2 = Long.MAX_VALUE;
        long s3 = Long.MAX_VALUE;
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

    static void minIntoRun(int n, long[] o, int oi, int os, long[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    long x = a[i];
                    o[i] = Math.min(o[i], x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    long x = a[ai + i];
                    o[oi + i] = Math.min(o[oi + i], x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                long x = a[ai];
                o[oi] = Math.min(o[oi], x);
            }
        }
    }

    private static IllegalStateException unsupported(ReduceOp op) {
        return new IllegalStateException(op + " is not defined for I64 (OpTable); callers check"
                + " OpChecks.requireDefined first");
    }
}
