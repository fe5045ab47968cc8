package org.ferrite.codegen;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.ferrite.codegen.Loops.Code;
import org.ferrite.codegen.DTypeTable.Kind;
import org.ferrite.codegen.Loops.Operand;
import org.ferrite.codegen.DTypeTable.Spec;

/**
 * Writes {@code <DType>Reduction}: identity fill, accumulation and the mean's final division.
 * Accumulation walks a layout whose output operand has stride 0 on reduced axes. When the inner axis
 * is reduced, a run is folded into four independent partial results (combined as
 * {@code (p0 ∘ p1) ∘ (p2 ∘ p3)}) and then into the output element; otherwise the run updates
 * output elements in place, which vectorises. The order is fixed by the layout alone, so results do
 * not depend on the thread count.
 */
final class ReductionWriter {
    private final Spec s;

    ReductionWriter(Spec s) {
        this.s = s;
    }

    /** {enum, method, accumulate($a, $v), merge($a, $b), identity of a non-empty reduction}. */
    private List<String[]> realOps() {
        List<String[]> r = new ArrayList<>();
        String zero = s.kind == Kind.INT ? s.literal(0) : s.literal(-0.0);
        r.add(new String[] {"SUM", "sum", "$a + $v", "$a + $b", zero});
        r.add(new String[] {"PROD", "prod", "$a * $v", "$a * $b", s.literal(1)});
        r.add(new String[] {"MAX", "max", "Math.max($a, $v)", "Math.max($a, $b)", maxIdentity()});
        r.add(new String[] {"MIN", "min", "Math.min($a, $v)", "Math.min($a, $b)", minIdentity()});
        if (s.kind == Kind.REAL) {
            r.add(new String[] {"SUM_SQUARES", "sumSquares", "$a + $v * $v", "$a + $b", zero});
        }
        return r;
    }

    private String maxIdentity() {
        return s.kind == Kind.INT ? s.box + ".MIN_VALUE" : s.literal(Double.NEGATIVE_INFINITY);
    }

    private String minIdentity() {
        return s.kind == Kind.INT ? s.box + ".MAX_VALUE" : s.literal(Double.POSITIVE_INFINITY);
    }

    private List<String[]> supported() {
        List<String[]> r = new ArrayList<>();
        if (s.kind == Kind.COMPLEX) {
            for (String op : new String[] {"SUM", "PROD", "MEAN", "SUM_SQUARES"}) {
                r.add(new String[] {op});
            }
            return r;
        }
        for (String[] op : realOps()) {
            r.add(new String[] {op[0]});
        }
        if (s.kind == Kind.REAL) {
            r.add(new String[] {"MEAN"});
        }
        return r;
    }

    String write() {
        String cls = s.dtype + "Reduction";
        Code c = new Code();
        c.lines(Loops.header(ReductionWriter.class, "org.ferrite.api.session.ReduceOp",
                "org.ferrite.cpu.internal.kernel.stride.StridedLayout"));
        c.line("/**");
        c.line(" * Reductions over " + s.dtypeName + " storage: {@link #init} fills the output with the identity,");
        c.line(" * {@link #accumulate} folds every input element into its output element (layout operand 0 is the");
        c.line(" * output with stride 0 on reduced axes, operand 1 the input)"
                + (s.kind == Kind.INT ? "." : ", {@link #divide} finishes a mean."));
        c.line(" * Partial results of a reduced inner run are kept in four independent accumulators combined as");
        c.line(" * {@code (p0 ∘ p1) ∘ (p2 ∘ p3)}; the visiting order depends only on the layout. Thread-safe"
                + " (stateless); it has no instances and holds no resources.");
        c.line(" */");
        c.line("public final class " + cls + " {");
        c.line("private " + cls + "() {");
        c.line("}");
        c.line("");
        Loops.emitSupports(c, s, "ReduceOp", supported());
        if (s.kind == Kind.COMPLEX) {
            complexBody(c);
        } else {
            realBody(c);
        }
        c.line("private static IllegalStateException unsupported(ReduceOp op) {");
        c.line("return new IllegalStateException(op + \" is not defined for " + s.dtypeName
                + "; check supports(op) first\");");
        c.line("}");
        String text = c.toString();
        return text + "}\n";
    }

    private void initDoc(Code c) {
        Loops.javadocParams(c, "Fills the output with the reduction's identity (SUM: {@code -0.0} so that"
                + " a sum of one {@code -0.0} stays {@code -0.0}, {@code +0.0} for an empty reduction).",
                "op a supported reduction", "l a finished one-operand layout over the output",
                "out output storage", "emptyReduction true if no element is reduced into each output");
    }

    private void realBody(Code c) {
        String a = s.array();
        String structural = s.dtype + "Structural";
        initDoc(c);
        c.line("public static void init(ReduceOp op, StridedLayout l, Object out, boolean emptyReduction) {");
        c.line("switch (op) {");
        for (String[] op : realOps()) {
            boolean additive = op[2].startsWith("$a + ");
            if (op[0].equals("SUM") && s.kind == Kind.REAL) {
                c.line("case SUM:");
                c.caseLabel("case MEAN:");
            } else {
                c.caseLabel("case " + op[0] + ":");
            }
            String value = additive && s.kind == Kind.REAL ? "emptyReduction ? " + s.literal(0) + " : " + op[4] : op[4];
            c.line(structural + ".fill(l, out, " + value + ");");
            c.line("return;");
            c.endCase();
        }
        c.caseLabel("default:");
        c.line("throw unsupported(op);");
        c.endCase();
        c.line("}");
        c.line("}");
        c.line("");
        Loops.javadocParams(c, "Folds every input element into its output element.",
                "op a supported reduction", "l a finished layout (output with stride 0 on reduced axes, input)",
                "out output storage, initialised by {@link #init}", "x input storage");
        c.line("public static void accumulate(ReduceOp op, StridedLayout l, Object out, Object x) {");
        c.line(a + " o = (" + a + ") out;");
        c.line(a + " a = (" + a + ") x;");
        c.line("int n = l.innerExtent();");
        c.line("int os = l.innerStride(0);");
        c.line("int as = l.innerStride(1);");
        c.line("l.reset();");
        c.line("switch (op) {");
        for (String[] op : realOps()) {
            if (op[0].equals("SUM") && s.kind == Kind.REAL) {
                c.line("case SUM:");
                c.caseLabel("case MEAN:");
            } else {
                c.caseLabel("case " + op[0] + ":");
            }
            c.line("if (os == 0) {");
            c.line("do {");
            c.line("int p = l.pos(0);");
            c.line("o[p] = " + s.narrow(op[3].replace("$a", "o[p]").replace("$b", op[1] + "Run(n, a, l.pos(1), as)"))
                    + ";");
            c.line("} while (l.next());");
            c.line("} else {");
            Loops.emitWalk(c, op[1] + "Into", 2, "");
            c.line("}");
            c.line("return;");
            c.endCase();
        }
        c.caseLabel("default:");
        c.line("throw unsupported(op);");
        c.endCase();
        c.line("}");
        c.line("}");
        c.line("");
        if (s.kind == Kind.REAL) {
            divide(c, false);
        }
        for (String[] op : realOps()) {
            emitLaneRun(c, op[1], laneIdentity(op[0]), op[2], op[3], "a[@]");
            Loops.emitRun(c, op[1] + "Into", Loops.output(a, 1),
                    Collections.singletonList(Loops.input("a", s, "x")),
                    "o[#] = " + op[2].replace("$a", "o[#]").replace("$v", "x") + ";", false, "");
        }
    }

    /**
     * {@code static T <name>Run(int n, T[] a, int ai, int as)}: the fold of one strided run into four
     * partial accumulators; {@code value} reads the element at {@code @}.
     */
    /** The accumulator type of lane runs: F32 and C64 partial results are kept in double. */
    private String laneType() {
        return s.isFloat() ? "double" : s.prim;
    }

    /** The identity of a non-empty reduction, as a literal of {@link #laneType()}. */
    private String laneIdentity(String op) {
        Spec lane = s.isFloat() ? Spec.F64 : s;
        switch (op) {
            case "PROD":
                return lane.literal(1);
            case "MAX":
                return lane.kind == Kind.INT ? lane.box + ".MIN_VALUE" : lane.literal(Double.NEGATIVE_INFINITY);
            case "MIN":
                return lane.kind == Kind.INT ? lane.box + ".MAX_VALUE" : lane.literal(Double.POSITIVE_INFINITY);
            default:
                return lane.kind == Kind.INT ? lane.literal(0) : lane.literal(-0.0);
        }
    }

    private void emitLaneRun(Code c, String name, String identity, String acc, String merge, String value) {
        String t = laneType();
        c.line("static " + t + " " + name + "Run(int n, " + s.array() + " a, int ai, int as) {");
        for (int k = 0; k < 4; k++) {
            c.line(t + " s" + k + " = " + identity + ";");
        }
        c.line("int i = 0;");
        c.line("int p = ai;");
        c.line("for (; i + 3 < n; i += 4, p += 4 * as) {");
        String[] at = {"p", "p + as", "p + 2 * as", "p + 3 * as"};
        for (int k = 0; k < 4; k++) {
            c.line("s" + k + " = " + acc.replace("$a", "s" + k).replace("$v", value.replace("@", at[k])) + ";");
        }
        c.line("}");
        c.line("for (; i < n; i++, p += as) {");
        c.line("s0 = " + acc.replace("$a", "s0").replace("$v", value.replace("@", "p")) + ";");
        c.line("}");
        String m01 = merge.replace("$a", "s0").replace("$b", "s1");
        String m23 = merge.replace("$a", "s2").replace("$b", "s3");
        c.line("return " + merge.replace("$a", paren(m01)).replace("$b", paren(m23)) + ";");
        c.line("}");
        c.line("");
    }

    private static String paren(String e) {
        return e.contains(" ") && !e.startsWith("Math.") ? "(" + e + ")" : e;
    }

    private void divide(Code c, boolean complex) {
        String a = s.array();
        Loops.javadocParams(c, "Finishes a mean: divides every output element by {@code count}"
                + " (0/0 gives NaN for an empty reduction, as NumPy).",
                "l a finished one-operand layout over the output", "out output storage",
                "count elements reduced into each output element");
        c.line("public static void divide(StridedLayout l, Object out, long count) {");
        c.line(a + " o = (" + a + ") out;");
        c.line("double d = count;");
        c.line("int n = l.innerExtent();");
        c.line("int os = l.innerStride(0);");
        c.line("l.reset();");
        c.line("do {");
        c.line("int p = l.pos(0);");
        c.line("for (int i = 0; i < n; i++, p += os) {");
        c.line("o[p] = " + s.narrow("o[p] / d") + ";");
        if (complex) {
            c.line("o[p + 1] = " + s.narrow("o[p + 1] / d") + ";");
        }
        c.line("}");
        c.line("} while (l.next());");
        c.line("}");
        c.line("");
    }

    private void complexBody(Code c) {
        String a = s.array();
        String t = s.prim;
        String realStructural = s.storageSpec().dtype + "Structural";
        initDoc(c);
        c.line("public static void init(ReduceOp op, StridedLayout l, Object out, boolean emptyReduction) {");
        c.line(t + " zero = emptyReduction ? " + s.literal(0) + " : " + s.literal(-0.0) + ";");
        c.line("switch (op) {");
        c.line("case SUM:");
        c.caseLabel("case MEAN:");
        c.line("fill(l, (" + a + ") out, zero, zero);");
        c.line("return;");
        c.endCase();
        c.caseLabel("case PROD:");
        c.line("fill(l, (" + a + ") out, " + s.literal(1) + ", " + s.literal(0) + ");");
        c.line("return;");
        c.endCase();
        c.caseLabel("case SUM_SQUARES:");
        c.line(realStructural + ".fill(l, out, zero);");
        c.line("return;");
        c.endCase();
        c.caseLabel("default:");
        c.line("throw unsupported(op);");
        c.endCase();
        c.line("}");
        c.line("}");
        c.line("");
        c.line("private static void fill(StridedLayout l, " + a + " o, " + t + " re, " + t + " im) {");
        c.line("int n = l.innerExtent();");
        c.line("int os = l.innerStride(0);");
        c.line("l.reset();");
        c.line("do {");
        c.line("int p = l.pos(0);");
        c.line("for (int i = 0; i < n; i++, p += os) {");
        c.line("o[p] = re;");
        c.line("o[p + 1] = im;");
        c.line("}");
        c.line("} while (l.next());");
        c.line("}");
        c.line("");
        Loops.javadocParams(c, "Folds every input element into its output element.",
                "op a supported reduction", "l a finished layout (output with stride 0 on reduced axes, input)",
                "out output storage (the real type for SUM_SQUARES), initialised by {@link #init}",
                "x input storage");
        c.line("public static void accumulate(ReduceOp op, StridedLayout l, Object out, Object x) {");
        c.line(a + " o = (" + a + ") out;");
        c.line(a + " a = (" + a + ") x;");
        c.line("int n = l.innerExtent();");
        c.line("int os = l.innerStride(0);");
        c.line("int as = l.innerStride(1);");
        c.line("l.reset();");
        c.line("switch (op) {");
        c.line("case SUM:");
        c.caseLabel("case MEAN:");
        c.line("if (os == 0) {");
        c.line("do {");
        c.line("int p = l.pos(0);");
        c.line("int q = l.pos(1);");
        c.line(laneType() + " sr = o[p];");
        c.line(laneType() + " si = o[p + 1];");
        c.line("for (int i = 0; i < n; i++, q += as) {");
        c.line("sr += a[q];");
        c.line("si += a[q + 1];");
        c.line("}");
        c.line("o[p] = " + s.narrow("sr") + ";");
        c.line("o[p + 1] = " + s.narrow("si") + ";");
        c.line("} while (l.next());");
        c.line("} else {");
        Loops.emitWalk(c, "sumInto", 2, "");
        c.line("}");
        c.line("return;");
        c.endCase();
        c.caseLabel("case PROD:");
        c.line("if (os == 0) {");
        c.line("do {");
        c.line("int p = l.pos(0);");
        c.line("int q = l.pos(1);");
        c.line(laneType() + " pr = o[p];");
        c.line(laneType() + " pi = o[p + 1];");
        c.line("for (int i = 0; i < n; i++, q += as) {");
        c.line(laneType() + " r = pr * a[q] - pi * a[q + 1];");
        c.line("pi = pr * a[q + 1] + pi * a[q];");
        c.line("pr = r;");
        c.line("}");
        c.line("o[p] = " + s.narrow("pr") + ";");
        c.line("o[p + 1] = " + s.narrow("pi") + ";");
        c.line("} while (l.next());");
        c.line("} else {");
        Loops.emitWalk(c, "prodInto", 2, "");
        c.line("}");
        c.line("return;");
        c.endCase();
        c.caseLabel("case SUM_SQUARES:");
        c.line("if (os == 0) {");
        c.line("do {");
        c.line("int p = l.pos(0);");
        c.line("o[p] = " + s.narrow("o[p] + sumSquaresRun(n, a, l.pos(1), as)") + ";");
        c.line("} while (l.next());");
        c.line("} else {");
        Loops.emitWalk(c, "sumSquaresInto", 2, "");
        c.line("}");
        c.line("return;");
        c.endCase();
        c.caseLabel("default:");
        c.line("throw unsupported(op);");
        c.endCase();
        c.line("}");
        c.line("}");
        c.line("");
        divide(c, true);
        Operand in = Loops.input("a", s, "xr", "xi");
        Loops.emitRun(c, "sumInto", Loops.output(a, 2), Collections.singletonList(in),
                "o[#] = o[#] + xr;\no[# + 1] = o[# + 1] + xi;", false, "");
        Loops.emitRun(c, "prodInto", Loops.output(a, 2), Collections.singletonList(in),
                t + " r = o[#];\n" + t + " m = o[# + 1];\no[#] = r * xr - m * xi;\no[# + 1] = r * xi + m * xr;", false,
                "");
        Loops.emitRun(c, "sumSquaresInto", Loops.output(a, 1),
                Collections.singletonList(in), "o[#] = o[#] + (xr * xr + xi * xi);", false, "");
        emitLaneRun(c, "sumSquares", laneIdentity("SUM_SQUARES"), "$a + $v", "$a + $b",
                "(a[@] * a[@] + a[@ + 1] * a[@ + 1])");
    }
}
