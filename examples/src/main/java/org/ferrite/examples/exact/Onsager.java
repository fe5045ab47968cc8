package org.ferrite.examples.exact;

/**
 * Onsager's exact solution of the square-lattice Ising model {@code H = −J Σ_⟨ij⟩ s_i s_j}, J = 1,
 * {@code k_B = 1}: the free energy per site
 * <pre>
 * f(T) = −T [ ln 2 / 2 + (1/2π) ∫₀^π ln( cosh²(2β) + (1/k)·√(1 + k² − 2k·cos 2θ) ) dθ ],  k = 1/sinh²(2β)
 * </pre>
 * by {@link Quadrature}, and the specific heat per site {@code c = −T ∂²f/∂T²} by a central second
 * difference of it. The critical temperature is {@code T_c = 2 / ln(1 + √2)}.
 *
 * <pre>{@code
 * double exact = Onsager.freeEnergy(Onsager.CRITICAL_TEMPERATURE);   // −2.10965114460…
 * }</pre>
 *
 * <p>Thread-safe (stateless). Lifetime: static methods only.
 */
public final class Onsager {
    /** {@code T_c = 2 / ln(1 + √2) = 2.269185314…}. */
    public static final double CRITICAL_TEMPERATURE = 2 / Math.log(1 + Math.sqrt(2));

    private Onsager() {
    }

    /**
     * @param temperature T &gt; 0
     * @return the exact free energy per site
     */
    public static double freeEnergy(double temperature) {
        double beta = 1 / temperature;
        double coshSquared = Math.pow(Math.cosh(2 * beta), 2);
        double k = 1 / Math.pow(Math.sinh(2 * beta), 2);
        double integral = Quadrature.integrate(
                theta -> Math.log(coshSquared + Math.sqrt(1 + k * k - 2 * k * Math.cos(2 * theta)) / k), 0, Math.PI);
        return -temperature * (Math.log(2) / 2 + integral / (2 * Math.PI));
    }

    /**
     * @param temperature T &gt; {@code step}
     * @param step the difference step {@code h}
     * @return {@code −T (f(T + h) − 2f(T) + f(T − h)) / h²}
     */
    public static double specificHeat(double temperature, double step) {
        return SecondDifference.specificHeat(temperature, step, freeEnergy(temperature - step),
                freeEnergy(temperature), freeEnergy(temperature + step));
    }
}
