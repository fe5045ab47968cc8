package org.ferrite.opencl.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import java.util.Set;
import org.ferrite.opencl.OpenClBackend;
import org.junit.jupiter.api.Test;

/**
 * The OpenCL provider is written against the public SPI and JOCL only: its classes use the JDK, the API's
 * exported packages, JOCL and JOCLBlast (embedded) and the OSGi component API — no other provider, no
 * testkit — and its exported package {@code org.ferrite.opencl} shows no JOCL type (JOCL stays private).
 */
class OpenClProviderArchitectureTest {
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importLocations(Set.of(Location.of(OpenClBackend.class.getProtectionDomain().getCodeSource()
                    .getLocation())));

    @Test
    void theRulesSeeTheProviderClasses() {
        assertThat(CLASSES.contain(OpenClBackend.class)).isTrue();
        assertThat(CLASSES.contain("org.ferrite.opencl.internal.device.Arena")).isTrue();
    }

    @Test
    void theProviderUsesOnlyTheJdkTheApiJoclAndTheComponentApi() {
        classes().that().resideInAPackage("org.ferrite.opencl..").should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "org.ferrite.api", "org.ferrite.api.session", "org.ferrite.api.tensor",
                        "org.ferrite.api.error", "org.ferrite.api.random", "org.ferrite.api.spi..",
                        "org.ferrite.opencl..", "org.jocl..",
                        "org.osgi.annotation..", "org.osgi.service.component..",
                        "org.osgi.service.metatype.annotations", "aQute.bnd.annotation..")
                .check(CLASSES);
    }

    @Test
    void theExportedPackageShowsNoJoclType() {
        noClasses().that().resideInAPackage("org.ferrite.opencl").should().dependOnClassesThat()
                .resideInAPackage("org.jocl..").check(CLASSES);
    }
}
