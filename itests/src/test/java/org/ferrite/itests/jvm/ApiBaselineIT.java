package org.ferrite.itests.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import aQute.bnd.differ.Baseline;
import aQute.bnd.differ.DiffPluginImpl;
import aQute.bnd.osgi.Jar;
import aQute.bnd.osgi.Processor;
import aQute.bnd.service.diff.Delta;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * bnd's semantic-versioning baseline of the API bundle: the packaged {@code ferrite-api} jar against
 * the committed reference {@code cnf/baseline/org.ferrite.api.jar} (what the reference is, and when it
 * is replaced, is design decision H2 in {@code docs/design-decisions.md}). bnd compares every exported
 * package's signatures with the reference's and derives the version each change requires — a method
 * added to a {@code @ProviderType} interface is a minor change, one removed or added to a
 * {@code @ConsumerType} interface a major one — and this test fails if any package's declared
 * {@code @Version} (or the bundle's version, for a minor or major change) is lower than that. A change
 * of the bundle's contents alone — no exported signature changed, bnd asks only a micro bump of the
 * bundle — passes: implementation changes and other compilers (JDK 25 building {@code --release 17})
 * change no API. Packages at major version 0 are baselined too ({@code -baselineincludezeromajor}),
 * which bnd skips by default.
 */
class ApiBaselineIT {

    @Test
    void everyChangedApiPackageCarriesTheVersionItsChangeRequires() throws Exception {
        Path reference = Path.of(System.getProperty("ferrite.apiReference", "../cnf/baseline/org.ferrite.api.jar"));
        assertThat(reference).as("the committed API reference (H2)").isRegularFile();
        try (Processor reporter = new Processor(); Jar newer = new Jar(new File(apiJar()));
                Jar older = new Jar(reference.toFile())) {
            reporter.setProperty("-baselineincludezeromajor", "true");
            Baseline baseline = new Baseline(reporter, new DiffPluginImpl());
            Set<Baseline.Info> infos = baseline.baseline(newer, older, null);
            assertThat(infos).as("the reference exports the API packages").isNotEmpty();
            List<String> mismatches = infos.stream().filter(i -> i.mismatch).map(ApiBaselineIT::describe)
                    .sorted().collect(Collectors.toList());
            Baseline.BundleInfo bundle = baseline.getBundleInfo();
            if (bundle.mismatch && (!mismatches.isEmpty() || !sameMinor(bundle))) {
                mismatches.add("bundle " + bundle.bsn + ": " + bundle.newerVersion + ", needs at least "
                        + bundle.suggestedVersion + " (" + bundle.reason + ")");
            }
            assertThat(mismatches).as("API changes without the version they require; bump the package's "
                    + "@Version as suggested, or, before the reference's version is released, refresh the "
                    + "reference (docs/design-decisions.md H2). bnd's errors: %s", reporter.getErrors())
                    .isEmpty();
            assertThat(reporter.getErrors()).isEmpty();
        }
    }

    /**
     * A bundle-level mismatch that asks only a micro bump comes from content that changed without any
     * exported signature changing (an implementation class, or the same sources compiled by another
     * JDK): consumers import packages by their versions, which bnd checks above, so it is not an API
     * change.
     */
    private static boolean sameMinor(Baseline.BundleInfo bundle) {
        return bundle.newerVersion.getMajor() == bundle.suggestedVersion.getMajor()
                && bundle.newerVersion.getMinor() == bundle.suggestedVersion.getMinor();
    }

    private static String describe(Baseline.Info info) {
        String changes = info.packageDiff.getChildren().stream().filter(d -> d.getDelta() != Delta.UNCHANGED)
                .map(d -> d.getDelta() + " " + d.getType() + " " + d.getName()).collect(Collectors.joining("; "));
        return info.packageName + ": " + info.newerVersion + ", needs " + info.suggestedVersion + " — " + changes;
    }

    /** The packaged API jar on the test class path (failsafe runs after package). */
    private static String apiJar() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> Path.of(p).getFileName().toString().startsWith("ferrite-api-") && p.endsWith(".jar")
                        && Files.isRegularFile(Path.of(p)))
                .findFirst().orElseThrow(() -> new AssertionError("ferrite-api-*.jar is not on the class path"));
    }
}
