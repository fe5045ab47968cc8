package org.ferrite.spark;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.apache.spark.api.plugin.DriverPlugin;
import org.apache.spark.api.plugin.ExecutorPlugin;
import org.apache.spark.api.plugin.PluginContext;
import org.apache.spark.api.plugin.SparkPlugin;
import org.ferrite.spark.internal.ExecutorCores;

/**
 * The optional Spark plugin: at executor start it makes the {@link ExecutorBackends} of the configured
 * {@link BackendSpec} ({@link BackendSpec#fromConf}) with one slot per task the executor can run
 * ({@code cores / spark.task.cpus}), publishes the holder's counters as executor metrics, and closes the
 * backends at executor shutdown. Without it, the first task makes the backends and a JVM shutdown hook
 * closes them.
 *
 * <pre>
 * spark-submit --conf spark.plugins=org.ferrite.spark.FerritePlugin --conf spark.ferrite.backend=cpu ...
 * </pre>
 *
 * <p>Metrics (Dropwizard gauges, in the executor's {@code plugin.org.ferrite.spark.FerritePlugin}
 * namespace): {@code sessionsOpened}, {@code sessionsClosed}, {@code admissionWaits}, {@code batches},
 * {@code rows}, {@code slots}.
 *
 * <p>Thread-safe: Spark calls it from one thread per lifecycle event. Lifetime: Spark makes one per JVM.
 */
public final class FerritePlugin implements SparkPlugin {
    /** For Spark, which makes plugins by reflection. */
    public FerritePlugin() {
    }

    /** @return {@code null}: nothing runs on the driver */
    @Override
    public DriverPlugin driverPlugin() {
        return null;
    }

    @Override
    public ExecutorPlugin executorPlugin() {
        return new Executor();
    }

    /** The executor side. */
    private static final class Executor implements ExecutorPlugin {
        @Override
        public void init(PluginContext context, Map<String, String> extraConf) {
            ExecutorBackends holder = ExecutorBackends.of(BackendSpec.fromConf(context.conf()));
            int taskCpus = Math.max(1, context.conf().getInt("spark.task.cpus", 1));
            holder.prepare(Math.max(1, ExecutorCores.of(context.conf()) / taskCpus));
            MetricRegistry metrics = context.metricRegistry();
            gauge(metrics, "sessionsOpened", holder, ExecutorBackendStats::sessionsOpened);
            gauge(metrics, "sessionsClosed", holder, ExecutorBackendStats::sessionsClosed);
            gauge(metrics, "admissionWaits", holder, ExecutorBackendStats::admissionWaits);
            gauge(metrics, "batches", holder, ExecutorBackendStats::batches);
            gauge(metrics, "rows", holder, ExecutorBackendStats::rows);
            gauge(metrics, "slots", holder, ExecutorBackendStats::slotCount);
        }

        private static void gauge(MetricRegistry metrics, String name, ExecutorBackends holder,
                ToLongFunction<ExecutorBackendStats> value) {
            metrics.register(name, (Gauge<Long>) () -> value.applyAsLong(holder.stats()));
        }

        @Override
        public void shutdown() {
            ExecutorBackends.closeAll();
        }
    }
}
