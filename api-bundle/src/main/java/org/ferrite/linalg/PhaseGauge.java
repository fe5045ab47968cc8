package org.ferrite.linalg;

/**
 * How the free phase of computed vectors is fixed. A singular-vector pair of an SVD, an eigenvector
 * of {@code eigh} or {@code eig} is unique at best up to a unit factor (a sign for real dtypes, a phase
 * {@code e^{iφ}} for complex ones); different kernels — LAPACK, the pure-Java kernels, another
 * provider — return different factors. A gauge makes the result a function of the matrix alone (for
 * simple singular values and eigenvalues), so results compare across tiers, providers and runs.
 *
 * <pre>{@code
 * Svd f = Linalg.svd(s, a, SvdOptions.THIN.withGauge(PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE));
 * // in every column of f.u() the entry of largest modulus is real and > 0
 * }</pre>
 *
 * <p>Thread-safe (an enum); its constants live as long as the class is loaded.
 */
public enum PhaseGauge {
    /** The kernel's own phases (LAPACK's, for the native tier); no extra work. */
    NONE,
    /**
     * Each gauged vector is multiplied by the unit factor that makes its entry of largest modulus —
     * the first such entry, in index order, on ties — real and positive; a zero vector is left as it
     * is. For an SVD the gauged vectors are the columns of U and the rows of Vᴴ are multiplied by the
     * conjugate factor, so {@code U·diag(S)·Vᴴ} is unchanged; the extra rows of a full Vᴴ (beyond
     * {@code min(m, n)}) are gauged on their own. For {@code eigh} and {@code eig} the gauged vectors
     * are the eigenvectors (columns). Costs one pass over the vectors.
     */
    LARGEST_ENTRY_REAL_POSITIVE
}
