package org.ferrite.codegen;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ferrite.codegen.DTypeTable.DTypeSet;
import org.ferrite.codegen.DTypeTable.Spec;

/**
 * Expands the template of {@code TypedDispatch} ({@code src/main/resources/templates/TypedDispatch.java}):
 * plain Java written for F64 alone, whose {@code // @each-dtype SET [by-storage]} … {@code // @end-each}
 * regions are repeated once per dtype of the set, with {@code F64} replaced by the dtype (see the
 * template's notes). The dispatch stays a static switch per call: an interface table would make the
 * call sites megamorphic. Thread-safe (stateless).
 */
final class DispatchWriter {
    static final String TEMPLATE = "codegen/src/main/resources/templates/TypedDispatch.java";
    static final String OUTPUT =
            "cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/kernel/typed/TypedDispatch.java";
    private static final Pattern REGION = Pattern.compile("\\s*// @each-dtype (\\w+)( by-storage)?");

    private DispatchWriter() {
    }

    /** @return the generated {@code TypedDispatch} */
    static String write() {
        List<String> lines = template();
        StringBuilder out = new StringBuilder(Generate.header(TEMPLATE));
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher region = REGION.matcher(line);
            if (line.startsWith("//!")) {
                continue;
            }
            if (!region.matches()) {
                out.append(line).append('\n');
                continue;
            }
            DTypeSet set = DTypeSet.valueOf(region.group(1));
            boolean byStorage = region.group(2) != null;
            List<String> body = new ArrayList<>();
            for (i++; !lines.get(i).trim().equals("// @end-each"); i++) {
                body.add(lines.get(i));
            }
            for (Spec s : DTypeTable.Spec.ALL) {
                if (set.contains(s)) {
                    String prefix = byStorage ? s.storageSpec().dtype : s.dtype;
                    for (String b : body) {
                        out.append(b.replace("case F64:", "case " + s.dtypeName + ":").replace("F64", prefix))
                                .append('\n');
                    }
                }
            }
        }
        return out.toString();
    }

    private static List<String> template() {
        try (InputStream in = DispatchWriter.class.getResourceAsStream("/templates/TypedDispatch.java")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().collect(
                    java.util.stream.Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
