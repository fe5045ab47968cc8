package org.ferrite.reference;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import java.util.Set;
import org.ferrite.reference.internal.ReferenceBackendComponent;
import org.junit.jupiter.api.Test;

/**
 * The reference provider is written only against the public SPI: its classes ({@code org.ferrite.reference..})
 * import nothing from the CPU provider or the testkit, and nothing but the JDK, the API's exported packages
 * (the provider helpers of {@code org.ferrite.api.spi} and its sub-packages, and the linear algebra's {@code org.ferrite.linalg}
 * included) and the compile-only OSGi annotations.
 */
class ReferenceProviderArchitectureTest {
    /** The provider's classes, without this module's tests. */
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importLocations(Set.of(Location.of(ReferenceBackendComponent.class.getProtectionDomain().getCodeSource()
                    .getLocation())));

    @Test
    void theRulesSeeTheProviderClasses() {
        assertThat(CLASSES.contain(ReferenceBackend.class)).isTrue();
        assertThat(CLASSES.contain(ReferenceBackendComponent.class)).isTrue();
        assertThat(CLASSES.contain(ReferenceConformanceTest.class)).isFalse();
    }

    @Test
    void theReferenceProviderImportsNothingFromTheCpuProviderOrTheTestkit() {
        noClasses().that().resideInAPackage("org.ferrite.reference..").should().dependOnClassesThat()
                .resideInAnyPackage("org.ferrite.cpu..", "org.ferrite.testkit..").check(CLASSES);
    }

    @Test
    void theReferenceProviderUsesOnlyTheJdkAndTheApisExportedPackages() {
        classes().that().resideInAPackage("org.ferrite.reference..").should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "org.ferrite.api", "org.ferrite.api.session", "org.ferrite.api.tensor",
                        "org.ferrite.api.error", "org.ferrite.api.spi..", "org.ferrite.linalg", "org.ferrite.reference..",
                        "org.osgi.annotation..", "org.osgi.service.component.annotations",
                        "org.osgi.service.metatype.annotations")
                .check(CLASSES);
    }
}
