package org.ferrite.api.session;

/**
 * Elementwise unary and analytic operations, {@code out[i] = op(x[i])}. Each constant says what it
 * computes; which dtypes it accepts, its result dtype (the operand's, but the real type for
 * {@link #ABS} of a complex operand), its domain notes and its NumPy name are its row of the operation
 * table, {@link OpTable#of(UnaryOp)}, the one source of those facts. Thread-safe (an enum); its
 * constants live as long as the class is loaded.
 */
public enum UnaryOp {
    /** {@code -x}. */
    NEG,
    /** Complex conjugate; the identity on real dtypes. */
    CONJ,
    /** {@code |x|}; of a complex {@code x}, its modulus. */
    ABS,
    /** -1, 0 or 1 (NaN stays NaN); complex: {@code x/|x|} (0 at 0). */
    SIGN,
    /** Logical not (BOOL) or bitwise not (integers). */
    NOT,
    /** {@code e^x}. */
    EXP,
    /** Natural logarithm (principal branch for complex). */
    LOG,
    /** Sine. */
    SIN,
    /** Cosine. */
    COS,
    /** Hyperbolic tangent. */
    TANH,
    /** Square root (principal branch for complex). */
    SQRT,
    /** {@code 1/sqrt(x)}. */
    RSQRT,
    /**
     * {@code e^x - 1}, accurate near 0. Complex: {@code expm1(a)·cos b − 2·sin²(b/2) + i·e^a·sin b} for
     * {@code x = a + ib}, so that both parts keep their relative accuracy for tiny {@code |x|}.
     */
    EXPM1,
    /**
     * {@code ln(1 + x)}, accurate near 0 (principal branch for complex: real part
     * {@code ½·log1p(2a + a² + b²)} near 0, so tiny {@code |x|} keeps its relative accuracy — NumPy's
     * {@code log(hypot(1 + a, b))} loses the real part there —, imaginary part {@code atan2(b, 1 + a)}).
     */
    LOG1P,
    /** The error function. */
    ERF,
    /** Logistic sigmoid {@code 1/(1+e^-x)}. */
    SIGMOID,
    /** Round half to even. */
    ROUND,
    /** Floor. */
    FLOOR,
    /** Ceiling. */
    CEIL
}
