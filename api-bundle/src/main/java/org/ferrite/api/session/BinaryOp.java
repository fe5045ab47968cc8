package org.ferrite.api.session;

/**
 * Elementwise binary operations, {@code out[i] = op(lhs[i], rhs[i])}; the hook's operands and result
 * share one dtype (the allocating defaults promote mixed operands first: {@link ElementwiseOps}). Each
 * constant says what it computes; which dtypes it accepts, its result dtype, its domain limits (integer
 * division by zero, negative integer exponents, …) and its NumPy name are its row of the operation
 * table, {@link OpTable#of(BinaryOp)}, the one source of those facts. Thread-safe (an enum); its
 * constants live as long as the class is loaded.
 */
public enum BinaryOp {
    /** {@code a + b} (logical or on BOOL). */
    ADD,
    /** {@code a - b}. */
    SUB,
    /** {@code a · b} (logical and on BOOL). */
    MUL,
    /** {@code a / b}; integers truncate toward zero. */
    DIV,
    /** Remainder with the sign of the dividend (Java {@code %}, C {@code fmod}). */
    REM,
    /**
     * {@code a^b}; integers wrap on overflow. Real floating dtypes follow C99 Annex F / IEEE 754
     * {@code pow} and NumPy, also where Java's {@code Math.pow} differs: {@code pow(1, y) = 1} for every
     * {@code y}, NaN included; {@code pow(x, ±0) = 1} for every {@code x}, NaN included;
     * {@code pow(-1, ±∞) = 1}; otherwise NaN in, NaN out, and a negative finite base with a non-integer
     * finite exponent gives NaN. Complex: {@code e^{b·log a}}, principal branch.
     */
    POW,
    /** Larger of the two; NaN if either is NaN. */
    MAXIMUM,
    /** Smaller of the two; NaN if either is NaN. */
    MINIMUM,
    /** {@code atan2(a, b)}, the angle of the point {@code (b, a)}. */
    ATAN2,
    /** Logical and (BOOL) or bitwise and (integers). */
    AND,
    /** Logical or (BOOL) or bitwise or (integers). */
    OR,
    /** Logical xor (BOOL) or bitwise xor (integers). */
    XOR
}
