package org.ferrite.bench.report;

import org.openjdk.jmh.runner.options.TimeValue;

/**
 * How long each case is warmed up and measured. Quick mode (the default) runs the quick cases of
 * {@link ReportSuite} in about two minutes on two cores: one JMH fork per case, 1.2 s of warm-up (3.6 s
 * for the einsum rows, {@link ReportSuite#warmupFactor}: their deeper call trees take C2 seconds to
 * compile on two loaded cores) and 1.5 s of samples. {@code --full} follows the reference protocol (2 s warm-up, 5 s
 * measurement, 100 samples for the dispatch suite) over every case, dispatch cases in two forks run in
 * rounds — every case's first fork, then every case's second — so that a case and its peer are each
 * sampled at two times minutes apart (on this machine class a busy neighbour core slows the measured one
 * by a third, in spells of seconds); GEMM cases in one fork with a long warm-up (under load, C2 takes
 * seconds to finish compiling the blocked Java kernel). One thread. Thread-safe (immutable).
 *
 * @param name "quick" or "full"
 * @param forks JVM forks per dispatch case, one per round (samples are pooled over forks: a fork's own JIT
 *     and memory layout, or a slow spell of the machine, would otherwise bias a whole row)
 * @param warmups warm-up iterations of a dispatch case
 * @param warmupTime time of each
 * @param samples measurement iterations (samples) of a dispatch case
 * @param sampleTime time of each
 * @param gemmWarmups warm-up iterations of a GEMM case
 * @param gemmWarmupTime time of each
 * @param gemmSamples measurement iterations of a GEMM case
 * @param gemmSampleTime time of each
 */
record Protocol(String name, int forks, int warmups, TimeValue warmupTime, int samples, TimeValue sampleTime, int gemmWarmups,
        TimeValue gemmWarmupTime, int gemmSamples, TimeValue gemmSampleTime) {

    /** About three minutes for the quick cases. */
    static final Protocol QUICK = new Protocol("quick", 1, 6, TimeValue.milliseconds(200), 15,
            TimeValue.milliseconds(100), 3, TimeValue.seconds(1), 8, TimeValue.milliseconds(300));

    /** The reference protocol over every case: 2 s warm-up, 5 s measurement in 100 samples (2 forks × 50). */
    static final Protocol FULL = new Protocol("full", 2, 2, TimeValue.seconds(1), 50, TimeValue.milliseconds(50), 5,
            TimeValue.seconds(1), 20, TimeValue.milliseconds(250));

    /** @return a one-line description for the report header */
    String describe() {
        return name + ": " + (forks == 1 ? "1 fork" : forks + " forks in " + forks + " rounds") + " per case × ("
                + warmups + "×" + warmupTime + " warm-up, " + samples + "×" + sampleTime
                + " samples; einsum rows 3× the warm-up); GEMM 1 fork × (" + gemmWarmups + "×" + gemmWarmupTime
                + " warm-up, " + gemmSamples + "×" + gemmSampleTime + " samples); 1 thread, JMH GC profiler";
    }
}
