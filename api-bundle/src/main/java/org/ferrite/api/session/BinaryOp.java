package org.ferrite.api.session;

/**
 * Elementwise binary operations, {@code out[i] = op(lhs[i], rhs[i])}; the hook's operands share one
 * dtype and the result has it, except that {@link #ATAN2} of integers gives F64 (the operation table's
 * result rule; the allocating defaults promote mixed operands first: {@link ElementwiseOps}). Each
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
    /**
     * {@code a / b}; integers truncate toward zero, as Java's and C's {@code /} ({@code -7 / 2 = -3}). This
     * is neither NumPy's {@code a / b} of integers (true division, float64: cast to F64 first) nor its
     * {@code a // b} ({@link #FLOOR_DIVIDE}).
     */
    DIV,
    /**
     * Remainder with the sign of the dividend (Java {@code %}, C's and NumPy's {@code fmod}):
     * {@code a - b·trunc(a/b)}, so {@code -7 rem 2 = -1}. NumPy's {@code a % b} is {@link #REMAINDER}.
     */
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
    XOR,
    /**
     * NumPy's {@code floor_divide}, Python's {@code a // b}: the quotient rounded toward −∞, so
     * {@code -7 // 2 = -4} ({@link #DIV} gives −3). Floating dtypes compute it as NumPy does, from
     * {@code fmod}: {@code (a - fmod(a, b)) / b}, one less where the remainder's sign differs from
     * {@code b}'s, snapped to the nearest integer; {@code a // 0} is {@code a / 0} (±∞ or NaN).
     */
    FLOOR_DIVIDE,
    /**
     * NumPy's {@code remainder}, Python's {@code a % b}: {@code a - b·floor(a/b)}, with the sign of the
     * divisor, so {@code -7 % 2 = 1} ({@link #REM} gives −1). Floating dtypes: {@code fmod(a, b)}, plus
     * {@code b} where the signs differ; a zero result takes {@code b}'s sign; {@code a % 0} is NaN.
     */
    REMAINDER
}
