package org.ferrite.spark.examples;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.SparkEnv;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.examples.IsingTrg;
import org.ferrite.examples.exact.Onsager;
import org.ferrite.examples.exact.SecondDifference;
import org.ferrite.spark.BackendSpec;
import org.ferrite.spark.FerriteSpark;
import org.ferrite.spark.TaskSession;

/**
 * The distributed TRG sweep: the free energy per site f(T) of the 2D Ising model at many temperatures, each
 * row one temperature, by {@link IsingTrg} in the task's held session, with f at {@code T ± dt} for the
 * specific heat {@code c = −T ∂²f/∂T²} (the same second difference as the exact curve's). A temperature whose
 * runs fail numerically (an SVD that does not converge) becomes a point without values that says why
 * ({@link Point#failure()}); the others are unaffected.
 *
 * <pre>{@code
 * List<TrgSweep.Point> points = TrgSweep.run(sc, BackendSpec.of("cpu"), TrgSweep.Options.defaults());
 * }</pre>
 *
 * <p>Thread-safe (stateless). Lifetime: static.
 */
public final class TrgSweep {
    private TrgSweep() {
    }

    /**
     * What to sweep. Thread-safe (immutable). A value.
     *
     * @serial exclude
     *
     * @param chi bond dimension χ, at least 2
     * @param steps coarse-graining steps (2^steps sites), 1 to 60
     * @param tmin lowest temperature, above {@code dt}
     * @param tmax highest temperature, at least {@code tmin}
     * @param points temperatures, at least 1
     * @param dt step of the second difference for c(T), positive
     * @param partitions RDD partitions, at least 1
     * @param batchSize temperatures per batch in a task's session, at least 1
     */
    public record Options(int chi, int steps, double tmin, double tmax, int points, double dt, int partitions,
            int batchSize) implements Serializable {
        private static final long serialVersionUID = 1L;

        /**
         * @param chi bond dimension χ, at least 2
         * @param steps coarse-graining steps (2^steps sites), 1 to 60
         * @param tmin lowest temperature, above {@code dt}
         * @param tmax highest temperature, at least {@code tmin}
         * @param points temperatures, at least 1
         * @param dt step of the second difference for c(T), positive
         * @param partitions RDD partitions, at least 1
         * @param batchSize temperatures per batch in a task's session, at least 1
         * @throws ValidationException for a value out of range
         */
        public Options {
            String op = "TrgSweep.Options";
            if (!(dt > 0) || !(tmin > dt) || !(tmax >= tmin) || Double.isInfinite(tmax)) {
                throw ValidationException.invalidArgument(op, "tmin/tmax/dt", "0 < dt < tmin <= tmax",
                        "dt=" + dt + ", tmin=" + tmin + ", tmax=" + tmax, null);
            }
            if (points < 1 || partitions < 1 || batchSize < 1) {
                throw ValidationException.invalidArgument(op, "points/partitions/batchSize", ">= 1",
                        points + "/" + partitions + "/" + batchSize, null);
            }
        }

        /** @return the documented defaults: χ = 8, 16 steps, 1 000 temperatures in [1.6, 3.2], dt = 0.02 */
        public static Options defaults() {
            return new Options(8, 16, 1.6, 3.2, 1000, 0.02, 64, 4);
        }

        /** @return the temperatures, evenly spaced, ends included */
        public double[] temperatures() {
            double[] t = new double[points];
            for (int i = 0; i < points; i++) {
                t[i] = points == 1 ? tmin : tmin + (tmax - tmin) * i / (points - 1);
            }
            return t;
        }
    }

    /**
     * One temperature's result: a class, not a record, because Spark's Kryo (4.x) cannot read records back.
     * Thread-safe (immutable). A value.
     */
    public static final class Point implements Serializable {
        private static final long serialVersionUID = 1L;

        /** T. */
        private final double temperature;
        /** f(T) by TRG. */
        private final double freeEnergy;
        /** f(T − dt). */
        private final double below;
        /** f(T + dt). */
        private final double above;
        /** The three runs' time on the executor. */
        private final long nanos;
        /** The executor that computed it ({@code "driver"} in local mode) and its task slot. */
        private final String executor;
        /** Why the runs failed ({@code NumericalFailureException}'s message), or {@code null}. */
        private final String failure;

        /**
         * @param temperature T
         * @param freeEnergy f(T) by TRG
         * @param below f(T − dt)
         * @param above f(T + dt)
         * @param nanos the three runs' time on the executor
         * @param executor the executor that computed it and its task slot
         */
        public Point(double temperature, double freeEnergy, double below, double above, long nanos, String executor) {
            this(temperature, freeEnergy, below, above, nanos, executor, null);
        }

        private Point(double temperature, double freeEnergy, double below, double above, long nanos, String executor,
                String failure) {
            this.temperature = temperature;
            this.freeEnergy = freeEnergy;
            this.below = below;
            this.above = above;
            this.nanos = nanos;
            this.executor = executor;
            this.failure = failure;
        }

        /**
         * @param temperature T
         * @param nanos the time until the failure
         * @param executor where it ran
         * @param failure why the TRG runs failed
         * @return a point without values (NaN)
         */
        static Point failed(double temperature, long nanos, String executor, String failure) {
            return new Point(temperature, Double.NaN, Double.NaN, Double.NaN, nanos, executor, failure);
        }

        /** @return why the TRG runs of this temperature failed numerically; empty if they did not */
        public java.util.Optional<String> failure() {
            return java.util.Optional.ofNullable(failure);
        }

        /** @return T */
        public double temperature() {
            return temperature;
        }

        /** @return f(T) by TRG */
        public double freeEnergy() {
            return freeEnergy;
        }

        /** @return f(T − dt) */
        public double below() {
            return below;
        }

        /** @return f(T + dt) */
        public double above() {
            return above;
        }

        /** @return the three runs' time on the executor, in nanoseconds */
        public long nanos() {
            return nanos;
        }

        /** @return the executor that computed it ({@code "driver"} in local mode) and its task slot */
        public String executor() {
            return executor;
        }

        /** @return Onsager's f(T) */
        public double exactFreeEnergy() {
            return Onsager.freeEnergy(temperature);
        }

        /** @return {@code |f / f_exact − 1|} */
        public double relativeError() {
            return Math.abs(freeEnergy / exactFreeEnergy() - 1);
        }

        /**
         * @param dt the step the point was computed with
         * @return c(T) from the three free energies
         */
        public double specificHeat(double dt) {
            return SecondDifference.specificHeat(temperature, dt, below, freeEnergy, above);
        }

        @Override
        public String toString() {
            return "Point[T=" + temperature + ", f=" + freeEnergy + ", " + executor + "]";
        }
    }

    /**
     * Runs the sweep and collects it, sorted by temperature.
     *
     * @param sc the Spark context
     * @param spec the backend the executors make
     * @param options what to sweep
     * @return one point per temperature
     */
    public static List<Point> run(JavaSparkContext sc, BackendSpec spec, Options options) {
        List<Double> temperatures = new ArrayList<>();
        for (double t : options.temperatures()) {
            temperatures.add(t);
        }
        JavaRDD<Double> rows = sc.parallelize(temperatures, options.partitions());
        List<Point> points = new ArrayList<>(FerriteSpark.mapPartitionsWithSession(rows, spec, options.batchSize(),
                (s, batch) -> {
                    TaskSession task = TaskSession.current(spec);
                    IsingTrg trg = new IsingTrg(task.backend());
                    String where = SparkEnv.get().executorId() + "/slot " + task.slot();
                    List<Point> out = new ArrayList<>(batch.size());
                    for (double t : batch) {
                        long start = System.nanoTime();
                        try {
                            double below = trg.freeEnergy(s, t - options.dt(), options.chi(), options.steps())
                                    .freeEnergy();
                            double at = trg.freeEnergy(s, t, options.chi(), options.steps()).freeEnergy();
                            double above = trg.freeEnergy(s, t + options.dt(), options.chi(), options.steps())
                                    .freeEnergy();
                            out.add(new Point(t, at, below, above, System.nanoTime() - start, where));
                        } catch (NumericalFailureException e) {
                            // one temperature's failure (an SVD that did not converge) is that row's result
                            out.add(Point.failed(t, System.nanoTime() - start, where, e.getMessage()));
                        }
                    }
                    return out;
                }).collect());
        points.sort(Comparator.comparingDouble(Point::temperature));
        return points;
    }
}
