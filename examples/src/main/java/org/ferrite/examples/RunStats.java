package org.ferrite.examples;

/**
 * What one run of an example cost and how much it truncated: a snapshot for reports, not for control
 * flow.
 *
 * <pre>{@code
 * RunStats stats = new IsingTrg(backend).freeEnergy(2.0, 16, 20).stats();
 * double ms = stats.elapsedNanos() / 1e6;
 * }</pre>
 *
 * <p>Thread-safe (immutable). A value that lives as long as it is referenced.
 *
 * @param backend the name of the backend that ran it
 * @param elapsedNanos wall-clock time of the run, in nanoseconds
 * @param svdCalls truncated SVDs computed
 * @param randomizedSvdCalls of those, how many ran the randomized algorithm
 *     ({@link org.ferrite.linalg.SvdAlgorithm#RANDOMIZED})
 * @param largestDiscardedWeight the largest discarded weight of one truncation,
 *     {@code 1 − Σ_kept S² / ‖M‖²_F}
 */
public record RunStats(String backend, long elapsedNanos, long svdCalls, long randomizedSvdCalls,
        double largestDiscardedWeight) {
}
