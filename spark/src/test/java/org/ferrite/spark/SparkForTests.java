package org.ferrite.spark;

import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.ferrite.spark.wire.FerriteKryoRegistrator;

/**
 * The tests' one Spark: {@code local[2,3]} (two task slots; a failed task is tried up to three times), Kryo
 * with {@link FerriteKryoRegistrator} and {@code spark.kryo.registrationRequired=true}, no UI, loopback
 * only. Started once per test JVM (a context costs seconds) and stopped at its exit.
 */
public final class SparkForTests {
    private static SparkSession session;

    private SparkForTests() {
    }

    public static synchronized SparkSession session() {
        if (session == null) {
            session = SparkSession.builder().master("local[2,3]").appName("ferrite-spark-tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.driver.bindAddress", "127.0.0.1")
                    .config("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
                    .config("spark.kryo.registrationRequired", "true")
                    .config("spark.kryo.registrator", FerriteKryoRegistrator.class.getName())
                    .config("spark.kryo.classesToRegister", "org.ferrite.spark.examples.TrgSweep$Point")
                    .config("spark.sql.shuffle.partitions", "3")
                    .getOrCreate();
            SparkSession started = session;
            Runtime.getRuntime().addShutdownHook(new Thread(started::stop, "spark-tests-stop"));
        }
        return session;
    }

    public static JavaSparkContext context() {
        return JavaSparkContext.fromSparkContext(session().sparkContext());
    }
}
