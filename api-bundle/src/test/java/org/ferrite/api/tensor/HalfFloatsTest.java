package org.ferrite.api.tensor;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class HalfFloatsTest {

    /** The value of F16 bits, exactly, from the format's definition (independent of the implementation). */
    private static double f16Value(int bits) {
        int exponent = bits >>> 10 & 0x1F;
        int fraction = bits & 0x3FF;
        double sign = (bits & 0x8000) != 0 ? -1 : 1;
        if (exponent == 0x1F) {
            return fraction == 0 ? sign * Double.POSITIVE_INFINITY : Double.NaN;
        }
        if (exponent == 0) {
            return sign * fraction * Math.pow(2, -24);
        }
        return sign * (1024 + fraction) * Math.pow(2, exponent - 25);
    }

    @Test
    void everyF16WidensExactlyAndNarrowsBackToItsOwnBits() {
        for (int bits = 0; bits < 0x10000; bits++) {
            float wide = HalfFloats.f16ToFloat((short) bits);
            double want = f16Value(bits);
            if (Double.isNaN(want)) {
                assertThat(Float.isNaN(wide)).as("NaN %04x", bits).isTrue();
                assertThat(HalfFloats.toF16(wide) & 0x7E00).as("quiet NaN from %04x", bits).isEqualTo(0x7E00);
                assertThat(HalfFloats.toF16(wide) & 0x8000).isEqualTo(bits & 0x8000);
                continue;
            }
            assertThat((double) wide).as("%04x", bits).isEqualTo(want);
            assertThat(Double.doubleToRawLongBits(wide) >>> 63).as("sign of %04x", bits).isEqualTo(bits >>> 15);
            assertThat(HalfFloats.toF16(wide) & 0xFFFF).as("round trip of %04x", bits).isEqualTo(bits);
            assertThat(HalfFloats.toF16((double) wide) & 0xFFFF).as("from double, %04x", bits).isEqualTo(bits);
        }
    }

    @Test
    void everyBf16WidensExactlyAndNarrowsBackToItsOwnBits() {
        for (int bits = 0; bits < 0x10000; bits++) {
            float wide = HalfFloats.bf16ToFloat((short) bits);
            assertThat(Float.floatToRawIntBits(wide)).as("%04x", bits).isEqualTo(bits << 16);
            if (Float.isNaN(wide)) {
                assertThat(HalfFloats.toBf16(wide) & 0xFFFF).as("quiet NaN from %04x", bits).isEqualTo(bits | 0x0040);
                continue;
            }
            assertThat(HalfFloats.toBf16(wide) & 0xFFFF).as("round trip of %04x", bits).isEqualTo(bits);
            assertThat(HalfFloats.toBf16((double) wide) & 0xFFFF).as("from double, %04x", bits).isEqualTo(bits);
        }
    }

    @Test
    void narrowingRoundsToNearestWithTiesToEvenAcrossEveryF16Spacing() {
        // between each pair of neighbouring finite F16 values: the midpoint goes to the even one, a hair
        // either side to the nearer one (computed in BigDecimal, exactly)
        for (int bits = 0; bits < 0x7BFF; bits++) {
            BigDecimal lo = new BigDecimal(f16Value(bits));
            BigDecimal hi = new BigDecimal(f16Value(bits + 1));
            double mid = lo.add(hi).divide(BigDecimal.valueOf(2)).doubleValue(); // exact: one more bit
            int even = (bits & 1) == 0 ? bits : bits + 1;
            assertThat(HalfFloats.toF16(mid) & 0xFFFF).as("tie above %04x", bits).isEqualTo(even);
            assertThat(HalfFloats.toF16(-mid) & 0xFFFF).as("tie below -%04x", bits).isEqualTo(even | 0x8000);
            assertThat(HalfFloats.toF16(Math.nextDown(mid)) & 0xFFFF).isEqualTo(bits);
            assertThat(HalfFloats.toF16(Math.nextUp(mid)) & 0xFFFF).isEqualTo(bits + 1);
        }
    }

    @Test
    void narrowingRoundsToNearestWithTiesToEvenAcrossEveryBf16Spacing() {
        for (int bits = 0; bits < 0x7F7F; bits++) {
            float lo = HalfFloats.bf16ToFloat((short) bits);
            float hi = HalfFloats.bf16ToFloat((short) (bits + 1));
            float mid = Float.intBitsToFloat((bits << 16) + 0x8000); // exactly halfway in float
            assertThat((double) mid - lo).isEqualTo((double) hi - mid);
            int even = (bits & 1) == 0 ? bits : bits + 1;
            assertThat(HalfFloats.toBf16(mid) & 0xFFFF).as("tie above %04x", bits).isEqualTo(even);
            assertThat(HalfFloats.toBf16(Math.nextDown(mid)) & 0xFFFF).isEqualTo(bits);
            assertThat(HalfFloats.toBf16(Math.nextUp(mid)) & 0xFFFF).isEqualTo(bits + 1);
        }
    }

    @Test
    void knownValuesMatchNumPyAndMlDtypes() {
        // numpy.array([v]).astype(float16 / ml_dtypes.bfloat16).view(uint16), NumPy 2.4, ml_dtypes 0.6
        assertThat(HalfFloats.toF16(0.1)).isEqualTo((short) 0x2E66);
        assertThat(HalfFloats.toBf16(0.1)).isEqualTo((short) 0x3DCD);
        assertThat(HalfFloats.toF16(1.0 / 3)).isEqualTo((short) 0x3555);
        assertThat(HalfFloats.toBf16(1.0 / 3)).isEqualTo((short) 0x3EAB);
        assertThat(HalfFloats.toF16(65504.0)).isEqualTo((short) 0x7BFF); // the largest F16
        assertThat(HalfFloats.toF16(65519.99)).isEqualTo((short) 0x7BFF);
        assertThat(HalfFloats.toF16(65520.0)).isEqualTo((short) 0x7C00); // the tie above it: infinity
        assertThat(HalfFloats.toF16(1e5)).isEqualTo((short) 0x7C00);
        assertThat(HalfFloats.toF16(Math.pow(2, -24))).isEqualTo((short) 0x0001); // the smallest subnormal
        assertThat(HalfFloats.toF16(Math.pow(2, -25))).isEqualTo((short) 0x0000); // its half: a tie, to even
        assertThat(HalfFloats.toF16(Math.nextUp(Math.pow(2, -25)))).isEqualTo((short) 0x0001);
        assertThat(HalfFloats.toF16(-0.0)).isEqualTo((short) 0x8000);
        assertThat(HalfFloats.toF16(3.14159)).isEqualTo((short) 0x4248);
        assertThat(HalfFloats.toBf16(3.14159)).isEqualTo((short) 0x4049);
        assertThat(HalfFloats.toBf16(1e5)).isEqualTo((short) 0x47C3);
        // a double just above an F16 tie rounds up directly (NumPy), where through float it would tie to even
        assertThat(HalfFloats.toF16(1 + 0x1p-11 + 0x1p-40)).isEqualTo((short) 0x3C01);
        assertThat(HalfFloats.toF16((float) (1 + 0x1p-11 + 0x1p-40))).isEqualTo((short) 0x3C00);
        // a double to BF16 rounds through float (ml_dtypes, PyTorch, XLA): here the float is the tie
        assertThat(HalfFloats.toBf16(1 + 0x1p-8 + 0x1p-30)).isEqualTo((short) 0x3F80);
        assertThat(HalfFloats.toF16(Double.POSITIVE_INFINITY)).isEqualTo((short) 0x7C00);
        assertThat(HalfFloats.toBf16(Float.NEGATIVE_INFINITY)).isEqualTo((short) 0xFF80);
        assertThat(HalfFloats.toF16(Double.MIN_VALUE)).isEqualTo((short) 0);
        assertThat(HalfFloats.toBf16(Float.MIN_VALUE)).isEqualTo((short) 0);
        assertThat(HalfFloats.toBf16(Float.MAX_VALUE)).isEqualTo((short) 0x7F80);
    }

    @Test
    void narrowingAFloatGivesTheBitsOfNarrowingItsExactDouble() {
        // the float path's bit-level rounding against the double path, over a million bit patterns spread over
        // every float (both signs, subnormals, NaN payloads) and every float within 2^13 units of each F16 value
        for (long raw = 0; raw <= 0xFFFF_FFFFL; raw += 4099) {
            float f = Float.intBitsToFloat((int) raw);
            assertThat(HalfFloats.toF16(f)).as("float bits %08x", raw).isEqualTo(HalfFloats.toF16((double) f));
        }
        for (int bits = 0; bits < 0x7C00; bits += 7) {
            int center = Float.floatToRawIntBits(HalfFloats.f16ToFloat((short) bits));
            for (int d = -8192; d <= 8192; d += 97) {
                float f = Float.intBitsToFloat(center + d);
                assertThat(HalfFloats.toF16(f)).as("near %04x, float bits %08x", bits, center + d)
                        .isEqualTo(HalfFloats.toF16((double) f));
            }
        }
    }
}
