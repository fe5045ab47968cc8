package org.ferrite.examples;

/**
 * The ground state of the transverse-field Ising chain found by {@link TfimItebd}: its energy per site
 * and the half-chain entanglement entropy.
 *
 * <pre>{@code
 * ItebdResult r = new TfimItebd(backend).groundState(0.5, 16, ItebdSchedule.DEFAULT);
 * double error = Math.abs(r.energy() / TransverseFieldIsing.groundStateEnergy(0.5) - 1);
 * }</pre>
 *
 * <p>Thread-safe (immutable). A value that lives as long as it is referenced.
 *
 * @param field the transverse field h
 * @param chi the bond dimension limit
 * @param bondDimension the bond dimension reached (at most {@code chi})
 * @param energy the energy per site, measured with the transfer matrices' fixed points
 * @param entanglementEntropy {@code −Σ λ² ln λ²} of the Schmidt values of one bond
 * @param stats what the run cost (the evolution and the measurement)
 */
public record ItebdResult(double field, int chi, long bondDimension, double energy, double entanglementEntropy,
        RunStats stats) {
}
