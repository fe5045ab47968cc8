package org.ferrite.codegen;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * whole hole is replaced by the fill's value of {@code name};</li>
 * <li>regions {@code // @each NAME} … {@code // @end-each}: repeated once per fill the writer gives for
 * {@code NAME}, each combined with the class's fill.</li>
 * </ul>
 * Lines starting with {@code //!} are notes, not copied. A code line ending in a comma continues on
 * the next line; a line the fill changes is rewrapped at 120 columns like the rest of the generated
 * code ({@link Loops.Code#wrapped}), a line it leaves alone is copied as written. Thread-safe
 * (immutable).
 */
final class Template {
    private static final Pattern REGION = Pattern.compile("\\s*// @each (\\w+)");
    private static final String END = "// @end-each";
    private static final Pattern HOLE = Pattern.compile("/\\*@(\\w+)\\*/.*?/\\*@\\*/");

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
        for (int i = 0; i < lines.size(); i++) {
            Matcher region = REGION.matcher(lines.get(i));
            if (!region.matches()) {
                out.append(whole.apply(lines.get(i), asWritten.get(i)));
                continue;
            }
            List<Fill> repetitions = regions.get(region.group(1));
            if (repetitions == null) {
                throw new IllegalArgumentException(path + ": no fills for region " + region.group(1));
            }
            int first = i + 1;
            for (i++; !lines.get(i).trim().equals(END); i++) {
                continue;
            }
            for (Fill f : repetitions) {
                Fill both = whole.and(f);
                for (int k = first; k < i; k++) {
                    out.append(both.apply(lines.get(k), asWritten.get(k)));
                }
            }
        }
        return out.toString();
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

    private static int indent(String line) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    /**
     * The words and holes of one filling: which dtype each representative word stands for and the value
     * of each hole. Thread-safe (immutable).
     */
    static final class Fill {
        /** Replaces nothing. */
        static final Fill NONE = new Fill(Map.of(), Map.of());
        private final Map<String, String> words;
        private final Map<String, String> holes;

        private Fill(Map<String, String> words, Map<String, String> holes) {
            this.words = words;
            this.holes = holes;
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
            return new Fill(words, Map.of());
        }

        /**
         * @param representative a word of the template
         * @param value what it stands for in this filling
         * @return a fill replacing the word
         */
        static Fill word(String representative, String value) {
            return new Fill(Map.of(representative, value), Map.of());
        }

        /**
         * @param name a hole's name
         * @param value its value in this filling
         * @return this fill with the hole's value
         */
        Fill hole(String name, String value) {
            Map<String, String> h = new LinkedHashMap<>(holes);
            h.put(name, value);
            return new Fill(words, h);
        }

        Fill and(Fill other) {
            Map<String, String> w = new LinkedHashMap<>(words);
            w.putAll(other.words);
            Map<String, String> h = new LinkedHashMap<>(holes);
            h.putAll(other.holes);
            return new Fill(w, h);
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
            return filled.length() == 0 ? "\n" : Loops.Code.wrapped(filled.substring(0, pad), filled.substring(pad));
        }

        private String replacement(Matcher m, String line) {
            if (m.group(1) != null) {
                String value = holes.get(m.group(1));
                if (value == null) {
                    throw new IllegalArgumentException("no value for hole " + m.group(1) + " in: " + line);
                }
                return value;
            }
            boolean insideName = m.end() < line.length() && Character.isLetter(line.charAt(m.end()));
            return words.get(m.group() + (insideName && words.containsKey(m.group() + "+") ? "+" : ""));
        }
    }
}
