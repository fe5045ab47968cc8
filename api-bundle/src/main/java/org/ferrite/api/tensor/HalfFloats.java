package org.ferrite.api.tensor;

/**
 * Conversions between Java's {@code float} and {@code double} and the raw 16 bits of the two half-width
 * floating dtypes, {@link DType#F16} (IEEE 754 binary16: 1 sign, 5 exponent, 10 fraction bits; NumPy's
 * {@code float16}) and {@link DType#BF16} (bfloat16: 1 sign, 8 exponent, 7 fraction bits, the upper half of a
 * binary32; {@code ml_dtypes.bfloat16}). Their host storage is a {@code short[]} of these bits.
 *
 * <pre>{@code
 * short[] bits = t.f16Data();                       // an F16 tensor's storage
 * float x = HalfFloats.f16ToFloat(bits[0]);         // exact: every F16 value is a float
 * bits[0] = HalfFloats.toF16(x * 3);                // rounded to nearest, ties to even
 * }</pre>
 *
 * <p><b>Semantics.</b> Widening ({@link #f16ToFloat}, {@link #bf16ToFloat}) is exact, for subnormals,
 * signed zeros and infinities too; a NaN stays a NaN with its sign and payload bits. Narrowing
 * ({@link #toF16}, {@link #toBf16}, from {@code float} or {@code double}) rounds to nearest with ties to
 * even, as IEEE 754 and NumPy's {@code astype} (and Java 20's {@code Float.floatToFloat16}) do: a magnitude at
 * or above the largest finite value plus half its spacing becomes an infinity, one below half the smallest
 * subnormal becomes a signed zero, and a NaN becomes a quiet NaN of the same sign keeping the payload's upper
 * bits. A {@code double} rounds to F16 directly, once, as NumPy's {@code astype(float16)} does (so
 * {@code toF16(d)} can differ from {@code toF16((float) d)}, which rounds twice); a {@code double} rounds to BF16
 * through {@code float}, as {@code ml_dtypes}, PyTorch and XLA do ({@code toBf16(d) == toBf16((float) d)}: the
 * bits the bfloat16 libraries produce; a direct rounding differs only where the {@code float} lands on a tie).
 *
 * <p>Thread-safe (stateless). Lifetime: static functions only.
 */
public final class HalfFloats {
    /** F16: fraction bits. */
    private static final int F16_FRACTION = 10;
    /** F16: exponent bias. */
    private static final int F16_BIAS = 15;
    private static final long DOUBLE_FRACTION_MASK = (1L << 52) - 1;

    private HalfFloats() {
    }

    /**
     * @param bits an F16 value's raw bits
     * @return its value, exactly
     */
    public static float f16ToFloat(short bits) {
        int h = bits & 0xFFFF;
        int sign = (h & 0x8000) << 16;
        int exponent = h >>> F16_FRACTION & 0x1F;
        int fraction = h & 0x3FF;
        if (exponent == 0x1F) { // infinity or NaN: the fraction moves to the top of the float's fraction
            return Float.intBitsToFloat(sign | 0x7F80_0000 | fraction << 13);
        }
        if (exponent == 0) { // zero or subnormal: fraction · 2^-24, exact in float
            float magnitude = fraction * 0x1p-24f;
            return sign == 0 ? magnitude : -magnitude;
        }
        return Float.intBitsToFloat(sign | exponent + (127 - F16_BIAS) << 23 | fraction << 13);
    }

    /**
     * @param bits a BF16 value's raw bits
     * @return its value, exactly
     */
    public static float bf16ToFloat(short bits) {
        return Float.intBitsToFloat(bits << 16);
    }

    /**
     * @param value a value
     * @return the F16 nearest to it (ties to even), as raw bits
     */
    public static short toF16(float value) {
        // The bit-level rounding of a float (F. Giesen's float_to_half_fast3_rtne): the same bits as
        // toF16((double) value), one rounding, without the double path's branches (the CPU provider's
        // F16 kernels store every result through it).
        int bits = Float.floatToRawIntBits(value);
        int sign = bits >>> 16 & 0x8000;
        int magnitude = bits & 0x7FFF_FFFF;
        if (magnitude >= 0x4780_0000) { // 2^16 or more, infinity or NaN
            if (magnitude > 0x7F80_0000) { // NaN: quiet, sign and upper payload kept
                return (short) (sign | 0x7E00 | magnitude >>> 13 & 0x3FF);
            }
            return (short) (sign | 0x7C00);
        }
        if (magnitude < 0x3880_0000) { // below 2^-14, F16's smallest normal: adding 0.5f (ulp 2^-24, F16's
            // subnormal spacing) rounds the magnitude to nearest even in hardware; its low bits are the result
            return (short) (sign | Float.floatToRawIntBits(Float.intBitsToFloat(magnitude) + 0.5f) - 0x3F00_0000);
        }
        int odd = magnitude >>> 13 & 1; // rebias the exponent, add just under half an F16 unit plus the odd bit
        return (short) (sign | magnitude + 0xC800_0FFF + odd >>> 13);
    }

    /**
     * @param value a value
     * @return the F16 nearest to it (ties to even), as raw bits
     */
    public static short toF16(double value) {
        return round(value, F16_FRACTION, F16_BIAS);
    }

    /**
     * @param value a value
     * @return the BF16 nearest to it (ties to even), as raw bits
     */
    public static short toBf16(float value) {
        int bits = Float.floatToRawIntBits(value);
        if ((bits & 0x7FFF_FFFF) > 0x7F80_0000) { // NaN: quiet, sign and upper payload kept
            return (short) (bits >>> 16 | 0x0040);
        }
        // add just under half of the dropped part's unit, plus the kept part's lowest bit: ties go to even
        return (short) (bits + 0x7FFF + (bits >>> 16 & 1) >>> 16);
    }

    /**
     * @param value a value
     * @return the BF16 nearest to {@code (float) value} (ties to even), as raw bits: rounded through
     *     {@code float}, as {@code ml_dtypes}, PyTorch and XLA round a {@code float64} to bfloat16
     */
    public static short toBf16(double value) {
        return toBf16((float) value);
    }

    /**
     * Rounds a double to a binary format of {@code fraction} fraction bits and exponent bias {@code bias}
     * (an exponent field of all ones being infinity and NaN, subnormals below {@code 2^(1 - bias)}), to
     * nearest, ties to even: F16 is {@code round(value, 10, 15)}.
     */
    private static short round(double value, int fraction, int bias) {
        long bits = Double.doubleToRawLongBits(value);
        int sign = (int) (bits >>> 48) & 0x8000;
        long magnitude = bits & 0x7FFF_FFFF_FFFF_FFFFL;
        int infinity = ((bias << 1) + 1) << fraction;
        if (magnitude >= 0x7FF0_0000_0000_0000L) {
            if (magnitude == 0x7FF0_0000_0000_0000L) {
                return (short) (sign | infinity);
            }
            int payload = (int) (magnitude >>> (52 - fraction)) & ((1 << fraction) - 1);
            return (short) (sign | infinity | 1 << (fraction - 1) | payload); // a quiet NaN
        }
        int exponent = (int) (magnitude >>> 52) - 1023;
        int minNormal = 1 - bias;
        if (exponent > bias) {
            return (short) (sign | infinity);
        }
        if (exponent < minNormal - fraction - 1) { // below half the smallest subnormal (a double subnormal too)
            return (short) sign;
        }
        long significand = magnitude & DOUBLE_FRACTION_MASK | 1L << 52;
        // drop the bits below the target's precision: fraction bits for a normal result, more for a subnormal
        int drop = 52 - fraction + Math.max(0, minNormal - exponent);
        long kept = significand >>> drop;
        long rest = significand & ((1L << drop) - 1);
        long half = 1L << (drop - 1);
        if (rest > half || rest == half && (kept & 1) != 0) {
            kept++; // may carry into the exponent (or up to infinity): the bit layout makes that exact
        }
        if (exponent < minNormal) {
            return (short) (sign | (int) kept); // subnormal, or the smallest normal after a carry
        }
        return (short) (sign | (exponent + bias << fraction) + (int) (kept - (1L << fraction)));
    }
}
