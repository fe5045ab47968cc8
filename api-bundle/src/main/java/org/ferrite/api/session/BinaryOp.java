package org.ferrite.api.session;

/**
 * Elementwise binary operations, {@code out[i] = op(lhs[i], rhs[i])}. Defined for every numeric dtype
 * unless noted; the hook's operands and result share one dtype (the allocating defaults promote
 * mixed operands first: {@link ElementwiseOps}). Thread-safe (an enum); its constants live as long as the class is loaded.
 */
public enum BinaryOp {
    /** {@code a + b}; BOOL: logical or. */
    ADD,
    /** {@code a - b}. */
    SUB,
    /** {@code a · b}; BOOL: logical and. */
    MUL,
    /** {@code a / b}; integers truncate toward zero and fail on division by zero. */
    DIV,
    /** Remainder with the sign of the dividend (Java {@code %}, C {@code fmod}); real dtypes only. */
    REM,
    /**
     * {@code a^b}; integers require {@code b >= 0} (wrapping on overflow). Real floating dtypes follow
     * C99 Annex F / IEEE 754 {@code pow} and NumPy, also where Java's {@code Math.pow} differs:
     * {@code pow(1, y) = 1} for every {@code y}, NaN included; {@code pow(x, ±0) = 1} for every
     * {@code x}, NaN included; {@code pow(-1, ±∞) = 1}; otherwise NaN in, NaN out, and a negative finite
     * base with a non-integer finite exponent gives NaN. Complex: {@code e^{b·log a}}, principal branch.
     */
    POW,
    /** Larger of the two; NaN if either is NaN; real dtypes only. */
    MAXIMUM,
    /** Smaller of the two; NaN if either is NaN; real dtypes only. */
    MINIMUM,
    /** {@code atan2(a, b)}; real floating only. */
    ATAN2,
    /** Logical and (BOOL) or bitwise and (integers). */
    AND,
    /** Logical or (BOOL) or bitwise or (integers). */
    OR,
    /** Logical xor (BOOL) or bitwise xor (integers). */
    XOR
}
