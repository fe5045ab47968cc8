package org.ferrite.cpu.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaParameterizedType;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.architecture.fixture.left.Left;
import org.ferrite.cpu.architecture.fixture.right.Right;
import org.ferrite.cpu.internal.kernel.typed.TypedDispatch;
import org.ferrite.cpu.internal.session.SessionEngine;
import org.junit.jupiter.api.Test;

/**
 * The structure of the CPU provider, by package prefix so that packages added later count too:
 * <ul>
 *   <li>no package cycles. The one exported package, {@code org.ferrite.cpu}, is the provider's front
 *       and back at once — its entry points ({@code CpuBackend}, {@code CpuHeldSession},
 *       {@code CpuDomain}) build on the internal packages, and the internal packages return its value
 *       types and implement its interfaces ({@code GemmRoute}, {@code CacheStats}, {@code CpuPhase}, …) —
 *       so it counts as two slices: the classes that use an internal package, and those that use none.
 *       Every other package is one slice. A cycle through the exported package is therefore a real
 *       class-level cycle, not an artefact of the split;</li>
 *   <li>kernels (element-wise, structural, reduction, indexing, GEMM, contraction, linear algebra)
 *       never depend on the session engine, admission, phases, registration or the entry points;</li>
 *   <li>only {@code registration} knows the OSGi framework and Declarative Services (the compile-only
 *       versioning annotations of {@code org.osgi.annotation} excepted);</li>
 *   <li>only the native-library packages use JNA: {@code affinity} ({@code sched_*affinity}),
 *       {@code openblas} (OpenBLAS's thread count) and {@code linalg.lapack} (LAPACK by direct mapping);
 *       GEMM's native route calls BLAS through netlib's JNI, not JNA;</li>
 *   <li>only {@code simd} uses the Vector API ({@code jdk.incubator.vector}, optional at run time), and
 *       its classes that do are reached only from inside {@code simd} (by {@code Simd}'s guarded,
 *       reflective loading): a direct reference from elsewhere would fail to link without the
 *       module;</li>
 *   <li>thread-locals hold JDK types only, so no thread pins a provider class loader, and there are no
 *       others than the known ones (the list may only shrink); kernels use none;</li>
 *   <li>the exported package's public signatures mention no internal type.</li>
 * </ul>
 * The classes are imported once, for the whole class; a self-test shows that the cycle rule fails on a
 * cycle.
 */
class CpuProviderArchitectureTest {
    private static final String EXPORTED = "org.ferrite.cpu";
    private static final String[] KERNELS = {"org.ferrite.cpu.internal.kernel..", "org.ferrite.cpu.internal.gemm..",
        "org.ferrite.cpu.internal.contract..", "org.ferrite.cpu.internal.linalg.."};
    private static final String[] ENGINE = {"org.ferrite.cpu.internal.session..", "org.ferrite.cpu.internal.admission..",
        "org.ferrite.cpu.internal.phase..", "org.ferrite.cpu.internal.registration.."};
    private static final String SIMD = "org.ferrite.cpu.internal.simd..";
    private static final String VECTOR_API_PACKAGE = "jdk.incubator.vector";
    private static final String VECTOR_API = VECTOR_API_PACKAGE + "..";
    private static final String[] JNA_USERS = {"org.ferrite.cpu.internal.affinity..",
        "org.ferrite.cpu.internal.openblas..", "org.ferrite.cpu.internal.linalg.lapack.."};

    /**
     * The provider's classes, imported once from the module's own class folder (or jar) only: scanning
     * the whole test class path for the packages cost seconds.
     */
    private static final JavaClasses PROVIDER = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importLocations(Set.of(Location.of(CpuBackend.class.getProtectionDomain().getCodeSource().getLocation())));

    @Test
    void importsTheWholeProviderAndNoTestClass() {
        assertThat(PROVIDER.contain(CpuBackend.class)).isTrue();
        assertThat(PROVIDER.contain(GemmRoute.class)).isTrue();
        assertThat(PROVIDER.contain(SessionEngine.class)).isTrue();
        assertThat(PROVIDER.contain(TypedDispatch.class)).isTrue();
        assertThat(PROVIDER.contain(CpuProviderArchitectureTest.class)).as("test classes are excluded").isFalse();
        assertThat(PROVIDER.contain(Left.class)).isFalse();
    }

    @Test
    void hasNoPackageCycles() {
        packagesAreFreeOfCycles().check(PROVIDER);
    }

    @Test
    void theCycleRuleFailsOnACycle() {
        JavaClasses cycle = new ClassFileImporter().importClasses(Left.class, Right.class);
        assertThat(packagesAreFreeOfCycles().evaluate(cycle).hasViolation()).as("a cycle between two packages")
                .isTrue();
        JavaClasses oneSide = new ClassFileImporter().importClasses(Right.class);
        assertThat(packagesAreFreeOfCycles().evaluate(oneSide).hasViolation()).isFalse();
    }

    @Test
    void kernelsNeverDependOnTheSessionEngine() {
        noClasses().that().resideInAnyPackage(KERNELS).should().dependOnClassesThat(resideInAnyPackage(ENGINE)
                .or(entryPoints())).because("kernels see their session only through KernelContext and"
                        + " ContractionContext, which the session implements").check(PROVIDER);
    }

    @Test
    void onlyRegistrationKnowsOsgi() {
        noClasses().that().resideOutsideOfPackage("org.ferrite.cpu.internal.registration..").should()
                .dependOnClassesThat(resideInAPackage("org.osgi..").and(not(resideInAPackage("org.osgi.annotation.."))))
                .because("the provider runs on a plain JVM too; Declarative Services is one way in")
                .check(PROVIDER);
    }

    @Test
    void onlyTheNativeLibraryPackagesUseJna() {
        noClasses().that().resideOutsideOfPackages(JNA_USERS).should().dependOnClassesThat()
                .resideInAPackage("com.sun.jna..").because("JNA is optional inside OSGi; its users degrade"
                        + " when it is missing, and there are three of them").check(PROVIDER);
    }

    @Test
    void onlySimdUsesTheVectorApi() {
        noClasses().that().resideOutsideOfPackage(SIMD).should().dependOnClassesThat()
                .resideInAPackage(VECTOR_API).because("the Vector API is an optional module: its users are"
                        + " loaded behind the guard in internal.simd.Simd").check(PROVIDER);
    }

    @Test
    void vectorKernelsAreReachedOnlyThroughTheGuard() {
        com.tngtech.archunit.base.DescribedPredicate<JavaClass> usesVectorApi = com.tngtech.archunit.base.DescribedPredicate
                .describe("use the Vector API", c -> c.getDirectDependenciesFromSelf().stream()
                        .anyMatch(d -> d.getTargetClass().getPackageName().startsWith(VECTOR_API_PACKAGE)));
        noClasses().that().resideOutsideOfPackage(SIMD).should().dependOnClassesThat(usesVectorApi)
                .because("without --add-modules a direct reference would fail to link; Simd.load picks the kernel")
                .check(PROVIDER);
        assertThat(PROVIDER.stream().filter(usesVectorApi).map(JavaClass::getSimpleName))
                .as("the rule sees the vector classes (compiled from src/main/simd into the same folder)")
                .contains("VectorShape");
    }

    /**
     * Every thread-local field of the provider; the list may only shrink. The session marker is the
     * engine's one way to know, per thread, which session it runs in; kernels hold none (their scratch
     * is the session's checked-out resources; the C64 loops write complex results straight into their
     * output through {@code ComplexMathToFloat}).
     */
    private static final Set<String> THREAD_LOCALS = Set.of(
            "org.ferrite.cpu.internal.admission.ExecutionOwner.CURRENT");

    @Test
    void kernelsHoldNoThreadLocal() {
        noClasses().that().resideInAnyPackage(KERNELS).should().accessClassesThat().areAssignableTo(ThreadLocal.class)
                .because("per-thread scratch would live outside the session's checked-out resources and as long"
                        + " as the thread").check(PROVIDER);
    }

    @Test
    void noThreadLocalBeyondTheKnownOnes() {
        Set<String> found = new TreeSet<>();
        for (JavaClass c : PROVIDER) {
            for (JavaField f : c.getFields()) {
                if (f.getRawType().isAssignableTo(ThreadLocal.class)) {
                    found.add(f.getFullName());
                }
            }
        }
        assertThat(found).as("thread-locals are per-thread state outside the session's checked-out resources:"
                + " keep scratch there (a new one fails; remove a removed one from THREAD_LOCALS)")
                .containsExactlyInAnyOrderElementsOf(THREAD_LOCALS);
    }

    @Test
    void threadLocalsHoldJdkTypesOnly() {
        fields().that().haveRawType(ThreadLocal.class).should(holdOnlyJdkTypes()).because("a thread outlives a"
                + " bundle revision; a provider object in its thread-local map would pin the old class loader")
                .allowEmptyShould(true).check(PROVIDER);
    }

    @Test
    void publicSignaturesOfTheExportedPackageMentionNoInternalType() {
        codeUnits().that().areDeclaredInClassesThat().resideInAPackage(EXPORTED).and().arePublic()
                .and().areDeclaredInClassesThat().arePublic().should(mentionNoInternalType())
                .check(PROVIDER);
    }

    /** The exported package's classes that use an internal package (or whose nested classes do). */
    private static com.tngtech.archunit.base.DescribedPredicate<JavaClass> entryPoints() {
        return com.tngtech.archunit.base.DescribedPredicate.describe("the exported package's entry points",
                CpuProviderArchitectureTest::isEntryPoint);
    }

    private static boolean isEntryPoint(JavaClass javaClass) {
        if (!javaClass.getPackageName().equals(EXPORTED)) {
            return false;
        }
        JavaClass top = topLevel(javaClass);
        for (JavaClass member : PROVIDER) {
            if (topLevel(member).equals(top) && usesInternal(member)) {
                return true;
            }
        }
        return false;
    }

    private static boolean usesInternal(JavaClass javaClass) {
        for (Dependency d : javaClass.getDirectDependenciesFromSelf()) {
            if (d.getTargetClass().getPackageName().startsWith("org.ferrite.cpu.internal")) {
                return true;
            }
        }
        return false;
    }

    private static JavaClass topLevel(JavaClass javaClass) {
        JavaClass c = javaClass;
        while (c.getEnclosingClass().isPresent()) {
            c = c.getEnclosingClass().get();
        }
        return c;
    }

    static ArchRule packagesAreFreeOfCycles() {
        return slices().assignedFrom(new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                String pkg = javaClass.getPackageName();
                if (pkg.equals(EXPORTED)) {
                    return SliceIdentifier.of(pkg + (isEntryPoint(javaClass) ? " (entry points)" : " (types)"));
                }
                return pkg.startsWith("org.ferrite.") ? SliceIdentifier.of(pkg) : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "one slice per provider package, the exported one split into entry points and types";
            }
        }).should().beFreeOfCycles();
    }

    private static ArchCondition<JavaField> holdOnlyJdkTypes() {
        return new ArchCondition<>("hold only JDK types") {
            @Override
            public void check(JavaField field, ConditionEvents events) {
                JavaType type = field.getType();
                boolean jdk = type instanceof JavaParameterizedType && ((JavaParameterizedType) type)
                        .getActualTypeArguments().stream().allMatch(CpuProviderArchitectureTest::isJdkType);
                events.add(new SimpleConditionEvent(field, jdk, field.getFullName() + " is a " + type.getName()));
            }
        };
    }

    private static boolean isJdkType(JavaType type) {
        if (type instanceof JavaParameterizedType) {
            JavaParameterizedType p = (JavaParameterizedType) type;
            return isJdkType(p.toErasure()) && p.getActualTypeArguments().stream()
                    .allMatch(CpuProviderArchitectureTest::isJdkType);
        }
        JavaClass raw = type.toErasure();
        while (raw.isArray()) {
            raw = raw.getComponentType();
        }
        return raw.isPrimitive() || raw.getPackageName().startsWith("java.");
    }

    private static ArchCondition<JavaCodeUnit> mentionNoInternalType() {
        return new ArchCondition<>("mention no internal type in their signature") {
            @Override
            public void check(JavaCodeUnit unit, ConditionEvents events) {
                if (unit.getOwner().getModifiers().contains(JavaModifier.SYNTHETIC) || unit.getModifiers()
                        .contains(JavaModifier.SYNTHETIC)) {
                    return;
                }
                List<JavaClass> mentioned = new ArrayList<>(unit.getRawParameterTypes());
                mentioned.add(unit.getRawReturnType());
                for (JavaClass c : mentioned) {
                    boolean internal = c.getPackageName().startsWith("org.ferrite.cpu.internal");
                    events.add(new SimpleConditionEvent(unit, !internal, unit.getFullName() + " mentions "
                            + c.getName()));
                }
            }
        };
    }
}
