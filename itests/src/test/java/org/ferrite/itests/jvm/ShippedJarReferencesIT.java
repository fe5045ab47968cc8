package org.ferrite.itests.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.itests.jvm.ShippedJars.jar;
import static org.ferrite.itests.jvm.ShippedJars.path;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.ModuleDescriptor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The second line of defence behind the jar smoke: every class that the bytecode of a shipped jar refers
 * to resolves from the jar itself, the JDK, or what the jar declares it requires. {@code jdeps
 * --missing-deps} analyses the jar as the module it is (its generated descriptor: on the module path with
 * the modules it {@code requires}, the optional {@code requires static} ones added) and lists every
 * class-to-class reference it cannot resolve — a class missing from an embedded package (the split
 * {@code org.ejml.dense.row}: {@code CommonOps_ZDRM}) as much as a module the descriptor forgot.
 *
 * <p>The only references allowed to stay unresolved are the ones listed in {@link #OPTIONAL}, each with
 * the reason it is never reached; an allowance nothing needs any more fails too, so the list cannot go
 * stale.
 */
class ShippedJarReferencesIT {
    /** {@code  <class> -> <class>  not found} lines of {@code jdeps --missing-deps}. */
    private static final Pattern NOT_FOUND = Pattern.compile("^\\s*(\\S+)\\s+->\\s+(\\S+)\\s+not found\\s*$");

    /**
     * Referenced packages that may stay unresolved, by prefix, with the reason. (The other optional
     * references — EJML's visualisation through {@code java.desktop}, the Vector API through
     * {@code jdk.incubator.vector} — are declared: {@code requires static} in the descriptor, optional
     * imports in the manifest; the analysis resolves them.)
     */
    private static final Map<String, String> OPTIONAL = Map.of(
            "us.hebi.matlab.", "EJML's MATLAB file I/O (org.ejml.ops.MatrixIO$MflAccess), reached only through "
                    + "MatrixIO.loadMatlab/saveMatlab, which Ferrite never calls; an optional import in the manifest");

    @Test
    void everyClassTheCpuJarReferencesResolvesFromTheJarItsRequirementsOrTheJdk() {
        String cpu = jar("ferrite-cpu-");
        String optionalModules = ShippedJars.descriptor(cpu).requires().stream()
                .filter(r -> r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC))
                .map(ModuleDescriptor.Requires::name).sorted().collect(Collectors.joining(","));
        assertThat(optionalModules).as("the provider's optional modules")
                .isEqualTo("java.desktop,jdk.incubator.vector");

        Map<String, List<String>> unresolved = unresolvedReferences("--module-path", path(jar("ferrite-api-"),
                jar("jna-")), "--add-modules", optionalModules, cpu);
        Map<String, List<String>> unexplained = new TreeMap<>(unresolved);
        unexplained.keySet().removeIf(target -> OPTIONAL.keySet().stream().anyMatch(target::startsWith));
        assertThat(unexplained).as("classes referenced from %s that neither the jar, its requirements nor the JDK"
                + " provide (referenced class -> referring classes)", cpu).isEmpty();
        for (String prefix : OPTIONAL.keySet()) {
            assertThat(unresolved.keySet()).as("the allowance for %s* (%s) is still needed; remove it if not",
                    prefix, OPTIONAL.get(prefix)).anyMatch(target -> target.startsWith(prefix));
        }
    }

    @Test
    void everyClassTheApiJarReferencesResolvesFromTheJarOrTheJdk() {
        String api = jar("ferrite-api-");
        assertThat(unresolvedReferences(api)).as("classes referenced from %s that it does not provide", api).isEmpty();
    }

    /**
     * @param arguments jdeps' arguments after {@code --multi-release 17 --missing-deps}
     * @return every referenced class jdeps cannot resolve, with the classes that refer to it
     */
    private static Map<String, List<String>> unresolvedReferences(String... arguments) {
        List<String> args = new ArrayList<>(List.of("--multi-release", "17", "--missing-deps"));
        args.addAll(List.of(arguments));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("no jdeps in "
                + System.getProperty("java.home")));
        int status = jdeps.run(new PrintWriter(out, true), new PrintWriter(err, true), args.toArray(new String[0]));
        assertThat(status).as("jdeps %s%n%s%s", args, out, err).isZero();
        Map<String, List<String>> unresolved = new TreeMap<>();
        for (String line : out.toString().split("\\R")) {
            Matcher m = NOT_FOUND.matcher(line);
            if (m.matches()) {
                unresolved.computeIfAbsent(m.group(2), k -> new ArrayList<>()).add(m.group(1));
            }
        }
        return unresolved;
    }
}
