package org.ferrite.api.session;

/**
 * Elementwise comparisons producing BOOL. Ordering comparisons are defined for real dtypes; EQ and NE
 * for all. Any comparison with NaN is false except NE, which is true (IEEE). Thread-safe (an enum); its constants live as long as the class is loaded.
 */
public enum CompareOp {
    /** {@code a == b}. */
    EQ,
    /** {@code a != b}. */
    NE,
    /** {@code a < b}. */
    LT,
    /** {@code a <= b}. */
    LE,
    /** {@code a > b}. */
    GT,
    /** {@code a >= b}. */
    GE
}
