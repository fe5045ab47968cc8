package org.ferrite.codegen;

import java.util.ArrayList;
import java.util.List;
import org.ferrite.codegen.DTypeTable.Spec;

/**
 * The loop skeleton of the reduction classes ({@link ReductionWriter}: {@code I32Reduction}, …, which
 * are not yet template-driven), and the small naming and wrapping helpers every loop writer shares. Every
 * run has a unit-stride form (which C2 vectorises where the body allows) and a general strided form;
 * a unit-stride form whose output may share an input's array type first tests whether all walked
 * operands start at one offset and then runs a single-index loop, the shape C2 can vectorise.
 *
 * <p>A run body is one Java statement over the loaded locals ({@code x}; {@code xr}, {@code xi} for
 * complex) that stores through {@code o[#]}, the output element's index. Not thread-safe (a build
 * tool).
 */
final class Loops {
    static final String PACKAGE = "org.ferrite.cpu.internal.kernel.typed";

    private Loops() {
    }

    // ------------------------------------------------------------------ loop emission

    /** An operand of a run method: parameter names {@code name}, {@code name+"i"}, {@code name+"s"}. */
    static final class Operand {
        final String name;
        final String array;
        final int lanes;
        /** Statements loading the element at {@code @} into locals (inputs only). */
        final String load;

        Operand(String name, String array, int lanes, String load) {
            this.name = name;
            this.array = array;
            this.lanes = lanes;
            this.load = load;
        }

        String index(boolean unit) {
            if (!unit) {
                return name + "i";
            }
            return lanes == 1 ? name + "i + i" : name + "i + " + lanes + " * i";
        }
    }

    static Operand input(String name, Spec s, String... locals) {
        StringBuilder load = new StringBuilder();
        for (int l = 0; l < locals.length; l++) {
            load.append(s.prim).append(' ').append(locals[l]).append(" = ").append(name).append("[@")
                    .append(l == 0 ? "" : " + " + l).append("];\n");
        }
        return new Operand(name, s.array(), locals.length, load.toString());
    }

    static Operand output(String array, int lanes) {
        return new Operand("o", array, lanes, "");
    }

    /** Accumulates Java source with indentation. */
    static final class Code {
        private static final int MAX_LINE = 120;
        private final StringBuilder sb = new StringBuilder();
        private int indent;

        Code line(String text) {
            for (String l : text.split("\n", -1)) {
                if (l.isEmpty()) {
                    sb.append('\n');
                    continue;
                }
                if (l.startsWith("}")) {
                    indent--;
                }
                StringBuilder pad = new StringBuilder();
                for (int i = 0; i < indent; i++) {
                    pad.append("    ");
                }
                wrap(pad.toString(), l);
                if (l.endsWith("{")) {
                    indent++;
                }
            }
            return this;
        }

        private void wrap(String pad, String text) {
            sb.append(wrapped(pad, text));
        }

        /**
         * @param pad the line's indentation
         * @param text the line without it
         * @return the line wrapped at 120 columns (Javadoc at a space, code after a comma), ending in a
         *     newline
         */
        static String wrapped(String pad, String text) {
            StringBuilder sb = new StringBuilder();
            String rest = text;
            String continuation = rest.startsWith(" *") ? " * " : "        ";
            while (pad.length() + rest.length() > MAX_LINE) {
                int limit = MAX_LINE - pad.length();
                int cut = rest.startsWith(" *") ? spaceOutsideBraces(rest, limit)
                        : rest.lastIndexOf(", ", limit - 1) + 1;
                if (cut <= continuation.length()) {
                    break;
                }
                sb.append(pad).append(rest, 0, cut).append('\n');
                rest = continuation + rest.substring(cut).trim();
            }
            sb.append(pad).append(rest).append('\n');
            return sb.toString();
        }

        /** @return the last space before {@code limit} that is not inside an inline tag, or -1 */
        private static int spaceOutsideBraces(String text, int limit) {
            int best = -1;
            int depth = 0;
            for (int i = 0; i < Math.min(limit, text.length()); i++) {
                char ch = text.charAt(i);
                depth += ch == '{' ? 1 : ch == '}' ? -1 : 0;
                if (ch == ' ' && depth == 0) {
                    best = i;
                }
            }
            return best;
        }

        Code caseLabel(String label) {
            line(label);
            indent++;
            return this;
        }

        Code endCase() {
            indent--;
            return this;
        }

        Code lines(String block) {
            String b = block.endsWith("\n") ? block.substring(0, block.length() - 1) : block;
            if (!b.isEmpty()) {
                line(b);
            }
            return this;
        }

        @Override
        public String toString() {
            return sb.toString();
        }
    }

    /**
     * Emits {@code static void <name>Run(int n, out, inputs…)}: {@code body} computes one element from
     * the loaded locals and stores through {@code o[#]} (the output's scalar index).
     */
    static void emitRun(Code c, String name, Operand out, List<Operand> ins, String body, boolean broadcastForms,
            String preamble) {
        StringBuilder sig = new StringBuilder("static void " + name + "Run(int n");
        for (Operand op : all(out, ins)) {
            sig.append(", ").append(op.array).append(' ').append(op.name).append(", int ").append(op.name)
                    .append("i, int ").append(op.name).append('s');
        }
        c.line(sig + ") {");
        c.lines(preamble);
        c.line("if (" + unitCondition(out, ins, -1) + ") {");
        emitLoop(c, out, ins, body, -1);
        if (broadcastForms) {
            for (int j = 0; j < ins.size(); j++) {
                c.line("} else if (" + unitCondition(out, ins, j) + ") {");
                emitLoop(c, out, ins, body, j);
            }
        }
        c.line("} else {");
        emitStridedLoop(c, out, ins, body);
        c.line("}");
        c.line("}");
        c.line("");
    }

    private static List<Operand> all(Operand out, List<Operand> ins) {
        List<Operand> ops = new ArrayList<>();
        ops.add(out);
        ops.addAll(ins);
        return ops;
    }

    private static String unitCondition(Operand out, List<Operand> ins, int broadcast) {
        StringBuilder cond = new StringBuilder(out.name + "s == " + out.lanes);
        for (int j = 0; j < ins.size(); j++) {
            Operand in = ins.get(j);
            cond.append(" && ").append(in.name).append("s == ").append(j == broadcast ? 0 : in.lanes);
        }
        return cond.toString();
    }

    private static void emitLoop(Code c, Operand out, List<Operand> ins, String body, int broadcast) {
        if (broadcast >= 0) {
            Operand b = ins.get(broadcast);
            c.lines(b.load.replace("@", b.name + "i"));
        }
        List<Operand> walked = new ArrayList<>();
        walked.add(out);
        boolean mayAlias = false;
        boolean sameLanes = true;
        for (int j = 0; j < ins.size(); j++) {
            Operand in = ins.get(j);
            if (j != broadcast) {
                walked.add(in);
                mayAlias |= in.array.equals(out.array);
                sameLanes &= in.lanes == out.lanes;
            }
        }
        if (mayAlias && sameLanes) {
            emitSharedIndexLoop(c, out, walked, ins, body, broadcast);
            c.line("} else {");
            emitOffsetLoop(c, out, ins, body, broadcast);
            c.line("}");
        } else {
            emitOffsetLoop(c, out, ins, body, broadcast);
        }
    }

    /**
     * The unit-stride loop for operands that start at one common scalar offset: {@code o[i] = f(a[i], …)}
     * with {@code i} running from that offset. C2 (JDK 17) vectorises a loop only if it can prove that
     * no store reaches a later iteration's load; for {@code o[oi + i] = a[ai + i]} over arrays of one
     * type with distinct loop-invariant offsets it cannot (the arrays may be one array, shifted), and
     * the loop stays scalar; with one index and no offsets it proves that and vectorises. Opens the
     * {@code if} that {@link #emitLoop} closes.
     */
    private static void emitSharedIndexLoop(Code c, Operand out, List<Operand> walked, List<Operand> ins,
            String body, int broadcast) {
        StringBuilder cond = new StringBuilder();
        for (Operand op : walked.subList(1, walked.size())) {
            cond.append(cond.length() == 0 ? "" : " && ").append(out.name).append("i == ").append(op.name)
                    .append('i');
        }
        c.line("if (" + cond + ") {");
        String step = out.lanes == 1 ? "i++" : "i += " + out.lanes;
        String extent = out.lanes == 1 ? "n" : out.lanes + " * n";
        c.line("for (int i = " + out.name + "i, end = " + out.name + "i + " + extent + "; i < end; " + step + ") {");
        for (int j = 0; j < ins.size(); j++) {
            if (j != broadcast) {
                c.lines(ins.get(j).load.replace("@", "i"));
            }
        }
        c.lines(body.replace("#", "i"));
        c.line("}");
    }

    private static void emitOffsetLoop(Code c, Operand out, List<Operand> ins, String body, int broadcast) {
        c.line("for (int i = 0; i < n; i++) {");
        for (int j = 0; j < ins.size(); j++) {
            if (j != broadcast) {
                c.lines(ins.get(j).load.replace("@", ins.get(j).index(true)));
            }
        }
        c.lines(body.replace("#", out.index(true)));
        c.line("}");
    }

    private static void emitStridedLoop(Code c, Operand out, List<Operand> ins, String body) {
        StringBuilder head = new StringBuilder("for (int i = 0; i < n; i++");
        for (Operand op : all(out, ins)) {
            head.append(", ").append(op.name).append("i += ").append(op.name).append('s');
        }
        c.line(head + ") {");
        for (Operand in : ins) {
            c.lines(in.load.replace("@", in.name + "i"));
        }
        c.lines(body.replace("#", out.name + "i"));
        c.line("}");
    }

    static final String[] DRIVER_NAMES = {"o", "a", "b", "c"};

    /** {@code do { <name>Run(n, o, l.pos(0), os, …); } while (l.next());} */
    static void emitWalk(Code c, String name, int operands, String extraArgs) {
        StringBuilder call = new StringBuilder(name + "Run(n");
        for (int k = 0; k < operands; k++) {
            call.append(", ").append(DRIVER_NAMES[k]).append(", l.pos(").append(k).append("), ")
                    .append(DRIVER_NAMES[k]).append('s');
        }
        call.append(extraArgs).append(");");
        c.line("do {");
        c.line(call.toString());
        c.line("} while (l.next());");
    }

    /**
     * @param writer the writer (template) class that produced the file
     * @param imports the generated class's imports
     * @return the generated header (naming the template), package line and imports
     */
    static String header(Class<?> writer, String... imports) {
        StringBuilder h = new StringBuilder(Generate.header(Generate.sourceOf(writer)));
        h.append("package ").append(PACKAGE).append(";\n\n");
        for (String i : imports) {
            h.append("import ").append(i).append(";\n");
        }
        if (imports.length > 0) {
            h.append('\n');
        }
        return h.toString();
    }

    /**
     * @param constant an operation's enum constant ({@code LOG1P})
     * @param prefix a prefix of its run method ({@code cmp}), or empty
     * @return the run method's name without {@code Run} ({@code log1p}, {@code cmpEq})
     */
    static String runName(String constant, String prefix) {
        String name = camel(constant);
        return prefix.isEmpty() ? name : prefix + Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    static String camel(String enumConstant) {
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char ch : enumConstant.toLowerCase(java.util.Locale.ROOT).toCharArray()) {
            if (ch == '_') {
                up = true;
            } else {
                b.append(up ? Character.toUpperCase(ch) : ch);
                up = false;
            }
        }
        return b.toString();
    }

    static void javadocParams(Code c, String summary, String... params) {
        c.line("/**");
        c.line(" * " + summary);
        c.line(" *");
        for (String p : params) {
            c.line(" * @param " + p);
        }
        c.line(" */");
    }

    static void emitSupports(Code c, Spec s, String enumType, List<String[]> ops) {
        c.line("/**");
        c.line(" * @param op the operation");
        c.line(" * @return true if {@code op} is defined for " + s.dtypeName);
        c.line(" */");
        c.line("public static boolean supports(" + enumType + " op) {");
        c.line("switch (op) {");
        for (int i = 0; i < ops.size() - 1; i++) {
            c.line("case " + ops.get(i)[0] + ":");
        }
        c.caseLabel("case " + ops.get(ops.size() - 1)[0] + ":");
        c.line("return true;");
        c.endCase();
        c.caseLabel("default:");
        c.line("return false;");
        c.endCase();
        c.line("}");
        c.line("}");
        c.line("");
    }
}
