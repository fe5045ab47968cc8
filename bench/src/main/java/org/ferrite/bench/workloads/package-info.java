/**
 * Whole tensor-network algorithms as JMH benchmarks — {@code *WorkloadBenchmark}: TRG for the 2D Ising
 * model and iTEBD for the transverse-field Ising chain, the code of {@code ferrite-examples} on a
 * one-thread CPU backend — beside their NumPy (+ opt_einsum) peers in {@code bench/numpy/tn_workloads.py},
 * run in the same sitting (bench/README.md). Each result is checked against the exact physics outside the
 * timed region.
 */
package org.ferrite.bench.workloads;
