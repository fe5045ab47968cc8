package org.ferrite.examples;

/**
 * The free energy per site of the square-lattice Ising model at one temperature, by
 * {@link IsingTrg}.
 *
 * <pre>{@code
 * TrgResult r = new IsingTrg(backend).freeEnergy(2.0, 16, 20);
 * double error = Math.abs(r.freeEnergy() / Onsager.freeEnergy(2.0) - 1);   // about 5e-8
 * }</pre>
 *
 * <p>Thread-safe (immutable). A value that lives as long as it is referenced.
 *
 * @param temperature T (J = 1, k_B = 1)
 * @param chi the bond dimension kept
 * @param steps coarse-graining steps (the lattice has {@code 2^steps} sites)
 * @param freeEnergy f(T) per site
 * @param stats what the run cost
 */
public record TrgResult(double temperature, int chi, int steps, double freeEnergy, RunStats stats) {
}
