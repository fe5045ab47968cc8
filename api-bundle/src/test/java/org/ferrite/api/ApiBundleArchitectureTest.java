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
    void everyPackageIsExportedWithASemanticVersion() {
        for (String name : new String[] {"org.ferrite.api", "org.ferrite.api.tensor", "org.ferrite.api.session",
            "org.ferrite.api.error"}) {
            var pkg = api.getPackage(name);
            assertThat(pkg.isAnnotatedWith(org.osgi.annotation.bundle.Export.class)).as("%s @Export", name).isTrue();
            assertThat(pkg.isAnnotatedWith(org.osgi.annotation.versioning.Version.class)).as("%s @Version", name)
                    .isTrue();
        }
        assertThat(api.stream().map(JavaClass::getPackageName).distinct()).containsExactlyInAnyOrder(
                "org.ferrite.api", "org.ferrite.api.tensor", "org.ferrite.api.session", "org.ferrite.api.error");
    }

    @Test
    void everyOpenPublicInterfaceSaysWhoImplementsIt() {
        classes().that().resideInAPackage("org.ferrite.api..").and().areInterfaces().and().arePublic().and()
                .doNotHaveFullyQualifiedName(org.ferrite.api.tensor.TensorRead.class.getName()).and()
                .doNotHaveFullyQualifiedName(org.ferrite.api.tensor.TensorWrite.class.getName()).should()
                .beAnnotatedWith(org.osgi.annotation.versioning.ProviderType.class).orShould()
                .beAnnotatedWith(org.osgi.annotation.versioning.ConsumerType.class)
                .because("providers implement @ProviderType types, users implement @ConsumerType callbacks")
                .check(api);
        assertThat(api.get(org.ferrite.api.session.SessionFunction.class)
                .isAnnotatedWith(org.osgi.annotation.versioning.ConsumerType.class)).isTrue();
        assertThat(api.get(BackendProvider.class).isAnnotatedWith(org.osgi.annotation.versioning.ProviderType.class))
                .isTrue();
    }

    @Test
    void exceptionsAreUncheckedAndRootedInTensorException() {
        classes().that().resideInAPackage("org.ferrite.api..").and().areAssignableTo(Exception.class).should()
                .beAssignableTo(org.ferrite.api.error.TensorException.class).check(api);
    }
}
