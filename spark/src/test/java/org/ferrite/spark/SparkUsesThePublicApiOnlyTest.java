package org.ferrite.spark;

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
 * ferrite-spark uses Ferrite's public API only — {@code org.ferrite.api} (not {@code org.ferrite.api.spi}),
 * {@code org.ferrite.einsum}, {@code org.ferrite.linalg} and the examples' public classes — never a provider's
 * classes: providers are found by ServiceLoader on the executors.
 */
class SparkUsesThePublicApiOnlyTest {
    private static final JavaClasses SPARK = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("org.ferrite.spark");

    @Test
    void noClassReferencesAProviderOrTheSpi() {
        assertThat(SPARK.contain(FerriteSpark.class)).isTrue();
        assertThat(SPARK.containPackage("org.ferrite.spark.examples")).isTrue();
        DescribedPredicate<JavaClass> publicApi = resideInAnyPackage("org.ferrite.api", "org.ferrite.api.error",
                "org.ferrite.api.session", "org.ferrite.api.tensor", "org.ferrite.einsum", "org.ferrite.linalg",
                "org.ferrite.examples", "org.ferrite.examples.exact", "org.ferrite.spark..");
        noClasses().should().dependOnClassesThat(resideInAPackage("org.ferrite..").and(not(publicApi))).check(SPARK);
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.ferrite.cpu..", "org.ferrite.api.spi..",
                "org.ferrite.examples.cli..").check(SPARK);
    }
}
