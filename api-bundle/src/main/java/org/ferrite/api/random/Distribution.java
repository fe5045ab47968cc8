package org.ferrite.api.random;

import java.util.Objects;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorWrite;

/**
 * What a session's random operations generate, and — normatively, bit for bit — how: every provider
 * must produce exactly these values, so that one key gives one tensor everywhere.
 *
 * <h2>Which words make which element</h2>
 * Element {@code i} of an output — {@code i} its <b>column-major</b> index over the output's shape
 * ({@code i = Σ idx_a · Π_{b<a} shape[b]}, whatever the output's strides) — is made from the {@code W}
 * consecutive words {@code i·W … i·W + W − 1} of the key's stream ({@link Philox}, "The stream of a
 * key"), {@code W} being {@link #wordsPerElement}. A 64-bit value is two consecutive words, the first in
 * the low half; {@code u24(w) = (w >>> 8) · 2⁻²⁴} and {@code u53(v) = (v >>> 11) · 2⁻⁵³} (both exact,
 * in {@code [0, 1)}).
 *
 * <table>
 * <caption>Element {@code i} from words {@code w0, w1, …} (64-bit values {@code v0 = w1:w0},
 * {@code v1 = w3:w2})</caption>
 * <tr><th>distribution</th><th>dtype</th><th>W</th><th>value</th></tr>
 * <tr><td>{@link #BITS}</td><td>I32</td><td>1</td><td>{@code w0}</td></tr>
 * <tr><td>{@link #BITS}</td><td>I64</td><td>2</td><td>{@code v0}</td></tr>
 * <tr><td>{@link #UNIFORM}</td><td>F32</td><td>1</td><td>{@code u24(w0)}</td></tr>
 * <tr><td>{@link #UNIFORM}</td><td>F64</td><td>2</td><td>{@code u53(v0)}</td></tr>
 * <tr><td>{@link #UNIFORM}</td><td>C64</td><td>2</td><td>{@code u24(w0) + i·u24(w1)}</td></tr>
 * <tr><td>{@link #UNIFORM}</td><td>C128</td><td>4</td><td>{@code u53(v0) + i·u53(v1)}</td></tr>
 * <tr><td>{@link #NORMAL}</td><td>F32</td><td>2</td><td>{@code float(√(−2 ln a) · cos(2π b))},
 * {@code a = 1 − u24(w0)}, {@code b = u24(w1)}</td></tr>
 * <tr><td>{@link #NORMAL}</td><td>F64</td><td>4</td><td>{@code √(−2 ln a) · cos(2π b)},
 * {@code a = 1 − u53(v0)}, {@code b = u53(v1)}</td></tr>
 * <tr><td>{@link #NORMAL}</td><td>C64</td><td>2</td><td>{@code float(r cos(2π b)) + i·float(r sin(2π b))},
 * {@code r = √(−ln a)}, {@code a, b} as for F32</td></tr>
 * <tr><td>{@link #NORMAL}</td><td>C128</td><td>4</td><td>{@code r cos(2π b) + i·r sin(2π b)},
 * {@code r = √(−ln a)}, {@code a, b} as for F64</td></tr>
 * </table>
 *
 * <p><b>The normal transform</b> is Box–Muller with independent words per element (the sine half is
 * discarded for real outputs, so elements do not pair up and any element can be computed alone). It is
 * evaluated in binary64, in this order and nothing fused: {@code t = 2π · b} ({@code 2π} the binary64
 * {@code 6.283185307179586}), {@code r = sqrt(-2.0 · log(a))} (complex: {@code sqrt(-log(a))}, so that
 * {@code E|z|² = 1}: real and imaginary parts each have variance ½, as NumPy and JAX define a standard
 * complex normal), {@code z = r · cos(t)} (and {@code r · sin(t)}), with fdlibm's {@code log}, {@code cos}
 * and {@code sin} (Java's {@link StrictMath}) and a correctly rounded {@code sqrt}; F32 and C64 round the
 * binary64 result to nearest. {@code a} lies in {@code (0, 1]}, so the logarithm is finite: values are
 * bounded by about 5.8 (F32, C64) and 8.6 (F64, C128). Providers on the JVM compute exactly this; a device
 * whose math library differs from fdlibm produces values within a few units in the last place and says so.
 *
 * <p>Thread-safe (an enum). Its constants live as long as the class is loaded.
 */
public enum Distribution {
    /** Uniform random bits: I32 and I64 elements whose every bit is an independent fair coin. */
    BITS("randomBits"),
    /** Uniform on {@code [0, 1)} (for complex dtypes: both parts): F32, F64, C64, C128. */
    UNIFORM("randomUniform"),
    /** Standard normal (for complex dtypes: standard complex normal, {@code E|z|² = 1}): F32, F64, C64, C128. */
    NORMAL("randomNormal");

    /** 2π in binary64. */
    private static final double TWO_PI = 2 * Math.PI;
    private static final double U24 = 0x1.0p-24;
    private static final double U53 = 0x1.0p-53;

    private final String operation;

    Distribution(String operation) {
        this.operation = operation;
    }

    /** @return the name of the session operation that generates it ({@code "randomUniform"}, …), for errors */
    public String operation() {
        return operation;
    }

    /**
     * @param dtype a dtype
     * @return true if this distribution generates it (BITS: I32, I64; UNIFORM and NORMAL: F32, F64, C64, C128)
     */
    public boolean accepts(DType dtype) {
        if (this == BITS) {
            return dtype == DType.I32 || dtype == DType.I64;
        }
        return dtype == DType.F32 || dtype == DType.F64 || dtype == DType.C64 || dtype == DType.C128;
    }

    /**
     * @param op the operation, for the error
     * @param argument the argument that carries the dtype ({@code "dtype"} or {@code "out"})
     * @param dtype the dtype asked for
     * @throws ValidationException (DTYPE_MISMATCH) naming {@code argument} if it is not {@link #accepts accepted}
     */
    public void requireDtype(String op, String argument, DType dtype) {
        Objects.requireNonNull(dtype, argument);
        if (!accepts(dtype)) {
            throw ValidationException.dtypeMismatch(op, argument, this == BITS ? "I32 or I64 (random bits)"
                    : "F32, F64, C64 or C128 (draw floating values, then cast)", dtype.name());
        }
    }

    /**
     * @param dtype an {@link #accepts accepted} dtype
     * @return how many words of the stream make one element (the class comment's {@code W})
     * @throws ValidationException (DTYPE_MISMATCH) for a dtype this distribution does not generate
     */
    public int wordsPerElement(DType dtype) {
        requireDtype(operation, "dtype", dtype);
        boolean wide = dtype == DType.I64 || dtype == DType.F64 || dtype == DType.C128;
        if (this == NORMAL) {
            return wide ? 4 : 2;
        }
        return dtype == DType.C128 ? 4 : wide || dtype == DType.C64 ? 2 : 1;
    }

    /**
     * A cursor at the first word of element {@code firstElement} ({@code firstElement · W}): the words of
     * that element and every later one, for {@link #nextBits} or {@link #next}.
     *
     * @param key the key
     * @param dtype an accepted dtype
     * @param firstElement a column-major element index, {@code >= 0}
     * @return the cursor
     * @throws ValidationException (DTYPE_MISMATCH) for a dtype this distribution does not generate
     */
    public PhiloxStream stream(RandomKey key, DType dtype, long firstElement) {
        return new PhiloxStream(key, Math.multiplyExact(firstElement, (long) wordsPerElement(dtype)));
    }

    /**
     * The next element of a {@link #BITS} output, taking its words from {@code words}.
     *
     * @param words the stream, at the element's first word
     * @param dtype I32 (the word, sign-extended) or I64
     * @return the element
     * @throws IllegalStateException if this is not {@link #BITS}
     */
    public long nextBits(PhiloxStream words, DType dtype) {
        if (this != BITS) {
            throw new IllegalStateException(this + " makes floating values; use next(words, dtype, reIm)");
        }
        return dtype == DType.I64 ? words.nextLong() : words.nextWord();
    }

    /**
     * The next element of a {@link #UNIFORM} or {@link #NORMAL} output, taking its words from
     * {@code words}: the real part in {@code reIm[0]}, the imaginary part (0 for a real dtype) in
     * {@code reIm[1]}; for F32 and C64 the values are already rounded to binary32.
     *
     * @param words the stream, at the element's first word
     * @param dtype F32, F64, C64 or C128
     * @param reIm receives the element
     * @throws IllegalStateException if this is {@link #BITS}
     */
    public void next(PhiloxStream words, DType dtype, double[] reIm) {
        boolean narrow = dtype == DType.F32 || dtype == DType.C64;
        boolean complex = dtype == DType.C64 || dtype == DType.C128;
        switch (this) {
            case UNIFORM:
                reIm[0] = narrow ? u24(words.nextWord()) : u53(words.nextLong());
                reIm[1] = complex ? narrow ? u24(words.nextWord()) : u53(words.nextLong()) : 0;
                return;
            case NORMAL:
                double a = 1.0 - (narrow ? u24(words.nextWord()) : u53(words.nextLong()));
                double t = TWO_PI * (narrow ? u24(words.nextWord()) : u53(words.nextLong()));
                if (complex) {
                    double r = StrictMath.sqrt(-StrictMath.log(a));
                    reIm[0] = round(r * StrictMath.cos(t), narrow);
                    reIm[1] = round(r * StrictMath.sin(t), narrow);
                } else {
                    reIm[0] = round(StrictMath.sqrt(-2.0 * StrictMath.log(a)) * StrictMath.cos(t), narrow);
                    reIm[1] = 0;
                }
                return;
            default:
                throw new IllegalStateException("BITS makes integers; use nextBits(words, dtype)");
        }
    }

    private static double u24(int w) {
        return (w >>> 8) * U24;
    }

    private static double u53(long v) {
        return (v >>> 11) * U53;
    }

    private static double round(double v, boolean narrow) {
        return narrow ? (float) v : v;
    }

    /**
     * A new compact host tensor of this distribution: the reference result of the session operation.
     *
     * @param key the key
     * @param dtype an accepted dtype
     * @param shape the extents
     * @return the tensor
     * @throws ValidationException for a dtype this distribution does not generate, or a bad shape
     */
    public Tensor sample(RandomKey key, DType dtype, long... shape) {
        requireDtype(operation, "dtype", dtype);
        Tensor out = Tensor.zeros(dtype, shape);
        HostFill.fill(this, key, out);
        return out;
    }

    /**
     * Writes this distribution into a host tensor, in place (compact outputs straight into their array,
     * strided ones element by element): the reference implementation a host provider's session uses.
     *
     * @param key the key
     * @param out a writable host tensor or view of an accepted dtype
     * @throws ValidationException (DTYPE_MISMATCH or INVALID_ARGUMENT, argument {@code out}) for another
     *     dtype, a device tensor or an unwritable view; nothing was written
     */
    public void fill(RandomKey key, TensorWrite out) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(out, "out");
        requireDtype(operation, "out", out.dtype());
        if (!out.placement().isHost()) {
            throw ValidationException.invalidArgument(operation, "out", "a host tensor", "a tensor on "
                    + out.placement(), "generate on its placement in a session of its backend");
        }
        if (!out.isWritable()) {
            throw ValidationException.invalidArgument(operation, "out", "a writable tensor (no zero strides, no"
                    + " overlap)", "a view with strides " + java.util.Arrays.toString(out.strides()),
                    "write into a Tensor or a slice of one, not a broadcast view");
        }
        HostFill.fill(this, key, out);
    }
}
