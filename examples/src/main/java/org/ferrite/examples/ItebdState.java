package org.ferrite.examples;

import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.Tensor;

/**
 * An infinite matrix product state with a two-site unit cell in Vidal's form, {@code …Γ_A λ_A Γ_B λ_B…},
 * as {@link TfimItebd#evolve} leaves it: {@code Γ} tensors {@code [χ_left, 2, χ_right]}, Schmidt values
 * {@code λ} (real, normalised to {@code Σ λ² = 1}), all F64.
 *
 * <pre>{@code
 * ItebdState state = itebd.evolve(s, 1.0, 32, ItebdSchedule.DEFAULT, step -> { });
 * ItebdResult result = itebd.measure(s, state);
 * state.release(s);
 * }</pre>
 *
 * <p>Not thread-safe: confined to the thread of the session that evolved it. Lifetime: its tensors were
 * allocated through that session; {@link #release} gives them back to it (optional on a host
 * provider, where the garbage collector reclaims them too).
 */
public final class ItebdState {
    final double field;
    final int chi;
    /** Γ_A, Γ_B. */
    final Tensor[] gammas = new Tensor[2];
    /** λ_A (the bond inside the cell), λ_B (between cells). */
    final Tensor[] lambdas = new Tensor[2];
    long svdCalls;
    long randomizedSvdCalls;
    double largestDiscardedWeight;
    long elapsedNanos;

    ItebdState(double field, int chi, Tensor[] gammas, Tensor[] lambdas) {
        this.field = field;
        this.chi = chi;
        System.arraycopy(gammas, 0, this.gammas, 0, 2);
        System.arraycopy(lambdas, 0, this.lambdas, 0, 2);
    }

    /** @return the transverse field h it was evolved for */
    public double field() {
        return field;
    }

    /** @return the bond dimension limit */
    public int chi() {
        return chi;
    }

    /** @return the larger of its two bond dimensions */
    public long bondDimension() {
        return Math.max(lambdas[0].dim(0), lambdas[1].dim(0));
    }

    /**
     * Gives the tensors back to the session's pool; the state is unusable afterwards.
     *
     * @param s the session that evolved it
     */
    public void release(BackendSession s) {
        SessionValues.reclaim(s, gammas[0], gammas[1], lambdas[0], lambdas[1]);
    }
}
