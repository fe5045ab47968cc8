package org.ferrite.api.session;

/**
 * Reductions over an axis set. Reducing over no axes is the identity (a copy). NaN propagates as in
 * NumPy ({@code max}/{@code min} return NaN if any reduced element is NaN). Thread-safe (an enum); its constants live as long as the class is loaded.
 */
public enum ReduceOp {
    /** Sum; identity 0. Numeric dtypes (BOOL sums are not defined: convert first). */
    SUM,
    /** Product; identity 1. Numeric dtypes. */
    PROD,
    /** Maximum; real dtypes; reducing an extent-0 axis is an error (no identity). */
    MAX,
    /** Minimum; real dtypes; reducing an extent-0 axis is an error. */
    MIN,
    /** Arithmetic mean; floating dtypes; NaN for an empty reduction (as NumPy). */
    MEAN,
    /** Sum of {@code |x|²}; floating dtypes; the result of a complex operand is the real type. */
    SUM_SQUARES
}
