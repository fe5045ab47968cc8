package org.ferrite.api.session;

/**
 * Elementwise unary and analytic operations, {@code out[i] = op(x[i])}. The result dtype equals the
 * operand's, except {@link #ABS} of a complex operand, which is the real type. Thread-safe (an enum); its constants live as long as the class is loaded.
 */
public enum UnaryOp {
    /** {@code -x}; numeric dtypes. */
    NEG,
    /** Complex conjugate; identity on real dtypes. */
    CONJ,
    /** {@code |x|}; complex gives the modulus as the real type. */
    ABS,
    /** -1, 0 or 1 (NaN stays NaN); complex: {@code x/|x|} (0 at 0). */
    SIGN,
    /** Logical not (BOOL) or bitwise not (integers). */
    NOT,
    /** {@code e^x}; floating dtypes. */
    EXP,
    /** Natural logarithm; floating dtypes (principal branch for complex). */
    LOG,
    /** Sine; floating dtypes. */
    SIN,
    /** Cosine; floating dtypes. */
    COS,
    /** Hyperbolic tangent; floating dtypes. */
    TANH,
    /** Square root; floating dtypes (principal branch for complex). */
    SQRT,
    /** {@code 1/sqrt(x)}; floating dtypes. */
    RSQRT,
    /**
     * {@code e^x - 1}, accurate near 0; floating dtypes. Complex: {@code expm1(a)·cos b − 2·sin²(b/2)
     * + i·e^a·sin b} for {@code x = a + ib}, so that both parts keep their relative accuracy for tiny
     * {@code |x|}.
     */
    EXPM1,
    /**
     * {@code ln(1 + x)}, accurate near 0; floating dtypes (principal branch for complex: real part
     * {@code ½·log1p(2a + a² + b²)} near 0, so tiny {@code |x|} keeps its relative accuracy — NumPy's
     * {@code log(hypot(1 + a, b))} loses the real part there —, imaginary part {@code atan2(b, 1 + a)}).
     */
    LOG1P,
    /** The error function; real floating. */
    ERF,
    /** Logistic sigmoid {@code 1/(1+e^-x)}; real floating. */
    SIGMOID,
    /** Round half to even; real floating. */
    ROUND,
    /** Floor; real floating. */
    FLOOR,
    /** Ceiling; real floating. */
    CEIL
}
