package org.ferrite.api.session;

/**
 * How {@code dotGeneralAccumulate} combines the product with the output:
 * {@code out = alpha · op(lhs)·op(rhs) + beta · out}, where {@code op} conjugates an operand when its
 * flag is set. With {@code beta == 0} the old output is never read (NaNs in it do not propagate).
 * Scalars are complex; for real dtypes the imaginary parts must be 0, and for integer dtypes alpha and
 * beta must be integers within the range of {@code long} (checked by
 * {@code org.ferrite.api.spi.DotGeneralShapes.checkCall}).
 * Thread-safe (immutable); a value that lives as long as it is referenced.
 *
 * @param alphaRe real part of alpha
 * @param alphaIm imaginary part of alpha
 * @param betaRe real part of beta
 * @param betaIm imaginary part of beta
 * @param conjugateLhs conjugate lhs elements (complex dtypes; ignored for real)
 * @param conjugateRhs conjugate rhs elements (complex dtypes; ignored for real)
 */
public record Accumulation(double alphaRe, double alphaIm, double betaRe, double betaIm, boolean conjugateLhs,
        boolean conjugateRhs) {

    /** {@code out = lhs·rhs}: alpha 1, beta 0, no conjugation. */
    public static final Accumulation OVERWRITE = new Accumulation(1, 0, 0, 0, false, false);

    /** {@code out += lhs·rhs}: alpha 1, beta 1. */
    public static final Accumulation ADD = new Accumulation(1, 0, 1, 0, false, false);

    /**
     * @param alpha the real scale of the product
     * @param beta the real scale of the old output
     * @return {@code out = alpha·lhs·rhs + beta·out}
     */
    public static Accumulation of(double alpha, double beta) {
        return new Accumulation(alpha, 0, beta, 0, false, false);
    }

    /**
     * @param lhs conjugate lhs
     * @param rhs conjugate rhs
     * @return a copy with the conjugation flags set
     */
    public Accumulation withConjugation(boolean lhs, boolean rhs) {
        return new Accumulation(alphaRe, alphaIm, betaRe, betaIm, lhs, rhs);
    }

    /** @return true if the old output is not read ({@code beta == 0}) */
    public boolean overwrites() {
        return betaRe == 0 && betaIm == 0;
    }

    /** @return true if alpha and beta are real */
    public boolean isReal() {
        return alphaIm == 0 && betaIm == 0;
    }

    /**
     * @return true if alpha and beta are real integers that a {@code long} holds exactly (what an
     *     integer contraction accepts)
     */
    public boolean isIntegral() {
        return isReal() && isLong(alphaRe) && isLong(betaRe);
    }

    private static boolean isLong(double v) {
        // -2^63 is a long; 2^63 is not (and (long) of anything above saturates to Long.MAX_VALUE)
        return v == Math.rint(v) && v >= -0x1p63 && v < 0x1p63;
    }
}
