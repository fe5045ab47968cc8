/**
 * JMH benchmarks of the CPU provider, each with its peers in the same run: a hand-written loop (the
 * dispatch-free floor), EJML and netlib BLAS (native when a system BLAS is loadable). Every benchmark
 * checks its numeric result outside the timed region. The report command
 * ({@code java -jar bench/target/benchmarks.jar report}) lives in {@code org.ferrite.bench.report}.
 */
package org.ferrite.bench;
