package org.ferrite.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import java.util.Map;
import org.apache.spark.SparkConf;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.PluginContext;
import org.apache.spark.resource.ResourceInformation;
import org.ferrite.api.error.RuntimeStateException;
import org.junit.jupiter.api.Test;

/**
 * The executor side of {@link FerritePlugin}, driven as Spark drives it: {@code init} makes the configured
 * spec's backends, one slot per task the executor can run, and registers the counters as gauges;
 * {@code shutdown} closes them.
 */
class FerritePluginTest {
    @Test
    void initMakesTheSlotsAndPublishesTheCountersAndShutdownClosesThem() {
        SparkConf conf = new SparkConf().set("spark.master", "local[2]").set(BackendSpec.CONF_BACKEND, "cpu")
                .set(BackendSpec.CONF_SETTING_PREFIX + "longWaitWarningMillis", "60041");
        BackendSpec spec = BackendSpec.fromConf(conf);
        MetricRegistry metrics = new MetricRegistry();
        ExecutorPlugin executor = new FerritePlugin().executorPlugin();
        assertThat(new FerritePlugin().driverPlugin()).isNull();

        executor.init(new Context(conf, metrics), Map.of());
        ExecutorBackends holder = ExecutorBackends.of(spec);
        assertThat(holder.stats().slotCount()).as("local[2]: two task slots").isEqualTo(2);
        assertThat(metrics.getGauges().keySet()).containsExactlyInAnyOrder("sessionsOpened", "sessionsClosed",
                "admissionWaits", "batches", "rows", "slots");
        assertThat(metrics.getGauges().get("slots").getValue()).isEqualTo(2L);
        @SuppressWarnings("unchecked")
        Gauge<Long> opened = (Gauge<Long>) metrics.getGauges().get("sessionsOpened");
        assertThat(opened.getValue()).isZero();

        executor.shutdown();
        assertThat(ExecutorBackends.of(spec)).as("a fresh holder after shutdown").isNotSameAs(holder);
        assertThat(holder.backends().values()).allSatisfy(backend -> assertThatThrownBy(backend::openSession)
                .isInstanceOf(RuntimeStateException.class));
        ExecutorBackends.of(spec).close();
    }

    /** What Spark hands an executor plugin. */
    private record Context(SparkConf conf, MetricRegistry metricRegistry) implements PluginContext {
        @Override
        public String executorID() {
            return "1";
        }

        @Override
        public String hostname() {
            return "127.0.0.1";
        }

        @Override
        public Map<String, ResourceInformation> resources() {
            return Map.of();
        }

        @Override
        public void send(Object message) {
            throw new UnsupportedOperationException("no driver here");
        }

        @Override
        public Object ask(Object message) {
            throw new UnsupportedOperationException("no driver here");
        }
    }
}
