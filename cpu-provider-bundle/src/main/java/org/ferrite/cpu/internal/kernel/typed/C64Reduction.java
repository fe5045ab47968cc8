// GENERATED from codegen/src/main/resources/templates/C128Reduction.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.kernel.typed;

import org.ferrite.api.session.ReduceOp;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * Reductions over C64 storage: {@link #init} fills the output with the identity,
 * {@link #accumulate} folds every input element into its output element (layout operand 0 is the
 * output with stride 0 on reduced axes, operand 1 the input), {@link #divide} finishes a mean.
 * Partial results of a reduced inner run are kept in four independent accumulators combined as
 * {@code (p0 ∘ p1) ∘ (p2 ∘ p3)}; the visiting order depends only on the layout. Thread-safe (stateless); it has no
 * instances and holds no resources.
 */
public final class C64Reduction {
    private C64Reduction() {
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
        float zero = emptyReduction ? 0.0f : -0.0f;
        switch (op) {
            case SUM:
            case MEAN:
                fill(l, (float[]) out, zero, zero);
                return;
            case PROD:
                fill(l, (float[]) out, 1.0f, 0.0f);
                return;
            case SUM_SQUARES:
                F32Structural.fill(l, out, zero);
                return;
            default:
                throw unsupported(op);
        }
    }

    private static void fill(StridedLayout l, float[] o, float re, float im) {
        int n = l.innerExtent();
        int os = l.innerStride(0);
        l.reset();
        do {
            int p = l.pos(0);
            for (int i = 0; i < n; i++, p += os) {
                o[p] = re;
                o[p + 1] = im;
            }
        } while (l.next());
    }

    /**
     * Folds every input element into its output element.
     *
     * @param op a supported reduction
     * @param l a finished layout (output with stride 0 on reduced axes, input)
     * @param out output storage (the real type for SUM_SQUARES), initialised by {@link #init}
     * @param x input storage
     */
    public static void accumulate(ReduceOp op, StridedLayout l, Object out, Object x) {
        float[] o = (float[]) out;
        float[] a = (float[]) x;
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
                        int q = l.pos(1);
                        double sr = o[p];
                        double si = o[p + 1];
                        for (int i = 0; i < n; i++, q += as) {
                            sr += a[q];
                            si += a[q + 1];
                        }
                        o[p] = (float) (sr);
                        o[p + 1] = (float) (si);
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
                        int q = l.pos(1);
                        double pr = o[p];
                        double pi = o[p + 1];
                        for (int i = 0; i < n; i++, q += as) {
                            double r = pr * a[q] - pi * a[q + 1];
                            pi = pr * a[q + 1] + pi * a[q];
                            pr = r;
                        }
                        o[p] = (float) (pr);
                        o[p + 1] = (float) (pi);
                    } while (l.next());
                } else {
                    do {
                        prodIntoRun(n, o, l.pos(0), os, a, l.pos(1), as);
                    } while (l.next());
                }
                return;
            case SUM_SQUARES:
                if (os == 0) {
                    do {
                        int p = l.pos(0);
                        o[p] = (float) (o[p] + sumSquaresRun(n, a, l.pos(1), as));
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
        float[] o = (float[]) out;
        double d = count;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        l.reset();
        do {
            int p = l.pos(0);
            for (int i = 0; i < n; i++, p += os) {
                o[p] = (float) (o[p] / d);
                o[p + 1] = (float) (o[p + 1] / d);
            }
        } while (l.next());
    }

    static void sumIntoRun(int n, float[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    float xr = a[i];
                    float xi = a[i + 1];
                    o[i] = o[i] + xr;
                    o[i + 1] = o[i + 1] + xi;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    float xr = a[ai + 2 * i];
                    float xi = a[ai + 2 * i + 1];
                    o[oi + 2 * i] = o[oi + 2 * i] + xr;
                    o[oi + 2 * i + 1] = o[oi + 2 * i + 1] + xi;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float xr = a[ai];
                float xi = a[ai + 1];
                o[oi] = o[oi] + xr;
                o[oi + 1] = o[oi + 1] + xi;
            }
        }
    }

    static void prodIntoRun(int n, float[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 2 && as == 2) {
            if (oi == ai) {
                for (int i = oi, end = oi + 2 * n; i < end; i += 2) {
                    float xr = a[i];
                    float xi = a[i + 1];
                    float r = o[i];
                    float m = o[i + 1];
                    o[i] = r * xr - m * xi;
                    o[i + 1] = r * xi + m * xr;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    float xr = a[ai + 2 * i];
                    float xi = a[ai + 2 * i + 1];
                    float r = o[oi + 2 * i];
                    float m = o[oi + 2 * i + 1];
                    o[oi + 2 * i] = r * xr - m * xi;
                    o[oi + 2 * i + 1] = r * xi + m * xr;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float xr = a[ai];
                float xi = a[ai + 1];
                float r = o[oi];
                float m = o[oi + 1];
                o[oi] = r * xr - m * xi;
                o[oi + 1] = r * xi + m * xr;
            }
        }
    }

    static void sumSquaresIntoRun(int n, float[] o, int oi, int os, float[] a, int ai, int as) {
        if (os == 1 && as == 2) {
            for (int i = 0; i < n; i++) {
                float xr = a[ai + 2 * i];
                float xi = a[ai + 2 * i + 1];
                o[oi + i] = o[oi + i] + (xr * xr + xi * xi);
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                float xr = a[ai];
                float xi = a[ai + 1];
                o[oi] = o[oi] + (xr * xr + xi * xi);
            }
        }
    }

    static double sumSquaresRun(int n, float[] a, int ai, int as) {
        double s0 = -0.0;
        double s1 = -0.0;
        double s2 = -0.0;
        double s3 = -0.0;
        int i = 0;
        int p = ai;
        for (; i + 3 < n; i += 4, p += 4 * as) {
            s0 = s0 + (a[p] * a[p] + a[p + 1] * a[p + 1]);
            s1 = s1 + (a[p + as] * a[p + as] + a[p + as + 1] * a[p + as + 1]);
            s2 = s2 + (a[p + 2 * as] * a[p + 2 * as] + a[p + 2 * as + 1] * a[p + 2 * as + 1]);
            s3 = s3 + (a[p + 3 * as] * a[p + 3 * as] + a[p + 3 * as + 1] * a[p + 3 * as + 1]);
        }
        for (; i < n; i++, p += as) {
            s0 = s0 + (a[p] * a[p] + a[p + 1] * a[p + 1]);
        }
        return (s0 + s1) + (s2 + s3);
    }

    private static IllegalStateException unsupported(ReduceOp op) {
        return new IllegalStateException(op + " is not defined for C64 (OpTable); callers check"
                + " OpChecks.requireDefined first");
    }
}
