package org.ferrite.reference;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.ferrite.api.testkit.reference.ReferenceBackend;
import org.ferrite.reference.internal.ReferenceBackendComponent;
import org.junit.jupiter.api.Test;

/**
 * The reference provider is written only against the public SPI: its classes (the testkit's
 * {@code org.ferrite.api.testkit.reference} and this bundle's {@code org.ferrite.reference..}) import
 * nothing from the CPU provider, and nothing but the JDK, the API's exported packages (the provider
 * helpers of {@code org.ferrite.api.spi} and the linear algebra's {@code org.ferrite.linalg} included)
 * and the compile-only OSGi annotations.
 */
class ReferenceProviderArchitectureTest {
    private static final String[] PROVIDER_PACKAGES = {"org.ferrite.api.testkit.reference", "org.ferrite.reference.."};
    /** The provider's classes, without this module's own tests. */
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(location -> !location.contains("/reference-provider/target/test-classes/"))
            .importPackages("org.ferrite.api.testkit.reference", "org.ferrite.reference");

    @Test
    void theRulesSeeTheProviderClasses() {
        assertThat(CLASSES.contain(ReferenceBackend.class)).isTrue();
        assertThat(CLASSES.contain(ReferenceBackendComponent.class)).isTrue();
    }

    @Test
    void theReferenceProviderImportsNothingFromTheCpuProvider() {
        noClasses().that().resideInAnyPackage(PROVIDER_PACKAGES).should().dependOnClassesThat()
                .resideInAPackage("org.ferrite.cpu..").check(CLASSES);
    }

    @Test
    void theReferenceProviderUsesOnlyTheJdkAndTheApisExportedPackages() {
        classes().that().resideInAnyPackage(PROVIDER_PACKAGES).should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "org.ferrite.api", "org.ferrite.api.session", "org.ferrite.api.tensor",
                        "org.ferrite.api.error", "org.ferrite.api.spi", "org.ferrite.linalg",
                        "org.ferrite.api.testkit.reference", "org.ferrite.reference..",
                        "org.osgi.annotation..", "org.osgi.service.component.annotations",
                        "org.osgi.service.metatype.annotations")
                .check(CLASSES);
    }
}
