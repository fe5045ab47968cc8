package org.ferrite.linalg;

import java.util.Objects;

/**
 * How {@link Linalg#eigh(org.ferrite.api.session.BackendSession, org.ferrite.api.tensor.TensorRead,
 * EighOptions)} decomposes a Hermitian (real: symmetric) matrix {@code A = V·diag(λ)·Vᴴ}: which
 * triangle of A is read (the other is never looked at, and the imaginary parts of the diagonal are
 * ignored), and the {@link PhaseGauge} of the eigenvectors.
 *
 * <pre>{@code
 * Eigh e = Linalg.eigh(s, a, EighOptions.UPPER.withGauge(PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE));
 * }</pre>
 *
 * <p>Thread-safe (immutable); a value that lives as long as it is referenced.
 *
 * @param triangle the triangle of A that is read
 * @param gauge the phase gauge of the eigenvectors
 */
public record EighOptions(Triangle triangle, PhaseGauge gauge) {
    /** The lower triangle, no gauge (the default, as NumPy's {@code UPLO='L'}). */
    public static final EighOptions LOWER = new EighOptions(Triangle.LOWER, PhaseGauge.NONE);
    /** The upper triangle, no gauge. */
    public static final EighOptions UPPER = new EighOptions(Triangle.UPPER, PhaseGauge.NONE);

    /**
     * Checks non-null components.
     *
     * @param triangle the triangle read
     * @param gauge the gauge
     */
    public EighOptions {
        Objects.requireNonNull(triangle, "triangle");
        Objects.requireNonNull(gauge, "gauge");
    }

    /**
     * @param phaseGauge the gauge
     * @return a copy with that gauge
     */
    public EighOptions withGauge(PhaseGauge phaseGauge) {
        return new EighOptions(triangle, phaseGauge);
    }
}
