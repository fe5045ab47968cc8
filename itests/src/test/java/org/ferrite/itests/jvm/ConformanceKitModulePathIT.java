package org.ferrite.itests.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.itests.jvm.ShippedJars.jar;

import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The conformance kit's packaged jar on the JPMS module path: the automatic module
 * {@code org.ferrite.testkit} (named by its {@code Automatic-Module-Name}, its three packages inside),
 * which resolves in a module layer of its own with the API's explicit module and the modules the kit
 * uses (JUnit Jupiter API and params, AssertJ and their dependencies), and whose NumPy expectations —
 * resources looked up relative to their class — load from inside the module, as they do on the class
 * path (the providers' unit tests) and in the bundle (the Felix run).
 */
class ConformanceKitModulePathIT {
    /** The jars of the layer: the kit, the API, and what the kit's classes reach. */
    private static final String[] JARS = {"ferrite-testkit-", "ferrite-api-", "junit-jupiter-api-",
        "junit-jupiter-params-", "junit-platform-commons-", "opentest4j-", "apiguardian-api-", "assertj-core-",
        "byte-buddy-"};

    @Test
    void theKitIsTheAutomaticModuleOrgFerriteTestkitAndReadsItsExpectationsOnTheModulePath() throws Exception {
        ModuleDescriptor kit = ShippedJars.descriptor(jar("ferrite-testkit-"));
        assertThat(kit.isAutomatic()).as("named by Automatic-Module-Name").isTrue();
        assertThat(kit.name()).isEqualTo("org.ferrite.testkit");
        assertThat(kit.packages()).contains("org.ferrite.testkit", "org.ferrite.testkit.suite",
                "org.ferrite.testkit.oracle");

        ModuleFinder finder = ModuleFinder.of(Stream.of(JARS).map(p -> Path.of(jar(p))).toArray(Path[]::new));
        Set<String> roots = finder.findAll().stream().map(ModuleReference::descriptor).map(ModuleDescriptor::name)
                .collect(Collectors.toSet());
        Configuration configuration = ModuleLayer.boot().configuration().resolve(finder, ModuleFinder.of(), roots);
        ModuleLayer layer = ModuleLayer.boot().defineModulesWithOneLoader(configuration,
                ClassLoader.getPlatformClassLoader());

        Class<?> numpy = layer.findLoader("org.ferrite.testkit").loadClass("org.ferrite.testkit.oracle.NumPyCases");
        assertThat(numpy.getModule().getName()).isEqualTo("org.ferrite.testkit");
        Class<?> dtype = layer.findLoader("org.ferrite.api").loadClass("org.ferrite.api.tensor.DType");
        assertThat(dtype.getModule().getName()).isEqualTo("org.ferrite.api");
        Object i64 = dtype.getField("I64").get(null);
        Object f32 = dtype.getField("F32").get(null);
        // numpy.result_type(int64, float32) is float64: read from the module's result-type.tsv
        assertThat(numpy.getMethod("resultType", dtype, dtype).invoke(null, i64, f32)).hasToString("F64");
        assertThat((List<?>) numpy.getMethod("pow").invoke(null)).isNotEmpty();
        assertThat((List<?>) numpy.getMethod("complexFunctions").invoke(null)).isNotEmpty();
    }
}
