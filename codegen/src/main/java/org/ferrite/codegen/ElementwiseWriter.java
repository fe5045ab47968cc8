package org.ferrite.codegen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.codegen.DTypeTable.Kind;
import org.ferrite.codegen.DTypeTable.Spec;
import org.ferrite.codegen.Template.Fill;

/**
 * Writes {@code <DType>Elementwise} of the one-lane dtypes (BOOL, I32, I64, F32, F64) — binary maps,
 * unary maps and comparisons — from the template {@code templates/F64Elementwise.java} and the kernel
 * tables below: what each operation computes, one Java expression over the loaded locals {@code x}
 * (and {@code y}). Which operations a dtype has is the API's operation table ({@code OpTable}); the
 * kernels must cover it exactly ({@link DefinedOps}). The complex dtypes come from
 * {@link ComplexElementwiseWriter}. Thread-safe (stateless after construction).
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

    /** @return the binary operations {@code OpTable} defines for the dtype, with their values */
    List<Op> binaryOps() {
        String[] kernels;
        switch (s.kind) {
            case BOOL:
                kernels = cells("ADD", "x | y", "MUL", "x & y", "AND", "x & y", "OR", "x | y", "XOR", "x ^ y");
                break;
            case INT:
                kernels = cells("ADD", "x + y", "SUB", "x - y", "MUL", "x * y", "DIV", "x / y", "REM", "x % y", "POW",
                        "IntegerMath.pow(x, y)", "MAXIMUM", "Math.max(x, y)", "MINIMUM", "Math.min(x, y)", "AND",
                        "x & y", "OR", "x | y", "XOR", "x ^ y", "FLOOR_DIVIDE", "Math.floorDiv(x, y)", "REMAINDER",
                        "Math.floorMod(x, y)");
                break;
            default:
                kernels = cells("ADD", "x + y", "SUB", "x - y", "MUL", "x * y", "DIV", "x / y", "REM", "x % y", "POW",
                        narrow("RealMath.pow(x, y)"), "MAXIMUM", "Math.max(x, y)", "MINIMUM", "Math.min(x, y)",
                        "ATAN2", narrow("Math.atan2(x, y)"), "FLOOR_DIVIDE", "RealMath.floorDivide(x, y)",
                        "REMAINDER", "RealMath.remainder(x, y)");
        }
        return ops(DefinedOps.select("ElementwiseWriter.binaryOps()", s, BinaryOp.class,
                (op, d) -> OpTable.of(op).computesIn(d), kernels(kernels)));
    }

    /** @return the unary operations {@code OpTable} defines for the dtype, with their values */
    List<Op> unaryOps() {
        String[] kernels;
        switch (s.kind) {
            case BOOL:
                kernels = cells("NOT", "!x", "CONJ", "x");
                break;
            case INT:
                kernels = cells("NEG", "-x", "CONJ", "x", "ABS", "Math.abs(x)", "SIGN", s.box + ".signum(x)", "NOT",
                        "~x");
                break;
            default:
                kernels = cells("NEG", "-x", "CONJ", "x", "ABS", "Math.abs(x)", "SIGN", "Math.signum(x)", "EXP",
                        narrow("Math.exp(x)"), "LOG", narrow("Math.log(x)"), "SIN", narrow("Math.sin(x)"), "COS",
                        narrow("Math.cos(x)"), "TANH", narrow("Math.tanh(x)"), "SQRT", narrow("Math.sqrt(x)"),
                        "RSQRT", narrow("1 / Math.sqrt(x)"), "EXPM1", narrow("Math.expm1(x)"), "LOG1P",
                        narrow("Math.log1p(x)"), "ERF", narrow("RealMath.erf(x)"), "SIGMOID",
                        narrow("RealMath.sigmoid(x)"), "ROUND", narrow("Math.rint(x)"), "FLOOR",
                        narrow("Math.floor(x)"), "CEIL", narrow("Math.ceil(x)"));
        }
        return ops(DefinedOps.select("ElementwiseWriter.unaryOps()", s, UnaryOp.class,
                (op, d) -> OpTable.of(op).computesIn(d), kernels(kernels)));
    }

    /** @return the comparisons {@code OpTable} defines for the dtype, with their values */
    List<Op> compareOps() {
        String[] kernels = s.kind == Kind.BOOL ? cells("EQ", "x == y", "NE", "x != y") // Java orders no boolean
                : cells("EQ", "x == y", "NE", "x != y", "LT", "x < y", "LE", "x <= y", "GT", "x > y", "GE", "x >= y");
        return ops(DefinedOps.select("ElementwiseWriter.compareOps()", s, CompareOp.class, OpTable::accepts,
                kernels(kernels)));
    }

    /** A double-valued expression rounded to the element type (F32: a cast). */
    private String narrow(String e) {
        return s.narrow(e);
    }

    private static String[] cells(String... cells) {
        return cells;
    }

    /** @return constant → value, from alternating cells */
    private static Map<String, String> kernels(String... cells) {
        Map<String, String> r = new LinkedHashMap<>();
        for (int i = 0; i < cells.length; i += 2) {
            r.put(cells[i], cells[i + 1]);
        }
        return r;
    }

    private static List<Op> ops(Map<String, String> selected) {
        List<Op> r = new ArrayList<>();
        for (Map.Entry<String, String> e : selected.entrySet()) {
            r.add(new Op(e.getKey(), e.getValue()));
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
