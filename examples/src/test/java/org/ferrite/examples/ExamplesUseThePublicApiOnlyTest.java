package org.ferrite.examples;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The examples use Ferrite's public API only — {@code org.ferrite.api} (not its provider helpers in
 * {@code org.ferrite.api.spi}), {@code org.ferrite.einsum}, {@code org.ferrite.linalg} — and never a
 * provider's classes: the CPU provider is a run-time dependency found by {@code ServiceLoader}.
 */
class ExamplesUseThePublicApiOnlyTest {
    private static final JavaClasses EXAMPLES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.ferrite.examples");

    @Test
    void noExampleClassReferencesAProviderOrTheSpi() {
        assertThat(EXAMPLES.contain(IsingTrg.class)).isTrue();
        assertThat(EXAMPLES.containPackage("org.ferrite.examples.cli")).isTrue();
        DescribedPredicate<JavaClass> publicApi = resideInAnyPackage("org.ferrite.api", "org.ferrite.api.error",
                "org.ferrite.api.session", "org.ferrite.api.tensor", "org.ferrite.einsum", "org.ferrite.linalg",
                "org.ferrite.examples..");
        noClasses().should().dependOnClassesThat(resideInAPackage("org.ferrite..").and(not(publicApi)))
                .check(EXAMPLES);
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.ferrite.cpu..", "org.ferrite.api.spi..")
                .check(EXAMPLES);
    }
}
