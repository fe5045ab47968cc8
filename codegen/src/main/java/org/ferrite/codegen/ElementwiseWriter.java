package org.ferrite.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ferrite.codegen.DTypeTable.Kind;
import org.ferrite.codegen.DTypeTable.Spec;
import org.ferrite.codegen.Template.Fill;

/**
 * Writes {@code <DType>Elementwise} of the one-lane dtypes (BOOL, I32, I64, F32, F64) — binary maps,
 * unary maps and comparisons — from the template {@code templates/F64Elementwise.java} and the
 * operation tables below, the single source of which operation each dtype defines and what it
 * computes: one Java expression over the loaded locals {@code x} (and {@code y}). The complex dtypes
 * come from {@link ComplexElementwiseWriter}. Thread-safe (stateless after construction).
 */
final class ElementwiseWriter {
    static final String TEMPLATE = "F64Elementwise.java";
    private final Spec s;

    ElementwiseWriter(Spec s) {
        this.s = s;
    }

    /** An operation: its enum constant and its value. */
    static final class Op {
        final String constant;
        final String value;

        Op(String constant, String value) {
            this.constant = constant;
            this.value = value;
        }
    }

    List<Op> binaryOps() {
        switch (s.kind) {
            case BOOL:
                return ops("ADD", "x | y", "MUL", "x & y", "AND", "x & y", "OR", "x | y", "XOR", "x ^ y");
            case INT:
                return ops("ADD", "x + y", "SUB", "x - y", "MUL", "x * y", "DIV", "x / y", "REM", "x % y", "POW",
                        "IntegerMath.pow(x, y)", "MAXIMUM", "Math.max(x, y)", "MINIMUM", "Math.min(x, y)", "AND",
                        "x & y", "OR", "x | y", "XOR", "x ^ y");
            default:
                return ops("ADD", "x + y", "SUB", "x - y", "MUL", "x * y", "DIV", "x / y", "REM", "x % y", "POW",
                        narrow("RealMath.pow(x, y)"), "MAXIMUM", "Math.max(x, y)", "MINIMUM", "Math.min(x, y)",
                        "ATAN2", narrow("Math.atan2(x, y)"));
        }
    }

    List<Op> unaryOps() {
        switch (s.kind) {
            case BOOL:
                return ops("NOT", "!x", "CONJ", "x");
            case INT:
                return ops("NEG", "-x", "CONJ", "x", "ABS", "Math.abs(x)", "SIGN", s.box + ".signum(x)", "NOT",
                        "~x");
            default:
                return ops("NEG", "-x", "CONJ", "x", "ABS", "Math.abs(x)", "SIGN", "Math.signum(x)", "EXP",
                        narrow("Math.exp(x)"), "LOG", narrow("Math.log(x)"), "SIN", narrow("Math.sin(x)"), "COS",
                        narrow("Math.cos(x)"), "TANH", narrow("Math.tanh(x)"), "SQRT", narrow("Math.sqrt(x)"),
                        "RSQRT", narrow("1 / Math.sqrt(x)"), "EXPM1", narrow("Math.expm1(x)"), "LOG1P",
                        narrow("Math.log1p(x)"), "ERF", narrow("RealMath.erf(x)"), "SIGMOID",
                        narrow("RealMath.sigmoid(x)"), "ROUND", narrow("Math.rint(x)"), "FLOOR",
                        narrow("Math.floor(x)"), "CEIL", narrow("Math.ceil(x)"));
        }
    }

    List<Op> compareOps() {
        if (s.kind == Kind.BOOL) {
            return ops("EQ", "x == y", "NE", "x != y");
        }
        return ops("EQ", "x == y", "NE", "x != y", "LT", "x < y", "LE", "x <= y", "GT", "x > y", "GE", "x >= y");
    }

    /** A double-valued expression rounded to the element type (F32: a cast). */
    private String narrow(String e) {
        return s.narrow(e);
    }

    private static List<Op> ops(String... cells) {
        List<Op> r = new ArrayList<>();
        for (int i = 0; i < cells.length; i += 2) {
            r.add(new Op(cells[i], cells[i + 1]));
        }
        return r;
    }

    String write() {
        boolean sharedIndexCompare = s.kind == Kind.BOOL;
        List<Fill> compare = fills(compareOps(), "EQ", "cmpEq", "cmp");
        return Template.named(TEMPLATE).fill(Fill.dtype(Spec.F64, s), Map.of("BINARY",
                fills(binaryOps(), "ADD", "add", ""), "UNARY", fills(unaryOps(), "NEG", "neg", ""), "COMPARE",
                compare, "COMPARE_RUN", sharedIndexCompare ? List.of() : compare, "COMPARE_SHARED_INDEX",
                sharedIndexCompare ? compare : List.of()));
    }

    /**
     * @return one fill per operation: {@code constant} stands for its enum constant, {@code method}
     *     (with {@code Run}) for its run method named {@code prefix} + the constant in camel case, the
     *     hole {@code f} for its value
     */
    private static List<Fill> fills(List<Op> ops, String constant, String method, String prefix) {
        List<Fill> r = new ArrayList<>();
        for (Op op : ops) {
            String run = Names.runName(op.constant, prefix);
            r.add(Fill.word(constant, op.constant).and(Fill.word(method + "Run", run + "Run")).hole("f", op.value));
        }
        return r;
    }
}
