package org.ferrite.codegen;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.ferrite.codegen.DTypeTable.Spec;

/**
 * A loop-class template of {@code src/main/resources/templates/}: plain Java written for one
 * representative dtype, with three marks and nothing else (each template's {@code //!} notes say what
 * its regions and holes mean):
 * <ul>
 * <li>words standing for a dtype: a representative dtype's name ({@code F64}) and element type
 * ({@code double}), replaced through a {@link Fill};</li>
 * <li>holes {@code /*@name*&#47;text/*@*&#47;}: {@code text} is the value for the representative, the
 * whole hole is replaced by the fill's value of {@code name} (a value may be computed from
 * {@code text}, such as the text rounded to the element type);</li>
 * <li>regions {@code // @each NAME} … {@code // @end-each}: repeated once per fill the writer gives for
 * {@code NAME}, each combined with the enclosing fill; a region inside a region takes its fills from
 * the enclosing repetition's fill ({@link Fill#region}).</li>
 * </ul>
 * Lines starting with {@code //!} are notes, not copied. A code line ending in a comma continues on
 * the next line; a line the fill changes is rewrapped at 120 columns like the rest of the generated
 * code ({@code wrapped}), a line it leaves alone is copied as written. Thread-safe (immutable).
 */
final class Template {
    private static final Pattern REGION = Pattern.compile("\\s*// @each (\\w+)");
    private static final String END = "// @end-each";
    private static final Pattern HOLE = Pattern.compile("/\\*@(\\w+)\\*/(.*?)/\\*@\\*/");
    private static final int MAX_LINE = 120;

    /** The template's path from the repository root, named in the generated header. */
    final String path;
    /** The logical lines: a code line ending in a comma joined with its continuation lines. */
    private final List<String> lines;
    /** Each logical line as written in the template (its physical lines, each ending in a newline). */
    private final List<String> asWritten = new ArrayList<>();

    private Template(String name) {
        this.path = "codegen/src/main/resources/templates/" + name;
        try (InputStream in = Template.class.getResourceAsStream("/templates/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no template " + path);
            }
            this.lines = joinContinuations(new String(in.readAllBytes(), StandardCharsets.UTF_8), asWritten);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @param name the template's file name under {@code src/main/resources/templates/}
     * @return the template
     */
    static Template named(String name) {
        return new Template(name);
    }

    /**
     * @param whole the fill of every line
     * @param regions region name → one fill per repetition (a region not named here must not occur)
     * @return the generated file: its header naming this template, then the filled lines
     */
    String fill(Fill whole, Map<String, List<Fill>> regions) {
        StringBuilder out = new StringBuilder(Generate.header(path));
        fillLines(0, lines.size(), whole, regions, out);
        return out.toString();
    }

    /**
     * Fills the logical lines {@code [from, to)}; a region's fills come from the filling's own
     * {@link Fill#region regions} (a region nested in a region) or else from {@code regions}.
     */
    private void fillLines(int from, int to, Fill fill, Map<String, List<Fill>> regions, StringBuilder out) {
        for (int i = from; i < to; i++) {
            Matcher region = REGION.matcher(lines.get(i));
            if (!region.matches()) {
                out.append(fill.apply(lines.get(i), asWritten.get(i)));
                continue;
            }
            List<Fill> repetitions = fill.regions.getOrDefault(region.group(1), regions.get(region.group(1)));
            if (repetitions == null) {
                throw new IllegalArgumentException(path + ": no fills for region " + region.group(1));
            }
            int end = endOf(i, to);
            for (Fill f : repetitions) {
                fillLines(i + 1, end, fill.and(f), regions, out);
            }
            i = end;
        }
    }

    /** @return the index of the {@code // @end-each} closing the region opened at {@code open} */
    private int endOf(int open, int to) {
        int depth = 0;
        for (int i = open + 1; i < to; i++) {
            if (REGION.matcher(lines.get(i)).matches()) {
                depth++;
            } else if (lines.get(i).trim().equals(END) && depth-- == 0) {
                return i;
            }
        }
        throw new IllegalArgumentException(path + ": region " + lines.get(open).trim() + " is not closed");
    }

    private static List<String> joinContinuations(String text, List<String> asWritten) {
        List<String> joined = new ArrayList<>();
        for (String line : text.lines().filter(l -> !l.startsWith("//!")).collect(Collectors.toList())) {
            int last = joined.size() - 1;
            boolean continues = last >= 0 && joined.get(last).endsWith(",") && !joined.get(last).trim().startsWith("*")
                    && indent(line) > indent(joined.get(last));
            if (continues) {
                joined.set(last, joined.get(last) + " " + line.trim());
                asWritten.set(last, asWritten.get(last) + line + "\n");
            } else {
                joined.add(line);
                asWritten.add(line + "\n");
            }
        }
        return joined;
    }

    /**
     * @param pad the line's indentation
     * @param text the line without it
     * @return the line wrapped at 120 columns (Javadoc at a space, code after a comma), ending in a
     *     newline
     */
    private static String wrapped(String pad, String text) {
        StringBuilder sb = new StringBuilder();
        String rest = text;
        String continuation = rest.startsWith(" *") ? " * " : "        ";
        while (pad.length() + rest.length() > MAX_LINE) {
            int limit = MAX_LINE - pad.length();
            int cut = rest.startsWith(" *") ? spaceOutsideBraces(rest, limit) : rest.lastIndexOf(", ", limit - 1) + 1;
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

    private static int indent(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    /**
     * The words, holes and nested regions of one filling: which dtype each representative word stands
     * for, the value of each hole and the fills of a region nested in the region this fill repeats.
     * Thread-safe (immutable).
     */
    static final class Fill {
        /** Replaces nothing. */
        static final Fill NONE = new Fill(Map.of(), Map.of(), Map.of());
        private final Map<String, String> words;
        private final Map<String, UnaryOperator<String>> holes;
        private final Map<String, List<Fill>> regions;

        private Fill(Map<String, String> words, Map<String, UnaryOperator<String>> holes,
                Map<String, List<Fill>> regions) {
            this.words = words;
            this.holes = holes;
            this.regions = regions;
        }

        /**
         * @param representative the dtype the template is written for ({@code F64})
         * @param dtype the dtype it stands for in this filling
         * @return a fill replacing the representative's name (by {@code dtype}'s DType constant where it
         *     stands alone, by its class prefix inside a name) and element type
         */
        static Fill dtype(Spec representative, Spec dtype) {
            return name(representative, dtype, dtype).and(word(representative.prim, dtype.prim));
        }

        /**
         * @param representative the dtype the template is written for ({@code F64})
         * @param dtype the dtype whose DType constant replaces the representative's name where it stands
         *     alone
         * @param prefix the dtype whose class prefix replaces it inside a name
         * @return a fill replacing the representative's name only
         */
        static Fill name(Spec representative, Spec dtype, Spec prefix) {
            Map<String, String> words = new LinkedHashMap<>();
            words.put(representative.dtypeName, dtype.dtypeName);
            words.put(representative.dtypeName + "+", prefix.dtype);
            return new Fill(words, Map.of(), Map.of());
        }

        /**
         * @param representative a word of the template
         * @param value what it stands for in this filling
         * @return a fill replacing the word
         */
        static Fill word(String representative, String value) {
            return new Fill(Map.of(representative, value), Map.of(), Map.of());
        }

        /**
         * @param name a hole's name
         * @param value its value in this filling
         * @return this fill with the hole's value
         */
        Fill hole(String name, String value) {
            return hole(name, representative -> value);
        }

        /**
         * @param name a hole's name
         * @param value its value in this filling, computed from the hole's text (the value for the
         *     representative), such as {@code Spec::narrow}
         * @return this fill with the hole's value
         */
        Fill hole(String name, UnaryOperator<String> value) {
            Map<String, UnaryOperator<String>> h = new LinkedHashMap<>(holes);
            h.put(name, value);
            return new Fill(words, h, regions);
        }

        /**
         * @param name a region nested in the region this fill repeats
         * @param repetitions one fill per repetition of the nested region in this repetition
         * @return this fill with the nested region's fills
         */
        Fill region(String name, List<Fill> repetitions) {
            Map<String, List<Fill>> r = new LinkedHashMap<>(regions);
            r.put(name, repetitions);
            return new Fill(words, holes, r);
        }

        Fill and(Fill other) {
            Map<String, String> w = new LinkedHashMap<>(words);
            w.putAll(other.words);
            Map<String, UnaryOperator<String>> h = new LinkedHashMap<>(holes);
            h.putAll(other.holes);
            Map<String, List<Fill>> r = new LinkedHashMap<>(regions);
            r.putAll(other.regions);
            return new Fill(w, h, r);
        }

        /**
         * Fills one logical line in a single pass (a replaced word is never replaced again).
         *
         * @param line the logical line
         * @param written the line as written in the template
         * @return {@code written} if the fill changes nothing, else the filled line rewrapped
         */
        String apply(String line, String written) {
            StringBuilder alternatives = new StringBuilder(HOLE.pattern());
            for (String w : words.keySet()) {
                if (!w.endsWith("+")) {
                    alternatives.append('|').append(Pattern.quote(w));
                }
            }
            Matcher m = Pattern.compile(alternatives.toString()).matcher(line);
            StringBuilder filled = new StringBuilder();
            while (m.find()) {
                m.appendReplacement(filled, Matcher.quoteReplacement(replacement(m, line)));
            }
            m.appendTail(filled);
            if (filled.toString().equals(line)) {
                return written;
            }
            int pad = indent(filled.toString());
            return filled.length() == 0 ? "\n" : wrapped(filled.substring(0, pad), filled.substring(pad));
        }

        private String replacement(Matcher m, String line) {
            if (m.group(1) != null) {
                UnaryOperator<String> value = holes.get(m.group(1));
                if (value == null) {
                    throw new IllegalArgumentException("no value for hole " + m.group(1) + " in: " + line);
                }
                return value.apply(m.group(2));
            }
            boolean insideName = m.end() < line.length() && Character.isLetter(line.charAt(m.end()));
            return words.get(m.group() + (insideName && words.containsKey(m.group() + "+") ? "+" : ""));
        }
    }
}
