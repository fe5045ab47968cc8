package org.ferrite.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.apache.spark.launcher.JavaModuleOptions;
import org.junit.jupiter.api.Test;

/**
 * The module's JVM options ({@code spark.javaOptions} in {@code spark/pom.xml}: the tests' {@code argLine},
 * {@code target/spark-local.args}, docs/spark.md) are Spark's own list, {@link JavaModuleOptions}, less the
 * Vector API module, which Ferrite never requires: a Spark upgrade that changes the list fails here.
 */
class JavaModuleOptionsTest {
    @Test
    void theModuleOptionsAreSparksOwnLessTheVectorModule() {
        List<String> ours = Arrays.asList(System.getProperty("ferrite.spark.javaOptions").trim().split("\\s+"));
        List<String> spark = Arrays.stream(JavaModuleOptions.defaultModuleOptionArray())
                .filter(option -> !option.equals("--add-modules=jdk.incubator.vector")).toList();
        assertThat(ours).containsExactlyElementsOf(spark);
    }
}
