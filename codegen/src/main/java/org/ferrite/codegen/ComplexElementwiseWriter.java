package org.ferrite.codegen;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ferrite.codegen.Loops.Code;
import org.ferrite.codegen.DTypeTable.Kind;
import org.ferrite.codegen.Loops.Operand;
import org.ferrite.codegen.DTypeTable.Spec;

/**
 * Writes {@code C64Elementwise} and {@code C128Elementwise}: binary maps, unary maps and comparisons
 * of a complex dtype, from the operation tables below and the loop skeleton of {@link Loops} (the
 * one-lane dtypes come from a template: {@link ElementwiseWriter}). The tables are the single source of
 * which operation each complex dtype supports and what it computes. Thread-safe (stateless after
 * construction).
 */
final class ComplexElementwiseWriter {
    private final Spec s;

    ComplexElementwiseWriter(Spec s) {
        this.s = s;
    }

    // ------------------------------------------------------------------ operation tables

    /** {enum constant, body}; bodies read locals x, y (xr, xi, yr, yi for complex) and store o[#]. */
    List<String[]> binaryOps() {
        return rows("ADD", "o[#] = xr + yr;\no[# + 1] = xi + yi;", "SUB",
                "o[#] = xr - yr;\no[# + 1] = xi - yi;", "MUL",
                "o[#] = xr * yr - xi * yi;\no[# + 1] = xr * yi + xi * yr;", "DIV",
                "CPLX(div, xr, xi, yr, yi);", "POW", "CPLX(pow, xr, xi, yr, yi);");
    }

    /** {enum constant, body}; bodies read x (xr, xi) and store o[#]. */
    List<String[]> unaryOps() {
        return rows("NEG", "o[#] = -xr;\no[# + 1] = -xi;", "CONJ", "o[#] = xr;\no[# + 1] = -xi;", "ABS",
                "o[#] = NARROW(Math.hypot(xr, xi));", "SIGN", "CPLX(sign, xr, xi);", "EXP",
                "CPLX(exp, xr, xi);", "LOG", "CPLX(log, xr, xi);", "SIN", "CPLX(sin, xr, xi);", "COS",
                "CPLX(cos, xr, xi);", "TANH", "CPLX(tanh, xr, xi);", "SQRT", "CPLX(sqrt, xr, xi);",
                "RSQRT", "CPLX(rsqrt, xr, xi);", "EXPM1", "CPLX(expm1, xr, xi);", "LOG1P",
                "CPLX(log1p, xr, xi);");
    }

    /** {enum constant, body} producing a boolean o[#]. */
    List<String[]> compareOps() {
        return rows("EQ", "o[#] = xr == yr && xi == yi;", "NE", "o[#] = xr != yr || xi != yi;");
    }

    private static List<String[]> rows(String... cells) {
        List<String[]> r = new ArrayList<>();
        for (int i = 0; i < cells.length; i += 2) {
            r.add(new String[] {cells[i], cells[i + 1]});
        }
        return r;
    }

    // ------------------------------------------------------------------ class

    String write() {
        String cls = s.dtype + "Elementwise";
        Code c = new Code();
        c.lines(Loops.header(ComplexElementwiseWriter.class, "org.ferrite.api.session.BinaryOp",
                "org.ferrite.api.session.CompareOp", "org.ferrite.api.session.UnaryOp",
                "org.ferrite.cpu.internal.kernel.stride.StridedLayout"));
        c.line("/**");
        c.line(" * Elementwise maps over " + s.dtypeName + " storage ({@code " + s.array()
                + "}" + (s.kind == Kind.COMPLEX ? ", re/im interleaved" : "") + "): {@code out[i] = op(a[i], b[i])},");
        c.line(" * {@code out[i] = op(a[i])} and {@code out[i] = a[i] cmp b[i]} (BOOL output). Each driver walks a");
        c.line(" * finished {@link StridedLayout} whose operand 0 is the output; {@code …Flat} forms take compact");
        c.line(" * runs. Callers validate first (dtypes, shapes, aliasing, {@code supports}). Thread-safe");
        c.line(" * (stateless); it has no instances and holds no resources.");
        c.line(" */");
        c.line("public final class " + cls + " {");
        c.line("private " + cls + "() {");
        c.line("}");
        c.line("");
        Loops.emitSupports(c, s, "BinaryOp", binaryOps());
        Loops.emitSupports(c, s, "UnaryOp", unaryOps());
        Loops.emitSupports(c, s, "CompareOp", compareOps());
        drivers(c);
        c.line("private static IllegalStateException unsupported(Enum<?> op) {");
        c.line("return new IllegalStateException(op + \" is not defined for " + s.dtypeName
                + "; check supports(op) first\");");
        c.line("}");
        c.line("");
        runs(c);
        String text = c.toString();
        return text.substring(0, text.length() - 1) + "}\n";
    }

    private int outLanes(String unaryOp) {
        return s.kind == Kind.COMPLEX && unaryOp.equals("ABS") ? 1 : s.lanes();
    }

    private void drivers(Code c) {
        String a = s.array();
        int l = s.lanes();
        Loops.javadocParams(c, "{@code out = op(lhs, rhs)} over a finished three-operand layout.",
                "op a supported operation", "l the layout (output, lhs, rhs)", "out output storage",
                "lhs left storage", "rhs right storage");
        c.line("public static void binary(BinaryOp op, StridedLayout l, Object out, Object lhs, Object rhs) {");
        c.line(a + " o = (" + a + ") out;");
        c.line(a + " a = (" + a + ") lhs;");
        c.line(a + " b = (" + a + ") rhs;");
        Loops.emitDriverCases(c, cases(binaryOps()), 3, "");
        c.line("}");
        c.line("");
        Loops.javadocParams(c, "{@code out = op(lhs, rhs)} over compact runs (scalar offsets).",
                "op a supported operation", "n elements", "out output storage", "oi output scalar offset",
                "lhs left storage", "ai left scalar offset", "rhs right storage", "bi right scalar offset");
        c.line("public static void binaryFlat(BinaryOp op, int n, Object out, int oi, Object lhs, int ai, Object rhs,"
                + " int bi) {");
        c.line(a + " o = (" + a + ") out;");
        c.line(a + " a = (" + a + ") lhs;");
        c.line(a + " b = (" + a + ") rhs;");
        flatSwitch(c, binaryOps(), "(n, o, oi, " + l + ", a, ai, " + l + ", b, bi, " + l + ");");
        c.line("}");
        c.line("");

        String outArray = s.kind == Kind.BOOL ? "boolean[]" : s.array();
        Loops.javadocParams(c, "{@code out = op(x)} over a finished two-operand layout.",
                "op a supported operation", "l the layout (output, x)", "out output storage (" + s.dtypeName
                        + (s.kind == Kind.COMPLEX ? ", or its real type for ABS" : "") + ")",
                "x input storage");
        c.line("public static void unary(UnaryOp op, StridedLayout l, Object out, Object x) {");
        c.line(outArray + " o = (" + outArray + ") out;");
        c.line(a + " a = (" + a + ") x;");
        Loops.emitDriverCases(c, cases(unaryOps()), 2, "");
        c.line("}");
        c.line("");
        Loops.javadocParams(c, "{@code out = op(x)} over compact runs (scalar offsets).",
                "op a supported operation", "n elements", "out output storage", "oi output scalar offset",
                "x input storage", "ai input scalar offset");
        c.line("public static void unaryFlat(UnaryOp op, int n, Object out, int oi, Object x, int ai) {");
        c.line(outArray + " o = (" + outArray + ") out;");
        c.line(a + " a = (" + a + ") x;");
        c.line("switch (op) {");
        for (String[] op : unaryOps()) {
            c.caseLabel("case " + op[0] + ":");
            c.line(Loops.camel(op[0]) + "Run(n, o, oi, " + outLanes(op[0]) + ", a, ai, " + l + ");");
            c.line("return;");
            c.endCase();
        }
        c.caseLabel("default:");
        c.line("throw unsupported(op);");
        c.endCase();
        c.line("}");
        c.line("}");
        c.line("");

        Loops.javadocParams(c, "{@code out = lhs cmp rhs} over a finished three-operand layout.",
                "op a supported comparison", "l the layout (BOOL output, lhs, rhs)", "out boolean storage",
                "lhs left storage", "rhs right storage");
        c.line("public static void compare(CompareOp op, StridedLayout l, Object out, Object lhs, Object rhs) {");
        c.line("boolean[] o = (boolean[]) out;");
        c.line(a + " a = (" + a + ") lhs;");
        c.line(a + " b = (" + a + ") rhs;");
        Loops.emitDriverCases(c, cases(compareOps(), "cmp"), 3, "");
        c.line("}");
        c.line("");
        Loops.javadocParams(c, "{@code out = lhs cmp rhs} over compact runs (scalar offsets).",
                "op a supported comparison", "n elements", "out boolean storage", "oi output offset",
                "lhs left storage", "ai left scalar offset", "rhs right storage", "bi right scalar offset");
        c.line("public static void compareFlat(CompareOp op, int n, Object out, int oi, Object lhs, int ai, Object rhs,"
                + " int bi) {");
        c.line("boolean[] o = (boolean[]) out;");
        c.line(a + " a = (" + a + ") lhs;");
        c.line(a + " b = (" + a + ") rhs;");
        flatSwitchPrefixed(c, compareOps(), "cmp", "(n, o, oi, 1, a, ai, " + l + ", b, bi, " + l + ");");
        c.line("}");
        c.line("");
    }

    private static List<String[]> cases(List<String[]> ops) {
        return cases(ops, "");
    }

    private static List<String[]> cases(List<String[]> ops, String prefix) {
        List<String[]> r = new ArrayList<>();
        for (String[] op : ops) {
            String name = Loops.camel(op[0]);
            r.add(new String[] {op[0], prefix.isEmpty() ? name : prefix + capitalise(name)});
        }
        return r;
    }

    private static String capitalise(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    private static void flatSwitch(Code c, List<String[]> ops, String args) {
        flatSwitchPrefixed(c, ops, "", args);
    }

    private static void flatSwitchPrefixed(Code c, List<String[]> ops, String prefix, String args) {
        c.line("switch (op) {");
        for (String[] op : cases(ops, prefix)) {
            c.caseLabel("case " + op[0] + ":");
            c.line(op[1] + "Run" + args);
            c.line("return;");
            c.endCase();
        }
        c.caseLabel("default:");
        c.line("throw unsupported(op);");
        c.endCase();
        c.line("}");
    }

    private Operand[] inputs(String... names) {
        boolean complex = s.kind == Kind.COMPLEX;
        String[] locals = {"x", "y"};
        Operand[] r = new Operand[names.length];
        for (int i = 0; i < names.length; i++) {
            r[i] = complex ? Loops.input(names[i], s, locals[i] + "r", locals[i] + "i")
                    : Loops.input(names[i], s, locals[i]);
        }
        return r;
    }

    private void runs(Code c) {
        boolean broadcast = s.kind != Kind.COMPLEX;
        for (String[] op : binaryOps()) {
            String body = Loops.expand(s, op[1]);
            Loops.emitRun(c, Loops.camel(op[0]), Loops.output(s.array(),
                    s.lanes()), Arrays.asList(inputs("a", "b")), body, broadcast,
                    Loops.complexPreamble(s, op[1]));
        }
        String outArray = s.kind == Kind.BOOL ? "boolean[]" : s.array();
        for (String[] op : unaryOps()) {
            String body = Loops.expand(s, op[1]);
            Loops.emitRun(c, Loops.camel(op[0]), Loops.output(outArray,
                    outLanes(op[0])), Arrays.asList(inputs("a")), body, false,
                    Loops.complexPreamble(s, op[1]));
        }
        for (String[] op : cases(compareOps(), "cmp")) {
            String body = compareOps().stream().filter(r -> r[0].equals(op[0])).findFirst().get()[1];
            Loops.emitRun(c, op[1], Loops.output("boolean[]", 1),
                    Arrays.asList(inputs("a", "b")), body, broadcast, "");
        }
    }
}
