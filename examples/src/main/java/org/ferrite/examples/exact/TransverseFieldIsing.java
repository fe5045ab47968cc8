package org.ferrite.examples.exact;

/**
 * The exact ground-state energy per site of the transverse-field Ising chain
 * {@code H = −Σ σᶻ_i σᶻ_{i+1} − h Σ σˣ_i} in the thermodynamic limit (Pfeuty 1970):
 * <pre>
 * e₀(h) = −(1/π) ∫₀^π √(1 + h² + 2h·cos k) dk
 * </pre>
 * by {@link Quadrature}; {@code e₀(1) = −4/π}. The critical point {@code h = 1} is an Ising conformal
 * field theory of central charge {@code c = 1/2}.
 *
 * <pre>{@code
 * double exact = TransverseFieldIsing.groundStateEnergy(0.5);   // −1.0635444099…
 * }</pre>
 *
 * <p>Thread-safe (stateless). Lifetime: static methods only.
 */
public final class TransverseFieldIsing {
    /** The central charge at the critical point {@code h = 1}. */
    public static final double CENTRAL_CHARGE = 0.5;

    private TransverseFieldIsing() {
    }

    /**
     * @param field h ≥ 0
     * @return the exact energy per site
     */
    public static double groundStateEnergy(double field) {
        return -Quadrature.integrate(k -> Math.sqrt(1 + field * field + 2 * field * Math.cos(k)), 0, Math.PI) / Math.PI;
    }
}
