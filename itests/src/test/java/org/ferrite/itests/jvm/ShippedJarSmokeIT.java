package org.ferrite.itests.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.itests.jvm.ShippedJars.jar;
import static org.ferrite.itests.jvm.ShippedJars.path;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The jar smoke ({@code org.ferrite.itests.smoke.JarSmoke}: every op family × every dtype, the linear
 * algebra once per forced CPU tier) against the built jars only. Its sources — the body in
 * {@code src/main/java/org/ferrite/itests/smoke}, which the Felix run executes too
 * ({@code ShippedBundleSmokeTest}), and the launcher and module descriptor in {@code src/test/smoke} — are
 * compiled once against {@code ferrite-api}, {@code ferrite-cpu} and JNA alone, then launched in a fresh
 * JVM twice: on a class path of exactly those jars (the CPU provider's declared runtime dependencies are
 * the API and JNA; EJML and netlib are embedded), and as a named module on the module path, with the
 * Vector API module resolved so that the provider's vector kernels run too. A class missing from a jar
 * fails the smoke with the family, operation and dtype that reached it. Both runs report the same native
 * BLAS (the smoke's {@code note: native BLAS …} line): netlib's JNI shim, which the jar carries outside
 * every package of the module, is found on the module path as on the class path.
 */
class ShippedJarSmokeIT {
    /** Every family the smoke reports, each of which must have computed cases and no failure. */
    private static final List<String> FAMILIES = List.of("elementwise", "compare/select", "analytic", "structural",
            "reductions", "indexing", "dotGeneral", "einsum", "linalg", "linalg[route=SMALL]", "linalg[route=DENSE]",
            "linalg[route=NATIVE]", "dotGeneral[gemmRoute=NATIVE]");
    private static final String MAIN = "org.ferrite.itests.smoke.Main";
    private static final Path CLASSES = Path.of("target/jar-smoke/classes");
    /** Each launch's result, by where it ran: every test that needs a run shares it. */
    private static final Map<String, ShippedJars.Run> RUNS = new ConcurrentHashMap<>();

    @BeforeAll
    static void compileTheSmokeAgainstTheShippedJarsAlone() throws Exception {
        ShippedJars.compile(CLASSES, path(jar("ferrite-api-"), jar("ferrite-cpu-"), jar("jna-")),
                Path.of("src/main/java/org/ferrite/itests/smoke"), Path.of("src/test/smoke"));
    }

    @Test
    void everyOpFamilyRunsOnAClassPathOfTheApiCpuAndJnaJarsAlone() {
        assertSmokePassed(onTheClassPath(), "smoke.module=unnamed", "provider.module=unnamed");
    }

    @Test
    void everyOpFamilyRunsOnTheModulePath() {
        ShippedJars.Run run = onTheModulePath();
        assertSmokePassed(run, "smoke.module=org.ferrite.itests.smoke", "provider.module=org.ferrite.cpu");
        assertThat(run.output().lines()).as(run.output()).anyMatch(l -> l.startsWith("note: backend cpu, route AUTO, "
                + "simd Vector API") || l.contains("simd off: the preferred vector is"));
    }

    @Test
    void nativeBlasIsTheSameOnTheModulePathAsOnTheClassPath() {
        String classPath = nativeBlasNote(onTheClassPath());
        assertThat(nativeBlasNote(onTheModulePath())).as("the module path's native BLAS; the class path's: %s",
                classPath).isEqualTo(classPath);
    }

    /** The smoke on a class path of the API, CPU and JNA jars alone (launched once for every test). */
    private static ShippedJars.Run onTheClassPath() {
        return launchOnce("class path", List.of("-cp", path(CLASSES.toString(), jar("ferrite-api-"),
                jar("ferrite-cpu-"), jar("jna-")), MAIN));
    }

    /** The smoke as a named module, with the Vector API module resolved (launched once for every test). */
    private static ShippedJars.Run onTheModulePath() {
        return launchOnce("module path", List.of("--add-modules", "jdk.incubator.vector", "--module-path",
                path(CLASSES.toString(), jar("ferrite-api-"), jar("ferrite-cpu-"), jar("jna-")),
                "-m", "org.ferrite.itests.smoke/" + MAIN));
    }

    private static ShippedJars.Run launchOnce(String where, List<String> javaArguments) {
        return RUNS.computeIfAbsent(where, w -> {
            try {
                return ShippedJars.launch(javaArguments);
            } catch (Exception e) {
                throw new AssertionError("cannot launch the smoke on the " + w, e);
            }
        });
    }

    /** @return the smoke's one {@code note: native BLAS …} line (what {@code CpuBackend.nativeBlas()} says) */
    private static String nativeBlasNote(ShippedJars.Run run) {
        List<String> notes = run.output().lines().filter(l -> l.startsWith("note: native BLAS ")).toList();
        assertThat(notes).as(run.output()).hasSize(1);
        return notes.get(0);
    }

    private static void assertSmokePassed(ShippedJars.Run run, String... where) {
        assertThat(run.exitCode()).as("the smoke's exit code; its output:%n%s", run.output()).isZero();
        assertThat(run.output().lines()).as(run.output()).contains(where).noneMatch(l -> l.startsWith("FAILED"));
        for (String family : FAMILIES) {
            assertThat(run.output().lines()).as("%s: cases computed, none failed%n%s", family, run.output())
                    .anyMatch(l -> l.matches(Pattern.quote(family) + ": [1-9]\\d* computed, \\d+ refused as undefined,"
                            + " 0 failed"));
        }
    }
}
