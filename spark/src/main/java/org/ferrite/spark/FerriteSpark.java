package org.ferrite.spark;

import java.util.Iterator;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoder;
import org.ferrite.api.error.ValidationException;
import org.ferrite.spark.internal.ClosureCheck;
import org.ferrite.spark.internal.SessionBatches;

/**
 * Ferrite in Spark transformations: each partition's rows run, in batches, through one held session
 * opened on the executor's task thread and closed by the task's completion listener ({@link TaskSession}).
 *
 * <pre>{@code
 * JavaRDD<Double> f = FerriteSpark.mapPartitionsWithSession(temperatures, BackendSpec.of("cpu"), 8,
 *         (s, batch) -> batch.stream().map(t -> trg.freeEnergy(s, t, 8, 16).freeEnergy()).toList());
 * }</pre>
 *
 * <p>What happens per task: the first batch leases a task slot of the executor's {@link ExecutorBackends}
 * (its own CPUs, so concurrent tasks do not wait for each other's admission) and opens a held session; each
 * batch of up to {@code batchSize} rows is one {@code withSession} call of {@code fn}; the task's completion
 * listener closes the session — after the last row, after a {@code take(n)} that stopped early, and after a
 * failure, so a failed task never keeps its slot and its retry opens a fresh session. Rows are read lazily,
 * batch by batch: a partition need not fit in memory.
 *
 * <p>Before handing {@code fn} to Spark, its serialized form is checked: a function that captures a
 * {@link org.ferrite.api.Backend}, a session, a {@link TaskSession} or a tensor is refused with a
 * {@link ValidationException} that says what to do instead.
 *
 * <p>Thread-safe (static methods). Lifetime: static.
 */
public final class FerriteSpark {
    /** Spark setting: rows per batch of {@link #mapPartitionsWithSession(JavaRDD, BatchFunction)}. */
    public static final String CONF_BATCH_SIZE = "spark.ferrite.batchSize";
    /** Rows per batch when {@value #CONF_BATCH_SIZE} is not set. */
    public static final int DEFAULT_BATCH_SIZE = 256;

    private FerriteSpark() {
    }

    /**
     * {@link #mapPartitionsWithSession(JavaRDD, BackendSpec, int, BatchFunction)} with the spec and batch size
     * of the Spark configuration ({@link BackendSpec#fromConf}, {@value #CONF_BATCH_SIZE}).
     *
     * @param rdd the rows
     * @param fn the work per batch
     * @param <T> the row type
     * @param <U> the result type
     * @return the results, lazily
     * @throws ValidationException if {@code fn} captures a backend, a session or a tensor, or the
     *     configuration is invalid
     */
    public static <T, U> JavaRDD<U> mapPartitionsWithSession(JavaRDD<T> rdd, BatchFunction<T, U> fn) {
        SparkConf conf = rdd.context().getConf();
        return mapPartitionsWithSession(rdd, BackendSpec.fromConf(conf), batchSize(conf), fn);
    }

    /**
     * @param rdd the rows
     * @param spec the backend the executors make
     * @param batchSize rows per call of {@code fn}, at least 1
     * @param fn the work per batch
     * @param <T> the row type
     * @param <U> the result type
     * @return the results, lazily
     * @throws ValidationException if {@code fn} captures a backend, a session or a tensor, or
     *     {@code batchSize} is below 1
     */
    public static <T, U> JavaRDD<U> mapPartitionsWithSession(JavaRDD<T> rdd, BackendSpec spec, int batchSize,
            BatchFunction<T, U> fn) {
        FlatMapFunction<Iterator<T>, U> partition = partition(spec, batchSize, fn, "mapPartitionsWithSession");
        return rdd.mapPartitions(partition);
    }

    /**
     * The Dataset form of {@link #mapPartitionsWithSession(JavaRDD, BatchFunction)}, with the spec and batch
     * size of the session's configuration.
     *
     * @param rows the rows
     * @param encoder the results' encoder
     * @param fn the work per batch
     * @param <T> the row type
     * @param <U> the result type
     * @return the results, lazily
     * @throws ValidationException as the RDD form
     */
    public static <T, U> Dataset<U> mapPartitionsWithSession(Dataset<T> rows, Encoder<U> encoder,
            BatchFunction<T, U> fn) {
        SparkConf conf = rows.sparkSession().sparkContext().getConf();
        return mapPartitionsWithSession(rows, encoder, BackendSpec.fromConf(conf), batchSize(conf), fn);
    }

    /**
     * The Dataset form of {@link #mapPartitionsWithSession(JavaRDD, BackendSpec, int, BatchFunction)}.
     *
     * @param rows the rows
     * @param encoder the results' encoder
     * @param spec the backend the executors make
     * @param batchSize rows per call of {@code fn}, at least 1
     * @param fn the work per batch
     * @param <T> the row type
     * @param <U> the result type
     * @return the results, lazily
     * @throws ValidationException as the RDD form
     */
    public static <T, U> Dataset<U> mapPartitionsWithSession(Dataset<T> rows, Encoder<U> encoder, BackendSpec spec,
            int batchSize, BatchFunction<T, U> fn) {
        FlatMapFunction<Iterator<T>, U> partition = partition(spec, batchSize, fn, "mapPartitionsWithSession");
        MapPartitionsFunction<T, U> mapper = partition::call;
        return rows.mapPartitions(mapper, encoder);
    }

    /**
     * Checks a closure of your own (a plain {@code rdd.map}) as {@code mapPartitionsWithSession} checks
     * {@code fn}: refused if it captures a backend, a session or a tensor.
     *
     * @param closure the closure
     * @throws ValidationException naming argument {@code closure} with what to do instead
     */
    public static void checkClosure(Object closure) {
        ClosureCheck.check("FerriteSpark.checkClosure", "closure", closure);
    }

    private static <T, U> FlatMapFunction<Iterator<T>, U> partition(BackendSpec spec, int batchSize,
            BatchFunction<T, U> fn, String op) {
        if (spec == null || fn == null) {
            throw ValidationException.invalidArgument("FerriteSpark." + op, spec == null ? "spec" : "fn", "non-null",
                    "null", null);
        }
        if (batchSize < 1) {
            throw ValidationException.invalidArgument("FerriteSpark." + op, "batchSize", ">= 1",
                    String.valueOf(batchSize), null);
        }
        ClosureCheck.check("FerriteSpark." + op, "fn", fn);
        return rows -> new SessionBatches<T, U>(rows, batchSize,
                batch -> TaskSession.current(spec).apply(fn, batch));
    }

    private static int batchSize(SparkConf conf) {
        String text = conf.get(CONF_BATCH_SIZE, String.valueOf(DEFAULT_BATCH_SIZE)).trim();
        try {
            int size = Integer.parseInt(text);
            if (size >= 1) {
                return size;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ValidationException.invalidArgument("FerriteSpark.mapPartitionsWithSession", CONF_BATCH_SIZE,
                "a row count >= 1", "\"" + text + "\"", null);
    }
}
