package org.ferrite.api;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The API bundle has no runtime dependencies: its classes use only the JDK, the compile-only OSGi
 * annotations, and each other; and its packages form no cycle.
 */
class ApiBundleArchitectureTest {
    private static JavaClasses api;

    @BeforeAll
    static void importTheBundleClasses() {
        api = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.ferrite.api");
    }

    @Test
    void importsTheWholeBundle() {
        assertThat(api.contain(Backends.class)).isTrue();
        assertThat(api.contain(org.ferrite.api.tensor.Tensor.class)).isTrue();
        assertThat(api.contain(org.ferrite.api.session.BackendSession.class)).isTrue();
        assertThat(api.contain(org.ferrite.api.error.TensorException.class)).isTrue();
        assertThat(api.contain(BackendsTest.class)).as("test classes are excluded").isFalse();
    }

    @Test
    void dependsOnNothingButTheJdkAndCompileOnlyOsgiAnnotations() {
        classes().that().resideInAPackage("org.ferrite.api..").should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "org.osgi.annotation..", "org.ferrite.api..")
                .because("the API bundle has no runtime dependencies (DESIGN §2)").check(api);
    }

    @Test
    void hasNoPackageCycles() {
        slices().assignedFrom(new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                return SliceIdentifier.of(javaClass.getPackageName());
            }

            @Override
            public String getDescription() {
                return "one slice per package of org.ferrite.api";
            }
        }).should().beFreeOfCycles().check(api);
    }

    @Test
    void exceptionsAreUncheckedAndRootedInTensorException() {
        classes().that().resideInAPackage("org.ferrite.api..").and().areAssignableTo(Exception.class).should()
                .beAssignableTo(org.ferrite.api.error.TensorException.class).check(api);
    }
}
