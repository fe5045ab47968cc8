package org.ferrite.offheap;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import java.util.Set;
import org.ferrite.offheap.device.Arena;
import org.ferrite.offheap.internal.OffHeapBackendComponent;
import org.junit.jupiter.api.Test;

/**
 * The off-heap provider is written only against the public SPI: its classes use nothing but the JDK, the
 * API's exported packages (the provider helpers of {@code org.ferrite.api.spi} and its sub-packages included) and the
 * compile-only OSGi annotations — no other provider, no testkit.
 */
class OffHeapProviderArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importLocations(Set.of(Location.of(OffHeapBackendComponent.class.getProtectionDomain().getCodeSource()
                    .getLocation())));

    @Test
    void theRulesSeeTheProviderClasses() {
        assertThat(CLASSES.contain(OffHeapBackend.class)).isTrue();
        assertThat(CLASSES.contain(Arena.class)).isTrue();
        assertThat(CLASSES.contain(OffHeapBackendComponent.class)).isTrue();
        assertThat(CLASSES.contain(OffHeapConformanceTest.class)).isFalse();
    }

    @Test
    void theOffHeapProviderUsesOnlyTheJdkAndTheApisExportedPackages() {
        classes().that().resideInAPackage("org.ferrite.offheap..").should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "org.ferrite.api", "org.ferrite.api.session", "org.ferrite.api.tensor",
                        "org.ferrite.api.error", "org.ferrite.api.random", "org.ferrite.api.spi..",
                        "org.ferrite.offheap..",
                        "org.osgi.annotation..", "org.osgi.service.component.annotations",
                        "org.osgi.service.metatype.annotations")
                .check(CLASSES);
    }
}
