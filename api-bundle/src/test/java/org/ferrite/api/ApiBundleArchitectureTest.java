package org.ferrite.api;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaPackage;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Set;
import java.util.TreeSet;
import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.ConsumerType;
import org.osgi.annotation.versioning.ProviderType;
import org.osgi.annotation.versioning.Version;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The architecture of the API bundle, by package prefix so that every package counts — the ones of
 * today and the coming {@code org.ferrite.einsum..} and {@code org.ferrite.linalg..}: no runtime
 * dependencies (only the JDK, the compile-only OSGi annotations and the bundle's own packages), no
 * package cycles, every package exported at version {@value #VERSION}, and the provider helpers of
 * {@code org.ferrite.api.spi} kept out of the user-facing packages: only the portable implementations
 * in the method bodies of {@code org.ferrite.api.session}'s interfaces (their defaults) use them, and no
 * user-facing signature mentions them. The classes are imported once for the whole class.
 */
class ApiBundleArchitectureTest {
    private static final String VERSION = "0.3.0";
    private static final String[] BUNDLE = {"org.ferrite.api..", "org.ferrite.einsum..", "org.ferrite.linalg.."};
    private static final String SPI = "org.ferrite.api.spi";
    private static final String SESSION = "org.ferrite.api.session";
    private static JavaClasses api;

    @BeforeAll
    static void importTheBundleClasses() {
        // from the bundle's own class folder (or jar) only: scanning the test class path for the packages
        // cost seconds
        api = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importLocations(Set.of(Location.of(Backends.class.getProtectionDomain().getCodeSource()
                        .getLocation())));
    }

    @Test
    void importsTheWholeBundle() {
        assertThat(api.contain(Backends.class)).isTrue();
        assertThat(api.contain(org.ferrite.api.tensor.Tensor.class)).isTrue();
        assertThat(api.contain(org.ferrite.api.session.BackendSession.class)).isTrue();
        assertThat(api.contain(org.ferrite.api.error.TensorException.class)).isTrue();
        assertThat(api.contain(org.ferrite.api.spi.OperandChecks.class)).isTrue();
        assertThat(api.contain(BackendsTest.class)).as("test classes are excluded").isFalse();
    }

    @Test
    void dependsOnNothingButTheJdkAndCompileOnlyOsgiAnnotations() {
        classes().that().resideInAnyPackage(BUNDLE).should().onlyDependOnClassesThat()
                .resideInAnyPackage(concat("java..", "org.osgi.annotation..")).because("the API bundle has no"
                        + " runtime dependencies; OSGi annotations are compile-only").check(api);
    }

    @Test
    void hasNoPackageCyclesOutsideTheSessionSpi() {
        // The one sanctioned pair: the portable defaults of org.ferrite.api.session validate with the
        // provider helpers of org.ferrite.api.spi (one rule for defaults and providers), and those helpers
        // take the session's configuration types. Together they are the session SPI; see the two rules
        // below for how narrow the session -> spi direction is kept.
        slices().assignedFrom(onePerPackage()).should().beFreeOfCycles()
                .ignoreDependency(DescribedPredicate.describe("the session package", (JavaClass c) -> c
                        .getPackageName().equals(SESSION)), DescribedPredicate.describe("the spi package",
                                (JavaClass c) -> c.getPackageName().equals(SPI)))
                .check(api);
    }

    @Test
    void theSpiIsUsedOnlyByTheMethodBodiesOfSessionInterfaces() {
        noClasses().that().resideInAnyPackage(BUNDLE).and().resideOutsideOfPackages(SPI, SESSION).should()
                .dependOnClassesThat().resideInAPackage(SPI).because("users never need the provider helpers")
                .check(api);
        noClasses().that().resideInAPackage(SESSION).and().areNotInterfaces().and().arePublic().should()
                .dependOnClassesThat().resideInAPackage(SPI).because("configurations and enums are user types; only"
                        + " the portable defaults of the session interfaces (and the package-private helpers their"
                        + " bodies delegate to) validate with the provider helpers").check(api);
        // with no spi type in any public signature or field (next rule), what remains of a session
        // interface's dependencies on the spi are the bodies of its default and private methods
        classes().that().resideInAPackage(SPI).should().onlyDependOnClassesThat().resideInAnyPackage("java..",
                "org.osgi.annotation..", SPI, SESSION, "org.ferrite.api.tensor", "org.ferrite.api.error")
                .because("the provider helpers sit above the tensor model and the session SPI, nothing else")
                .check(api);
    }

    @Test
    void noUserFacingSignatureMentionsAnSpiType() {
        codeUnits().that().areDeclaredInClassesThat().resideInAnyPackage(BUNDLE).and().areDeclaredInClassesThat()
                .resideOutsideOfPackage(SPI).and().arePublic().should(notMentionTheSpiInTheirSignature())
                .check(api);
        fields().that().areDeclaredInClassesThat().resideInAnyPackage(BUNDLE).and().areDeclaredInClassesThat()
                .resideOutsideOfPackage(SPI).and().arePublic().should(new ArchCondition<JavaField>(
                        "not have an spi type") {
                    @Override
                    public void check(JavaField field, ConditionEvents events) {
                        if (inSpi(field.getRawType())) {
                            events.add(SimpleConditionEvent.violated(field, field.getFullName() + " is an spi type"));
                        }
                    }
                }).allowEmptyShould(true).check(api);
    }

    @Test
    void everyPackageIsExportedAtTheApiVersion() {
        Set<String> packages = new TreeSet<>();
        api.stream().map(JavaClass::getPackageName).forEach(packages::add);
        assertThat(packages).contains("org.ferrite.api", "org.ferrite.api.tensor", "org.ferrite.api.session",
                "org.ferrite.api.error", SPI);
        for (String name : packages) {
            assertThat(name).matches("org\\.ferrite\\.(api|einsum|linalg)(\\..*)?");
            JavaPackage pkg = api.getPackage(name);
            assertThat(pkg.isAnnotatedWith(Export.class)).as("%s @Export", name).isTrue();
            assertThat(pkg.isAnnotatedWith(Version.class)).as("%s @Version", name).isTrue();
            Object version = pkg.getAnnotationOfType(Version.class.getName()).get("value").orElse(null);
            assertThat(version).as("%s @Version", name).isEqualTo(VERSION);
        }
        assertThat(BackendCapabilities.SPI_VERSION).isEqualTo(VERSION);
    }

    @Test
    void everyOpenPublicInterfaceSaysWhoImplementsIt() {
        classes().that().resideInAnyPackage(BUNDLE).and().areInterfaces().and().arePublic().and()
                .doNotHaveFullyQualifiedName(org.ferrite.api.tensor.TensorRead.class.getName()).and()
                .doNotHaveFullyQualifiedName(org.ferrite.api.tensor.TensorWrite.class.getName()).should()
                .beAnnotatedWith(ProviderType.class).orShould().beAnnotatedWith(ConsumerType.class)
                .because("providers implement @ProviderType types, users implement @ConsumerType callbacks")
                .check(api);
        assertThat(api.get(org.ferrite.api.session.SessionFunction.class).isAnnotatedWith(ConsumerType.class))
                .isTrue();
        assertThat(api.get(BackendProvider.class).isAnnotatedWith(ProviderType.class)).isTrue();
        assertThat(api.get(org.ferrite.api.tensor.DeviceStorage.class).isAnnotatedWith(ProviderType.class)).isTrue();
    }

    @Test
    void exceptionsAreUncheckedAndRootedInTensorException() {
        classes().that().resideInAnyPackage(BUNDLE).and().areAssignableTo(Exception.class).should()
                .beAssignableTo(org.ferrite.api.error.TensorException.class).check(api);
    }

    @Test
    void theSpiHoldsOnlyStatelessFinalHelpers() {
        classes().that().resideInAPackage(SPI).and().arePublic().should().haveModifier(JavaModifier.FINAL)
                .because("provider helpers are static rules, not types to implement or extend").check(api);
        noClasses().that().resideInAPackage(SPI).and().doNotHaveSimpleName("package-info").should().beInterfaces()
                .check(api);
    }

    private static String[] concat(String... more) {
        String[] all = new String[BUNDLE.length + more.length];
        System.arraycopy(BUNDLE, 0, all, 0, BUNDLE.length);
        System.arraycopy(more, 0, all, BUNDLE.length, more.length);
        return all;
    }

    private static boolean inSpi(JavaClass c) {
        return c.getPackageName().equals(SPI);
    }

    private static SliceAssignment onePerPackage() {
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                return SliceIdentifier.of(javaClass.getPackageName());
            }

            @Override
            public String getDescription() {
                return "one slice per package of the API bundle";
            }
        };
    }

    private static ArchCondition<JavaCodeUnit> notMentionTheSpiInTheirSignature() {
        return new ArchCondition<>("not mention org.ferrite.api.spi types in their signature") {
            @Override
            public void check(JavaCodeUnit unit, ConditionEvents events) {
                boolean bad = inSpi(unit.getRawReturnType())
                        || unit.getRawParameterTypes().stream().anyMatch(ApiBundleArchitectureTest::inSpi)
                        || unit.getThrowsClause().getTypes().stream().anyMatch(ApiBundleArchitectureTest::inSpi);
                if (bad) {
                    events.add(SimpleConditionEvent.violated(unit, unit.getFullName() + " mentions an spi type"));
                }
            }
        };
    }

    @Test
    void theSessionAllowanceIsExercisedAndNarrow() {
        // the defaults of the session interfaces do call the spi: the allowance is not vacuous ...
        assertThat(api.get(org.ferrite.api.session.ContractionOps.class).getAccessesFromSelf())
                .anyMatch(access -> inSpi(access.getTargetOwner()));
        // ... and no configuration type depends on it
        assertThat(api.get(org.ferrite.api.session.DotGeneralConfig.class).getDirectDependenciesFromSelf())
                .noneMatch(d -> inSpi(d.getTargetClass()));
    }
}
