package org.ferrite.spark.examples;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.linalg.Linalg;
import org.ferrite.spark.BackendSpec;
import org.ferrite.spark.FerriteSpark;

/**
 * Many small problems: the largest singular value of each of {@code n} random 4 × 4 matrices (element
 * {@code seed} made from its seed), a batch of them stacked into one {@code [4, 4, b]} tensor and computed by
 * one batched {@code Linalg.svdvals} — on Spark ({@link #onSpark}) and in a plain loop in one JVM
 * ({@link #inOneJvm}) with the same batch code, so that the difference of the two is what the Spark path
 * costs per element.
 * Thread-safe (stateless). Lifetime: static.
 */
public final class SvdBatch {
    private static final int SIZE = 4;

    private SvdBatch() {
    }

    /**
     * @param sc the Spark context
     * @param spec the backend the executors make
     * @param n matrices
     * @param partitions partitions (the seeds are generated in them, not shipped)
     * @param batchSize matrices per batched call
     * @return the sum of the largest singular values
     */
    public static double onSpark(JavaSparkContext sc, BackendSpec spec, long n, int partitions, int batchSize) {
        long per = (n + partitions - 1) / partitions;
        JavaRDD<Long> seeds = sc.parallelize(IntStream.range(0, partitions).boxed().toList(), partitions)
                .flatMap(p -> LongStream.range(p * per, Math.min(n, (p + 1) * per)).iterator());
        return FerriteSpark.mapPartitionsWithSession(seeds, spec, batchSize, SvdBatch::largest).reduce(Double::sum);
    }

    /**
     * @param backend the backend
     * @param n matrices
     * @param batchSize matrices per batched call
     * @return the sum of the largest singular values
     */
    public static double inOneJvm(Backend backend, long n, int batchSize) {
        double sum = 0;
        try (HeldSession held = backend.openSession()) {
            List<Long> batch = new ArrayList<>(batchSize);
            for (long seed = 0; seed < n; seed++) {
                batch.add(seed);
                if (batch.size() == batchSize || seed == n - 1) {
                    List<Long> rows = batch;
                    for (double v : held.withSession(s -> largest(s, rows))) {
                        sum += v;
                    }
                    batch = new ArrayList<>(batchSize);
                }
            }
        }
        return sum;
    }

    /** @return the largest singular value of each seed's matrix, by one batched call */
    static List<Double> largest(BackendSession s, List<Long> seeds) {
        int b = seeds.size();
        double[] stack = new double[SIZE * SIZE * b];
        for (int k = 0; k < b; k++) {
            SplittableRandom random = new SplittableRandom(seeds.get(k));
            for (int i = 0; i < SIZE * SIZE; i++) {
                stack[k * SIZE * SIZE + i] = random.nextDouble(-1, 1);
            }
        }
        Tensor a = Tensor.of(stack, SIZE, SIZE, b);
        Tensor values = Linalg.svdvals(s, a);                                // [4, b], descending
        List<Double> out = new ArrayList<>(b);
        for (int k = 0; k < b; k++) {
            out.add(values.getDouble(0, k));
        }
        s.reclaim(values);
        return out;
    }
}
