package org.ferrite.examples.exact;

/**
 * The specific heat per site from three free energies, {@code c(T) = −T ∂²f/∂T²} by a central second
 * difference — one formula for the exact curve and for a simulation's, so the two compare like for
 * like.
 *
 * <pre>{@code
 * double c = SecondDifference.specificHeat(t, h, f.apply(t - h), f.apply(t), f.apply(t + h));
 * }</pre>
 *
 * <p>Thread-safe (stateless). Lifetime: static methods only.
 */
public final class SecondDifference {
    private SecondDifference() {
    }

    /**
     * @param temperature T
     * @param step h
     * @param below f(T − h)
     * @param at f(T)
     * @param above f(T + h)
     * @return {@code −T (f(T + h) − 2f(T) + f(T − h)) / h²}
     */
    public static double specificHeat(double temperature, double step, double below, double at, double above) {
        return -temperature * (above - 2 * at + below) / (step * step);
    }
}
