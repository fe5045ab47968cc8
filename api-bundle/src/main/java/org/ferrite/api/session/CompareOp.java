package org.ferrite.api.session;

/**
 * Elementwise comparisons producing BOOL. Any comparison with NaN is false except NE, which is true
 * (IEEE). Which dtypes each accepts (EQ and NE every dtype, the orderings the real ones) and its NumPy
 * name are its row of the operation table, {@link OpTable#of(CompareOp)}, the one source of those
 * facts. Thread-safe (an enum); its constants live as long as the class is loaded.
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
