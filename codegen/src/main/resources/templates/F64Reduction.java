//! Template of the loop classes org.ferrite.cpu.internal.kernel.typed.<DType>Reduction of the
//! one-lane dtypes I32, I64, F32 and F64, filled by ferrite-codegen (ReductionWriter) once per dtype.
//! It is plain Java written for F64: F64 stands for the dtype (its DType constant where it stands alone,
//! its class prefix inside a name such as F64Reduction), double for its element type.
//!
//! Regions:
//!     // @each OP    … // @end-each   once per ReduceOp the dtype defines other than MEAN (the
//!         operation table of ReductionWriter), in table order: SUM stands for the constant, sumRun
//!         and sumIntoRun for its run methods
//!     // @each MEAN_CASE … // @end-each   inside OP: the label of MEAN, which shares SUM's case (F32,
//!         F64: once in SUM's repetition; I32, I64: never)
//!     // @each MEAN  … // @end-each   what only a dtype with MEAN has (F32, F64: once; I32, I64: never)
//! Holes /*@name*/…/*@*/, the text between the markers being the value for F64 and SUM:
//!     lane        the type of the partial results: double for F32 and F64, the element type otherwise
//!     narrow      a double expression rounded to the element type (F32: a cast)
//!     identity    the value init fills in: SUM starts at -0.0, or +0.0 for an empty reduction
//!     start       the operation's identity in the lane type, each partial result's first value
//!     acc0 … acc3 partial result s0 … s3 with the element at its position folded in
//!     merge       the four partial results combined as (s0 ∘ s1) ∘ (s2 ∘ s3)
//!     mergeRun    the output element with a reduced run's result folded in, rounded to the element type
//!     into, intoOffset, intoStrided   the output element with x folded in, at each run's output index
//! For I32 and I64 the class comment's clause on divide is left out.
//! A code line the filling changes is rewrapped at 120 columns (one ending in a comma first joined
//! with its continuation lines); other lines are copied as written.
//! Lines starting with //! are notes and are not copied.
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
            // @each OP
            case SUM:
            // @each MEAN_CASE
            case MEAN:
            // @end-each
                F64Structural.fill(l, out, /*@identity*/emptyReduction ? 0.0 : -0.0/*@*/);
                return;
            // @end-each
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
            // @each OP
            case SUM:
            // @each MEAN_CASE
            case MEAN:
            // @end-each
                if (os == 0) {
                    do {
                        int p = l.pos(0);
                        o[p] = /*@mergeRun*/o[p] + sumRun(n, a, l.pos(1), as)/*@*/;
                    } while (l.next());
                } else {
                    do {
                        sumIntoRun(n, o, l.pos(0), os, a, l.pos(1), as);
                    } while (l.next());
                }
                return;
            // @end-each
            default:
                throw unsupported(op);
        }
    }

    // @each MEAN
    /**
     * Finishes a mean: divides every output element by {@code count} (0/0 gives NaN for an empty reduction, as NumPy).
     *
     * @param l a finished one-operand layout over the output
     * @param out output storage
     * @param count elements reduced into each output element
     */
    public static void divide(StridedLayout l, Object out, long count) {
        double[] o = (double[]) out;
        /*@lane*/double/*@*/ d = count;
        int n = l.innerExtent();
        int os = l.innerStride(0);
        l.reset();
        do {
            int p = l.pos(0);
            for (int i = 0; i < n; i++, p += os) {
                o[p] = /*@narrow*/o[p] / d/*@*/;
            }
        } while (l.next());
    }

    // @end-each
    // @each OP
    static /*@lane*/double/*@*/ sumRun(int n, double[] a, int ai, int as) {
        /*@lane*/double/*@*/ s0 = /*@start*/-0.0/*@*/;
        /*@lane*/double/*@*/ s1 = /*@start*/-0.0/*@*/;
        /*@lane*/double/*@*/ s2 = /*@start*/-0.0/*@*/;
        /*@lane*/double/*@*/ s3 = /*@start*/-0.0/*@*/;
        int i = 0;
        int p = ai;
        for (; i + 3 < n; i += 4, p += 4 * as) {
            s0 = /*@acc0*/s0 + a[p]/*@*/;
            s1 = /*@acc1*/s1 + a[p + as]/*@*/;
            s2 = /*@acc2*/s2 + a[p + 2 * as]/*@*/;
            s3 = /*@acc3*/s3 + a[p + 3 * as]/*@*/;
        }
        for (; i < n; i++, p += as) {
            s0 = /*@acc0*/s0 + a[p]/*@*/;
        }
        return /*@merge*/(s0 + s1) + (s2 + s3)/*@*/;
    }

    static void sumIntoRun(int n, double[] o, int oi, int os, double[] a, int ai, int as) {
        if (os == 1 && as == 1) {
            if (oi == ai) {
                for (int i = oi, end = oi + n; i < end; i++) {
                    double x = a[i];
                    o[i] = /*@into*/o[i] + x/*@*/;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    double x = a[ai + i];
                    o[oi + i] = /*@intoOffset*/o[oi + i] + x/*@*/;
                }
            }
        } else {
            for (int i = 0; i < n; i++, oi += os, ai += as) {
                double x = a[ai];
                o[oi] = /*@intoStrided*/o[oi] + x/*@*/;
            }
        }
    }

    // @end-each
    private static IllegalStateException unsupported(ReduceOp op) {
        return new IllegalStateException(op + " is not defined for F64 (OpTable); callers check"
                + " OpChecks.requireDefined first");
    }
}
