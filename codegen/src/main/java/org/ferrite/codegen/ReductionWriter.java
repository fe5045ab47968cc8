package org.ferrite.codegen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.codegen.DTypeTable.Kind;
import org.ferrite.codegen.DTypeTable.Spec;
import org.ferrite.codegen.Template.Fill;

/**
 * Writes {@code <DType>Reduction} — identity fill, accumulation and the mean's final division — from
 * the template {@code templates/F64Reduction.java} (I32, I64, F32, F64) and the kernel table below, how
 * each reduction folds, or from {@code templates/C128Reduction.java} (C64, C128: SUM, PROD, MEAN and
 * SUM_SQUARES, written out). Which reductions a dtype has is the API's operation table
 * ({@code OpTable}), which the kernels must cover exactly ({@link DefinedOps}).
 * Accumulation walks a layout whose output operand has stride 0 on reduced axes. When the inner axis
 * is reduced, a run is folded into four independent partial results (combined as
 * {@code (p0 ∘ p1) ∘ (p2 ∘ p3)}), kept in double for F32 and C64, and then into the output element;
 * otherwise the run updates output elements in place, which vectorises. The order is fixed by the
 * layout alone, so results do not depend on the thread count. Thread-safe (stateless after
 * construction).
 */
final class ReductionWriter {
    private final Spec s;

    ReductionWriter(Spec s) {
        this.s = s;
    }

    /**
     * A reduction: its enum constant, its identity (a literal of the given dtype), how an element
     * {@code x} is folded into a partial result {@code a}, and how two partial results combine.
     */
    static final class Op {
        final String constant;
        final Function<Spec, String> identity;
        final BinaryOperator<String> accumulate;
        final BinaryOperator<String> merge;

        Op(String constant, Function<Spec, String> identity, BinaryOperator<String> accumulate,
                BinaryOperator<String> merge) {
            this.constant = constant;
            this.identity = identity;
            this.accumulate = accumulate;
            this.merge = merge;
        }

        /** SUM and SUM_SQUARES: an empty reduction is {@code +0.0}, a non-empty one starts at {@code -0.0}. */
        boolean additive() {
            return constant.startsWith("SUM");
        }
    }

    /** MEAN: accumulated as SUM, then divided (the template's MEAN regions); only real floating dtypes. */
    private static final Op MEAN = new Op("MEAN", null, null, null);
    /** The reductions {@code templates/C128Reduction.java} writes out, for C64 and C128. */
    private static final List<String> COMPLEX_WRITTEN_OUT = List.of("SUM", "PROD", "MEAN", "SUM_SQUARES");

    /** @return the reductions {@code OpTable} defines for the dtype, with their kernels, in case order */
    Map<String, Op> defined() {
        Map<String, Op> kernels = new LinkedHashMap<>();
        if (s.kind == Kind.COMPLEX) {
            for (String written : COMPLEX_WRITTEN_OUT) {
                kernels.put(written, new Op(written, null, null, null));
            }
        } else if (s.kind != Kind.BOOL) {
            BinaryOperator<String> plus = (a, b) -> a + " + " + b;
            BinaryOperator<String> times = (a, b) -> a + " * " + b;
            BinaryOperator<String> max = (a, b) -> "Math.max(" + a + ", " + b + ")";
            BinaryOperator<String> min = (a, b) -> "Math.min(" + a + ", " + b + ")";
            Function<Spec, String> zero = t -> t.literal(t.kind == Kind.INT ? 0 : -0.0);
            for (Op op : List.of(new Op("SUM", zero, plus, plus), new Op("PROD", t -> t.literal(1), times, times),
                    new Op("MAX", t -> t.kind == Kind.INT ? t.box + ".MIN_VALUE"
                            : t.literal(Double.NEGATIVE_INFINITY), max, max),
                    new Op("MIN", t -> t.kind == Kind.INT ? t.box + ".MAX_VALUE"
                            : t.literal(Double.POSITIVE_INFINITY), min, min))) {
                kernels.put(op.constant, op);
            }
            if (s.kind == Kind.REAL) {
                kernels.put("SUM_SQUARES", new Op("SUM_SQUARES", zero, (a, x) -> a + " + " + x + " * " + x, plus));
                kernels.put("MEAN", MEAN);
            }
        }
        return DefinedOps.select("ReductionWriter.defined()", s, ReduceOp.class,
                (op, d) -> OpTable.of(op).computesIn(d), kernels);
    }

    /** @return the reductions of a one-lane dtype but MEAN (which accumulates as SUM), in case order */
    List<Op> ops() {
        List<Op> ops = new ArrayList<>(defined().values());
        ops.remove(MEAN);
        return ops;
    }

    String write() {
        Map<String, Op> defined = defined(); // fails unless the kernels cover the table's reductions exactly
        if (s.kind == Kind.COMPLEX) {
            return Template.named("C128Reduction.java").fill(Fill.dtype(Spec.C128, s)
                    .and(Fill.name(Spec.F64, s.storageSpec(), s.storageSpec())).hole("lane", "double")
                    .hole("narrow", s::narrow).hole("literal", text -> s.literal(Double.parseDouble(text))), Map.of());
        }
        boolean mean = defined.containsKey("MEAN");
        Fill whole = Fill.dtype(Spec.F64, s).hole("lane", lane().prim).hole("narrow", s::narrow);
        if (!mean) {
            whole = whole.and(Fill.word("the input), {@link #divide} finishes a mean.", "the input)."));
        }
        List<Fill> ops = new ArrayList<>();
        for (Op op : ops()) {
            ops.add(fill(op).region("MEAN_CASE", mean && op.constant.equals("SUM") ? List.of(Fill.NONE) : List.of()));
        }
        return Template.named("F64Reduction.java").fill(whole,
                Map.of("OP", ops, "MEAN", mean ? List.of(Fill.NONE) : List.of()));
    }

    /** The dtype of the partial results: F64 for F32 (and F64), the dtype itself for I32 and I64. */
    private Spec lane() {
        return s.kind == Kind.REAL ? Spec.F64 : s;
    }

    /** @return the words and holes of {@code op}'s repetition of the region OP */
    private Fill fill(Op op) {
        String run = Names.camel(op.constant);
        BinaryOperator<String> acc = op.accumulate;
        String identity = op.identity.apply(s);
        return Fill.word("SUM", op.constant).and(Fill.word("sumRun", run + "Run"))
                .and(Fill.word("sumIntoRun", run + "IntoRun"))
                .hole("identity", op.additive() && s.kind == Kind.REAL ? "emptyReduction ? " + s.literal(0) + " : "
                        + identity : identity)
                .hole("start", op.identity.apply(lane()))
                .hole("acc0", acc.apply("s0", "a[p]")).hole("acc1", acc.apply("s1", "a[p + as]"))
                .hole("acc2", acc.apply("s2", "a[p + 2 * as]")).hole("acc3", acc.apply("s3", "a[p + 3 * as]"))
                .hole("merge", op.merge.apply(pair(op, "s0", "s1"), pair(op, "s2", "s3")))
                .hole("mergeRun", s.narrow(op.merge.apply("o[p]", run + "Run(n, a, l.pos(1), as)")))
                .hole("into", acc.apply("o[i]", "x")).hole("intoOffset", acc.apply("o[oi + i]", "x"))
                .hole("intoStrided", acc.apply("o[oi]", "x"));
    }

    /** @return two partial results combined, parenthesised unless a call */
    private static String pair(Op op, String a, String b) {
        String e = op.merge.apply(a, b);
        return e.startsWith("Math.") ? e : "(" + e + ")";
    }
}
