package org.ferrite.codegen;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.codegen.DTypeTable.Spec;
import org.ferrite.codegen.Template.Fill;

/**
 * Writes {@code C64Elementwise} and {@code C128Elementwise} — binary maps, unary maps and comparisons
 * of a complex dtype, re/im interleaved — from the template {@code templates/C128Elementwise.java} and
 * the kernel tables below, what each operation computes; which operations a complex dtype has is the
 * API's operation table ({@code OpTable}), which the kernels must cover exactly ({@link DefinedOps}).
 * An operation is computed inline (a real and an imaginary part over the loaded locals
 * {@code xr}, {@code xi}, {@code yr}, {@code yi}), has a real result (one part), or calls the
 * {@code ComplexMath} function of its name. The one-lane dtypes come from {@link ElementwiseWriter}.
 * Thread-safe (stateless after construction).
 */
final class ComplexElementwiseWriter {
    static final String TEMPLATE = "C128Elementwise.java";
    private final Spec s;

    ComplexElementwiseWriter(Spec s) {
        this.s = s;
    }

    /** How a complex operation computes: its template region. */
    enum Form {
        /** Inline: holes {@code re} and {@code im}. */
        INLINE,
        /** A real result: hole {@code f}. */
        REAL,
        /** The {@code ComplexMath} function named after the operation. */
        CALL
    }

    /** An operation: its enum constant, its form and its parts ({@code im} empty for a real result). */
    static final class Op {
        final String constant;
        final Form form;
        final String re;
        final String im;

        Op(String constant, Form form, String re, String im) {
            this.constant = constant;
            this.form = form;
            this.re = re;
            this.im = im;
        }

        static Op inline(String constant, String re, String im) {
            return new Op(constant, Form.INLINE, re, im);
        }

        static Op call(String constant) {
            return new Op(constant, Form.CALL, "", "");
        }
    }

    /** @return the binary operations {@code OpTable} defines for the dtype, with their kernels */
    List<Op> binaryOps() {
        return defined("binaryOps()", BinaryOp.class, (op, d) -> OpTable.of(op).computesIn(d), Op.inline("ADD", "xr + yr", "xi + yi"),
                Op.inline("SUB", "xr - yr", "xi - yi"), Op.inline("MUL", "xr * yr - xi * yi", "xr * yi + xi * yr"),
                Op.call("DIV"), Op.call("POW"));
    }

    /** @return the unary operations {@code OpTable} defines for the dtype, with their kernels */
    List<Op> unaryOps() {
        List<Op> ops = new ArrayList<>(List.of(Op.inline("NEG", "-xr", "-xi"), Op.inline("CONJ", "xr", "-xi"),
                new Op("ABS", Form.REAL, s.narrow("Math.hypot(xr, xi)"), "")));
        for (String f : new String[] {"SIGN", "EXP", "LOG", "SIN", "COS", "TANH", "SQRT", "RSQRT", "EXPM1",
                "LOG1P"}) {
            ops.add(Op.call(f));
        }
        return defined("unaryOps()", UnaryOp.class, (op, d) -> OpTable.of(op).computesIn(d),
                ops.toArray(new Op[0]));
    }

    /** @return the comparisons {@code OpTable} defines for the dtype, with their kernels */
    List<Op> compareOps() {
        return defined("compareOps()", CompareOp.class, OpTable::accepts,
                new Op("EQ", Form.REAL, "xr == yr && xi == yi", ""), new Op("NE", Form.REAL, "xr != yr || xi != yi",
                        ""));
    }

    private <E extends Enum<E>> List<Op> defined(String table, Class<E> type, BiPredicate<E, DType> defined,
            Op... kernels) {
        Map<String, Op> byName = new LinkedHashMap<>();
        for (Op op : kernels) {
            byName.put(op.constant, op);
        }
        return new ArrayList<>(DefinedOps.select("ComplexElementwiseWriter." + table, s, type, defined, byName)
                .values());
    }

    String write() {
        String math = s.isFloat() ? "ComplexMathToFloat." : "ComplexMath.";
        List<Op> binary = binaryOps();
        List<Op> unary = unaryOps();
        List<Op> compare = compareOps();
        return Template.named(TEMPLATE).fill(Fill.dtype(Spec.C128, s), Map.ofEntries(
                Map.entry("BINARY", fills(binary, "ADD", "add", "")),
                Map.entry("BINARY_RUN", fills(only(binary, Form.INLINE), "ADD", "add", "")),
                Map.entry("BINARY_CALL_RUN", calls(only(binary, Form.CALL), "DIV", "div", math)),
                Map.entry("UNARY", fills(unary, "NEG", "neg", "")),
                Map.entry("UNARY_RUN", fills(only(unary, Form.INLINE), "NEG", "neg", "")),
                Map.entry("UNARY_REAL_RUN", fills(only(unary, Form.REAL), "ABS", "abs", "")),
                Map.entry("UNARY_CALL_RUN", calls(only(unary, Form.CALL), "SIGN", "sign", math)),
                Map.entry("COMPARE", fills(compare, "EQ", "cmpEq", "cmp")),
                Map.entry("COMPARE_RUN", fills(compare, "EQ", "cmpEq", "cmp"))));
    }

    private static List<Op> only(List<Op> ops, Form form) {
        List<Op> r = new ArrayList<>();
        for (Op op : ops) {
            if (op.form == form) {
                r.add(op);
            }
        }
        return r;
    }

    /**
     * @return one fill per operation: {@code constant} stands for its enum constant, {@code method}
     *     (with {@code Run}) for its run method; the holes are its parts and the output lanes of a
     *     unary run
     */
    private static List<Fill> fills(List<Op> ops, String constant, String method, String prefix) {
        List<Fill> r = new ArrayList<>();
        for (Op op : ops) {
            r.add(Fill.word(constant, op.constant).and(Fill.word(method + "Run", Names.runName(op.constant, prefix)
                    + "Run")).hole("re", op.re).hole("im", op.im).hole("f", op.re)
                    .hole("lanes", op.form == Form.REAL ? "1" : "2"));
        }
        return r;
    }

    /**
     * @param math the class of the functions with its dot: {@code ComplexMath.} (a {@code double[]}
     *     sink, C128) or {@code ComplexMathToFloat.} (a {@code float[]} sink, C64)
     * @return the fills of {@link #fills} for {@link Form#CALL} operations, {@code ComplexMath.method}
     *     standing for the operation's function in {@code math}
     */
    private static List<Fill> calls(List<Op> ops, String constant, String method, String math) {
        List<Fill> r = new ArrayList<>();
        for (Op op : ops) {
            r.add(Fill.word(constant, op.constant).and(Fill.word(method + "Run", Names.runName(op.constant, "")
                    + "Run")).and(Fill.word("ComplexMath." + method + "(", math + Names.camel(op.constant) + "(")));
        }
        return r;
    }
}
