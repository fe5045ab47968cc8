package org.ferrite.spark.examples;

import java.io.Serializable;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.apache.spark.SparkEnv;
import org.apache.spark.api.java.JavaSparkContext;
import org.ferrite.api.CapabilityKey;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.linalg.Linalg;
import org.ferrite.spark.BackendSpec;
import org.ferrite.spark.FerriteSpark;
import org.ferrite.spark.TaskSession;

/**
 * What each executor of a cluster makes of Ferrite: one row per task — its JVM (process id), executor id,
 * task slot, the backend's name, its capability details (for the CPU provider: affinity through JNA's native
 * library, the native LAPACK tier, the vector kernels) and an SVD of a 200 × 200 matrix computed in the
 * task's held session (large enough for the native LAPACK tier where the system has it), with its residual.
 *
 * <pre>{@code
 * List<ClusterCheck.Report> reports = ClusterCheck.run(sc, BackendSpec.of("cpu"), 8);
 * }</pre>
 *
 * <p>Thread-safe (stateless). Lifetime: static.
 */
public final class ClusterCheck {
    private ClusterCheck() {
    }

    /**
     * One task's report: a class, not a record, because Spark's Kryo (4.x) cannot read records back.
     * Thread-safe (immutable). A value.
     */
    public static final class Report implements Serializable {
        private static final long serialVersionUID = 1L;

        /** The executor JVM's process id. */
        private final long pid;
        /** Spark's executor id. */
        private final String executorId;
        /** The task's slot. */
        private final int slot;
        /** The backend's name. */
        private final String backend;
        /** The backend's capability details, by key name (a sorted copy). */
        private final TreeMap<String, String> details;
        /** The check's SVD residual. */
        private final double svdResidual;

        Report(long pid, String executorId, int slot, String backend, Map<String, String> details, double svdResidual) {
            this.pid = pid;
            this.executorId = executorId;
            this.slot = slot;
            this.backend = backend;
            this.details = new TreeMap<>(details);
            this.svdResidual = svdResidual;
        }

        /** @return the executor JVM's process id */
        public long pid() {
            return pid;
        }

        /** @return Spark's executor id ({@code "driver"} in local mode) */
        public String executorId() {
            return executorId;
        }

        /** @return the task's slot */
        public int slot() {
            return slot;
        }

        /** @return the backend's name */
        public String backend() {
            return backend;
        }

        /** @return the backend's capability details, by key name (unmodifiable) */
        public Map<String, String> details() {
            return java.util.Collections.unmodifiableMap(details);
        }

        /** @return {@code ‖A − U·S·Vᵀ‖_F / ‖A‖_F} of the check's SVD */
        public double svdResidual() {
            return svdResidual;
        }
    }

    /**
     * @param sc the Spark context
     * @param spec the backend the executors make
     * @param tasks how many tasks (spread over the executors by Spark)
     * @return one report per task
     */
    public static List<Report> run(JavaSparkContext sc, BackendSpec spec, int tasks) {
        List<Integer> seeds = IntStream.range(0, tasks).boxed().toList();
        return FerriteSpark.mapPartitionsWithSession(sc.parallelize(seeds, tasks), spec, 1, (s, batch) -> {
            TaskSession task = TaskSession.current(spec);
            Tensor a = Tensor.random(DType.F64, batch.get(0), 200, 200);
            var f = Linalg.svd(s, a);
            Tensor us = s.mul(f.u(), f.s().broadcastInDim(new long[] {200, 200}, new int[] {1}));
            double residual = Math.sqrt(s.sumSquares(s.sub(s.matmul(us, f.vh()), a)).getDouble()
                    / s.sumSquares(a).getDouble());
            Map<String, String> details = new TreeMap<>();
            for (Map.Entry<CapabilityKey<?>, Object> e : task.backend().capabilities().details().entrySet()) {
                details.put(e.getKey().name(), String.valueOf(e.getValue()));
            }
            List<Report> out = new ArrayList<>();
            out.add(new Report(ManagementFactory.getRuntimeMXBean().getPid(), SparkEnv.get().executorId(),
                    task.slot(), task.backend().name(), details, residual));
            return out;
        }).collect();
    }
}
