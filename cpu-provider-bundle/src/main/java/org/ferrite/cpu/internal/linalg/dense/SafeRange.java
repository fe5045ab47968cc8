package org.ferrite.cpu.internal.linalg.dense;

/**
 * Scaling of a matrix into the range where an iterative kernel can neither overflow nor lose accuracy
 * to underflow, as LAPACK's drivers do before they start ({@code anrm = max |a_ij|}; if
 * {@code 0 < anrm < low} scale to {@code low}, if {@code anrm > high} scale to {@code high}); the
 * eigenvalues or singular values are divided by the same factor afterwards. The factor is exact when it
 * is a power of two and otherwise costs one rounding per entry. Thread-safe (stateless).
 */
final class SafeRange {
    /** LAPACK's {@code smlnum = sqrt(safmin)/eps} for {@code ?gesvd}, {@code ?geev}. */
    static final double LOW = Math.sqrt(Double.MIN_NORMAL) / Math.ulp(1.0);
    /** {@code 1 / LOW}. */
    static final double HIGH = 1 / LOW;
    /** The tighter range of {@code ?heev}/{@code ?syev}, whose QL iteration squares entries. */
    static final double LOW_SQUARED_SAFE = Math.sqrt(LOW);
    /** {@code 1 / LOW_SQUARED_SAFE}. */
    static final double HIGH_SQUARED_SAFE = Math.sqrt(HIGH);

    private SafeRange() {
    }

    /**
     * Scales {@code a[0…scalars·count)} in place if its largest modulus is outside {@code [low, high]}.
     *
     * @param count elements
     * @param scalars 1 for real, 2 for complex
     * @param a compact storage, scaled in place
     * @param low smallest acceptable largest modulus
     * @param high largest acceptable largest modulus
     * @return the factor applied (1 if none)
     */
    static double scale(int count, int scalars, double[] a, double low, double high) {
        double anrm = 0;
        for (int i = 0; i < scalars * count; i += scalars) {
            anrm = Math.max(anrm, scalars == 2 ? Math.hypot(a[i], a[i + 1]) : Math.abs(a[i]));
        }
        double factor = 1;
        if (anrm > 0 && anrm < low) {
            factor = low / anrm;
        } else if (anrm > high) {
            factor = high / anrm;
        }
        if (factor != 1) {
            for (int i = 0; i < scalars * count; i++) {
                a[i] *= factor;
            }
        }
        return factor;
    }

    /**
     * Divides {@code x[0…length)} by {@code factor} (undoing {@link #scale}).
     *
     * @param length scalars
     * @param factor the factor {@link #scale} returned
     * @param x values, rescaled in place
     */
    static void undo(int length, double factor, double[] x) {
        if (factor != 1) {
            for (int i = 0; i < length; i++) {
                x[i] /= factor;
            }
        }
    }
}
