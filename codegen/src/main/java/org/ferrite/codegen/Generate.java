package org.ferrite.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.ferrite.codegen.DTypeTable.Kind;
import org.ferrite.codegen.DTypeTable.Spec;

/**
 * The one command that regenerates every generated source of the CPU provider and the operation
 * tables of {@code docs/operations.md}, from the repository root:
 *
 * <pre>
 * mvn -B -q -pl codegen -am compile -Pgenerate
 * </pre>
 *
 * It writes the per-dtype loop classes of {@code org.ferrite.cpu.internal.kernel.typed} (elementwise,
 * reduction and structural, from the Java templates of {@code src/main/resources/templates/}, filled by
 * {@link Template} from the dtype table, the writers' kernel tables and the operations the API's
 * operation table defines for each dtype — {@link DefinedOps}), {@code TypedDispatch} (from its
 * template), the {@code Float} variants of GEMM and contraction (from their {@code Double} templates) and
 * the generated section of {@code docs/operations.md} ({@link OperationsDoc}), and prints what changed.
 * {@code GeneratedSourcesAreCurrentTest} fails the build while any checked-in file differs from what
 * this produces; both resolve paths from the repository root they are given, never from the working
 * directory. Every generated Java file starts with {@link #header} naming its template. Not thread-safe
 * (a build tool).
 */
public final class Generate {
    /** The first words of every generated file. */
    static final String MARK = "// GENERATED from ";
    static final String TYPED = "cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/kernel/typed/";
    static final String COMMAND = "mvn -B -q -pl codegen -am compile -Pgenerate";

    private Generate() {
    }

    /**
     * Regenerates every generated source.
     *
     * @param args the repository root (the exec plugin passes it; default: the working directory)
     * @throws IOException if a file cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        Path root = Path.of(args.length > 0 ? args[0] : ".").toAbsolutePath().normalize();
        int changed = 0;
        for (Map.Entry<String, String> e : outputs(root).entrySet()) {
            Path file = root.resolve(e.getKey());
            if (!Files.isRegularFile(file) || !Files.readString(file, StandardCharsets.UTF_8).equals(e.getValue())) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, e.getValue(), StandardCharsets.UTF_8);
                System.out.println("generated " + e.getKey());
                changed++;
            }
        }
        for (String orphan : orphans(root)) {
            Files.delete(root.resolve(orphan));
            System.out.println("deleted " + orphan + " (no template produces it any more)");
            changed++;
        }
        System.out.println(changed == 0 ? "every generated source is up to date" : changed + " file(s) changed");
    }

    /**
     * @param root the repository root
     * @return path (relative to {@code root}) → text, for every generated file
     * @throws IOException if a template cannot be read
     */
    static Map<String, String> outputs(Path root) throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        DefinedOps.requireStagedCoverage();
        for (Spec s : Spec.ALL) {
            out.put(TYPED + s.dtype + "Elementwise.java", s.kind == Kind.COMPLEX ? new ComplexElementwiseWriter(s).write()
                    : new ElementwiseWriter(s).write());
            if (DefinedOps.hasReductions(s)) {
                out.put(TYPED + s.dtype + "Reduction.java", new ReductionWriter(s).write());
            }
            out.put(TYPED + s.dtype + "Structural.java", new StructuralWriter(s).write());
        }
        out.put(DispatchWriter.OUTPUT, DispatchWriter.write());
        out.put(OperationsDoc.OUTPUT, OperationsDoc.write(root));
        out.putAll(FloatVariants.generate(root));
        return out;
    }

    /**
     * @param root the repository root
     * @return generated files (marked by {@link #MARK}) under the provider's sources that no template
     *     produces any more
     * @throws IOException if the sources cannot be listed
     */
    static List<String> orphans(Path root) throws IOException {
        Map<String, String> expected = outputs(root);
        List<String> orphans = new ArrayList<>();
        for (String folder : List.of("cpu-provider-bundle/src/main/java", "cpu-provider-bundle/src/main/simd")) {
            try (Stream<Path> files = Files.walk(root.resolve(folder))) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                    String relative = root.relativize(f).toString().replace('\\', '/');
                    if (!expected.containsKey(relative)
                            && Files.readString(f, StandardCharsets.UTF_8).startsWith(MARK)) {
                        orphans.add(relative);
                    }
                }
            }
        }
        return orphans;
    }

    /**
     * @param templatePath the template's path from the repository root
     * @return the header of a generated file: it names its template and the command
     */
    static String header(String templatePath) {
        return MARK + templatePath + ".\n// by ferrite-codegen. Do not edit: edit the template and run " + COMMAND
                + ".\n";
    }
}
