// GENERATED from codegen/src/main/resources/templates/F64Reduction.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.kernel.typed;

import org.ferrite.api.session.ReduceOp;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * Reductions over F64 storage: {@link #init} fills the output with the identity,
 * {@link #accumulate} folds every input element into its output element (layout operand 0 is the
 * output with stride 0 on reduced axes, operand 1 the input), {@link #divide} finishes a mean.
 * Partial results of a reduced inner run are kept in four independent accumulators combined as
 * {@code (p0 ∘ p1) ∘ (p2 ∘ p3)}; the visiting order depends only on the layout. Thread-safe (stateless); it has no
 * instances and holds no resources.
 */
public final class F64Reduction {
    private F64Reduction() {
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
            case MEAN:
                F64Structural.fill(l, out, emptyReduction ? 0.0 : -0.0);
                return;
            case PROD:
                F64Structural.fill(l, out, 1.0);
                return;
            case MAX:
                F64Structural.fill(l, out, Double.NEGATIVE_INFINITY);
                return;
            case MIN:
                F64Structural.fill(l, out, Double.POSITIVE_INFINITY);
                return;
            case SUM_SQUARES:
                F64Structural.fill(l, out, emptyReduction ? 0.0 : -0.0);
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
        double[] o = (double[]) out;
        double[] a = (double[]) x;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        int as = l.innerStride(1);
        l.reset();
        switch (op) {
            case SUM:
            case MEAN:
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
            case SUM_SQUARES:
                if (os == 0) {
                    do {
                        int p = l.pos(0);
                        o[p] = o[p] + sumSquaresRun(n, a, l.pos(1), as);
                    } while (l.next());
                } else {
                    do {
                        sumSquaresIntoRun(n, o, l.pos(0), os, a, l.pos(1), as);
                    } while (l.next());
                }
                return;
            default:
                throw unsupported(op);
        }
    }

    /**
     * Finishes a mean: divides every output element by {@code count} (0/0 gives NaN for an empty reduction, as NumPy).
     *
     * @param l a finished one-operand layout over the output
     * @param out output storage
     * @param count elements reduced into each output element
     */
    public static void divide(StridedLayout l, Object out, long count) {
        double[] o = (double[]) out;
        double d = count;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        l.reset();
        do {
            int p = l.pos(0);
            for (int i = 0; i < n; i++, p += os) {
                o[p] = o[p] / d;
            }
        } while (l.next());
    }

    static double sumRun(int n, double[] a, int ai, int as) {
        double s0 = -0.0;
        double s1 = -0.0;
        double s2 = -0.0;
        double s3 = -0.0;
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

    static void sumIntoRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = o[i] + x;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = o[oi + i] + x;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = o[oi] + x;
            }
        }
    }

    static double prodRun(int n, double[] a, int ai, int as) {
        double s0 = 1.0;
        double s1 = 1.0;
        double s2 = 1.0;
        double s3 = 1.0;
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

    static void prodIntoRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = o[i] * x;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = o[oi + i] * x;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = o[oi] * x;
            }
        }
    }

    static double maxRun(int n, double[] a, int ai, int as) {
        double s0 = Double.NEGATIVE_INFINITY;
        double s1 = Double.NEGATIVE_INFINITY;
        double s2 = Double.NEGATIVE_INFINITY;
        double s3 = Double.NEGATIVE_INFINITY;
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

    static void maxIntoRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.max(o[i], x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.max(o[oi + i], x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.max(o[oi], x);
            }
        }
    }

    static double minRun(int n, double[] a, int ai, int as) {
        double s0 = Double.POSITIVE_INFINITY;
        double s1 = Double.POSITIVE_INFINITY;
        double s2 = Double.POSITIVE_INFINITY;
        double s3 = Double.POSITIVE_INFINITY;
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

    static void minIntoRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = Math.min(o[i], x);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = Math.min(o[oi + i], x);
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = Math.min(o[oi], x);
            }
        }
    }

    static double sumSquaresRun(int n, double[] a, int ai, int as) {
        double s0 = -0.0;
        double s1 = -0.0;
        double s2 = -0.0;
        double s3 = -0.0;
        int i = 0;
        int p = ai;
        for (; i + 3 < n; i += 4, p += 4 * as) {
            s0 = s0 + a[p] * a[p];
            s1 = s1 + a[p + as] * a[p + as];
            s2 = s2 + a[p + 2 * as] * a[p + 2 * as];
            s3 = s3 + a[p + 3 * as] * a[p + 3 * as];
        }
        for (; i < n; i++, p += as) {
            s0 = s0 + a[p] * a[p];
        }
        return (s0 + s1) + (s2 + s3);
    }

    static void sumSquaresIntoRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = o[i] + x * x;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = o[oi + i] + x * x;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = o[oi] + x * x;
            }
        }
    }

    private static IllegalStateException unsupported(ReduceOp op) {
        return new IllegalStateException(op + " is not defined for F64 (OpTable); callers check"
                + " OpChecks.requireDefined first");
    }
}
