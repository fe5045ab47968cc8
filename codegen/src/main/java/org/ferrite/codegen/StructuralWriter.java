package org.ferrite.codegen;

import java.util.Arrays;
import java.util.Collections;
import org.ferrite.codegen.Loops.Code;
import org.ferrite.codegen.DTypeTable.Kind;
import org.ferrite.codegen.Loops.Operand;
import org.ferrite.codegen.DTypeTable.Spec;

/**
 * Writes {@code <DType>Structural}: for the five storage classes, strided copy, select and fill; for
 * every dtype, the cast to each other dtype ({@code StructuralOps.castInto} semantics: Java's
 * narrowing conversions, which truncate toward zero, map NaN to 0 and saturate floating values;
 * complex to real keeps the real part; anything to BOOL is {@code != 0}; BOOL to numeric is 0/1).
 */
final class StructuralWriter {
    private final Spec s;

    StructuralWriter(Spec s) {
        this.s = s;
    }

    String write() {
        String cls = s.dtype + "Structural";
        boolean storage = s.kind != Kind.COMPLEX;
        Code c = new Code();
        c.lines(storage
                ? Loops.header(StructuralWriter.class, "java.util.Arrays", "org.ferrite.api.tensor.DType",
                        "org.ferrite.cpu.internal.kernel.stride.StridedLayout")
                : Loops.header(StructuralWriter.class, "org.ferrite.api.tensor.DType",
                        "org.ferrite.cpu.internal.kernel.stride.StridedLayout"));
        c.line("/**");
        if (storage) {
            c.line(" * Moves over {@code " + s.array() + "} storage (" + s.dtypeName
                    + ", and the lanes of complex dtypes stored in it): strided copy,");
            c.line(" * {@code select}, fill, and the cast from " + s.dtypeName + " to every other dtype.");
        } else {
            c.line(" * The cast from " + s.dtypeName + " to every other dtype (copies and selects of "
                    + s.dtypeName + " run on the real");
            c.line(" * storage class with the two lanes as an extra axis).");
        }
        c.line(" * Drivers walk a finished {@link StridedLayout} whose operand 0 is the output. Thread-safe"
                + " (stateless); it has no instances and holds no resources.");
        c.line(" */");
        c.line("public final class " + cls + " {");
        c.line("private " + cls + "() {");
        c.line("}");
        c.line("");
        if (storage) {
            moves(c);
        }
        cast(c);
        String text = c.toString();
        return text.substring(0, text.length() - 1) + "}\n";
    }

    private void moves(Code c) {
        String a = s.array();
        Loops.javadocParams(c, "{@code out[i] = src[i]} over a finished two-operand layout.",
                "l the layout (output, source)", "out output storage", "src source storage");
        c.line("public static void copy(StridedLayout l, Object out, Object src) {");
        c.line(a + " o = (" + a + ") out;");
        c.line(a + " a = (" + a + ") src;");
        c.line("int n = l.innerExtent();");
        c.line("int os = l.innerStride(0);");
        c.line("int as = l.innerStride(1);");
        c.line("l.reset();");
        Loops.emitWalk(c, "copy", 2, "");
        c.line("}");
        c.line("");
        c.line("static void copyRun(int n, " + a + " o, int oi, int os, " + a + " a, int ai, int as) {");
        c.line("if (os == 1 && as == 1) {");
        c.line("System.arraycopy(a, ai, o, oi, n);");
        c.line("} else if (os == 1 && as == 0) {");
        c.line("Arrays.fill(o, oi, oi + n, a[ai]);");
        c.line("} else {");
        c.line("for (int i = 0; i < n; i++, oi += os, ai += as) {");
        c.line("o[oi] = a[ai];");
        c.line("}");
        c.line("}");
        c.line("}");
        c.line("");

        Loops.javadocParams(c,
                "{@code out[i] = pred[i] ? onTrue[i] : onFalse[i]} over a finished four-operand layout.",
                "l the layout (output, predicate, onTrue, onFalse)", "out output storage",
                "pred boolean predicate storage", "onTrue values where true", "onFalse values where false");
        c.line("public static void select(StridedLayout l, Object out, Object pred, Object onTrue, Object onFalse) {");
        c.line(a + " o = (" + a + ") out;");
        c.line("boolean[] a = (boolean[]) pred;");
        c.line(a + " b = (" + a + ") onTrue;");
        c.line(a + " c = (" + a + ") onFalse;");
        c.line("int n = l.innerExtent();");
        c.line("int os = l.innerStride(0);");
        c.line("int as = l.innerStride(1);");
        c.line("int bs = l.innerStride(2);");
        c.line("int cs = l.innerStride(3);");
        c.line("l.reset();");
        Loops.emitWalk(c, "select", 4, "");
        c.line("}");
        c.line("");
        Operand p = new Operand("p", "boolean[]", 1, "boolean c = p[@];\n");
        Operand t = Loops.input("t", s, "x");
        Operand f = Loops.input("f", s, "y");
        Loops.emitRun(c, "select", Loops.output(a, 1), Arrays.asList(p, t, f),
                "o[#] = c ? x : y;", false, "");

        Loops.javadocParams(c, "{@code out[i] = value} over a finished one-operand layout.",
                "l the layout (output)", "out output storage", "value the value");
        c.line("public static void fill(StridedLayout l, Object out, " + s.prim + " value) {");
        c.line(a + " o = (" + a + ") out;");
        c.line("int n = l.innerExtent();");
        c.line("int os = l.innerStride(0);");
        c.line("l.reset();");
        Loops.emitWalk(c, "fill", 1, ", value");
        c.line("}");
        c.line("");
        c.line("static void fillRun(int n, " + a + " o, int oi, int os, " + s.prim + " value) {");
        c.line("if (os == 1) {");
        c.line("Arrays.fill(o, oi, oi + n, value);");
        c.line("} else {");
        c.line("for (int i = 0; i < n; i++, oi += os) {");
        c.line("o[oi] = value;");
        c.line("}");
        c.line("}");
        c.line("}");
        c.line("");
    }

    private void cast(Code c) {
        String a = s.array();
        Loops.javadocParams(c, "{@code out[i] = (target) src[i]} over a finished two-operand layout.",
                "target the output dtype, not " + s.dtypeName + " (equal dtypes copy instead)",
                "l the layout (output, source)", "out output storage of {@code target}", "src "
                        + s.dtypeName + " storage");
        c.line("public static void cast(DType target, StridedLayout l, Object out, Object src) {");
        c.line(a + " a = (" + a + ") src;");
        c.line("int n = l.innerExtent();");
        c.line("int os = l.innerStride(0);");
        c.line("int as = l.innerStride(1);");
        c.line("l.reset();");
        c.line("switch (target) {");
        for (Spec t : Spec.ALL) {
            if (t == s) {
                continue;
            }
            String ta = t.kind == Kind.BOOL ? "boolean[]" : t.array();
            c.line("case " + t.dtypeName + ": {");
            c.line(ta + " o = (" + ta + ") out;");
            Loops.emitWalk(c, "to" + t.dtype, 2, "");
            c.line("return;");
            c.line("}");
        }
        c.caseLabel("default:");
        c.line("throw new IllegalStateException(\"cast from " + s.dtypeName
                + " to \" + target + \": equal dtypes copy instead\");");
        c.endCase();
        c.line("}");
        c.line("}");
        c.line("");
        Operand in = s.kind == Kind.COMPLEX ? Loops.input("a", s, "xr", "xi")
                : Loops.input("a", s, "x");
        for (Spec t : Spec.ALL) {
            if (t == s) {
                continue;
            }
            Loops.emitRun(c, "to" + t.dtype, Loops.output(t.array(), t.lanes()),
                    Collections.singletonList(in), castBody(t), false, "");
        }
    }

    /** The statements converting the loaded source locals to one element of {@code t}. */
    private String castBody(Spec t) {
        String re = s.kind == Kind.COMPLEX ? "xr" : "x";
        switch (t.kind) {
            case BOOL:
                return s.kind == Kind.COMPLEX ? "o[#] = xr != 0 || xi != 0;" : "o[#] = x != 0;";
            case INT:
            case REAL:
                return "o[#] = " + (s.kind == Kind.BOOL ? "x ? 1 : 0" : convert(re, t)) + ";";
            default:
                String r = s.kind == Kind.BOOL ? "x ? 1 : 0" : convert(re, t);
                String i = s.kind == Kind.COMPLEX ? convert("xi", t) : "0";
                return "o[#] = " + r + ";\no[# + 1] = " + i + ";";
        }
    }

    private String convert(String value, Spec t) {
        return s.prim.equals(t.prim) ? value : "(" + t.prim + ") " + value;
    }
}
