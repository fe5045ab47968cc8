package org.ferrite.api.session;

/**
 * Reductions over an axis set. Reducing over no axes is the identity (a copy). NaN propagates as in
 * NumPy ({@code max}/{@code min} return NaN if any reduced element is NaN). Which dtypes each accepts,
 * its result dtype, its domain notes (an extent-0 axis for MAX and MIN, the empty mean) and its NumPy
 * name are its row of the operation table, {@link OpTable#of(ReduceOp)}, the one source of those facts.
 * Thread-safe (an enum); its constants live as long as the class is loaded.
 */
public enum ReduceOp {
    /** Sum; identity 0. */
    SUM,
    /** Product; identity 1. */
    PROD,
    /** Maximum; no identity. */
    MAX,
    /** Minimum; no identity. */
    MIN,
    /** Arithmetic mean; NaN for an empty reduction (as NumPy). */
    MEAN,
    /** Sum of {@code |x|²}; of a complex operand, in the real type. */
    SUM_SQUARES
}
