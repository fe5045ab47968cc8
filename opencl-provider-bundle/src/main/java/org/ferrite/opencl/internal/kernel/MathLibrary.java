package org.ferrite.opencl.internal.kernel;

/**
 * The OpenCL C helpers the generated kernels share, written once with the real type {@code R} as a
 * parameter and instantiated per compute type ({@code float}, {@code double}): NaN-propagating maximum and
 * minimum (as Java's {@code Math.max}: NaN wins, {@code -0 < +0}), Python's floor division and remainder of
 * floating values as NumPy's {@code npy_divmod} computes them ({@code fmod} moved onto the divisor's side,
 * the quotient from it snapped to an integer), C99 Annex F's {@code pow} where
 * OpenCL's may differ ({@code 1^y = 1}, {@code (-1)^±∞ = 1}), and the complex functions on
 * {@code R2 = (re, im)} with their principal branches — {@code log z = ln|z| + i·arg z},
 * {@code sqrt z} with a non-negative real part, {@code z^w = exp(w·log z)} — in the same formulas as the
 * host providers, so that the kit's oracle agrees with every provider to within rounding. The
 * Philox-4×32-10 block of {@code org.ferrite.api.random.Philox} (the random numbers' normative bits).
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class MathLibrary {
    private static final String REAL = """
            inline R fmaxnan_R(R a, R b) {
                if (isnan(a)) return a;
                if (isnan(b)) return b;
                if (a == 0 && b == 0) return signbit(a) ? b : a;
                return a >= b ? a : b;
            }
            inline R fminnan_R(R a, R b) {
                if (isnan(a)) return a;
                if (isnan(b)) return b;
                if (a == 0 && b == 0) return signbit(a) ? a : b;
                return a <= b ? a : b;
            }
            inline R powc99_R(R x, R y) {
                return (x == (R)1 || (x == (R)-1 && isinf(y))) ? (R)1 : pow(x, y);
            }
            inline R pymod_R(R x, R y) {
                R m = fmod(x, y);
                if (y == 0) return m;
                if (m != 0) return (y < 0) != (m < 0) ? m + y : m;
                return copysign((R)0, y);
            }
            inline R pydiv_R(R x, R y) {
                if (y == 0) return x / y;
                R m = fmod(x, y);
                R q = (x - m) / y;
                if (m != 0 && (y < 0) != (m < 0)) q -= (R)1;
                if (q == 0) return copysign((R)0, x / y);
                R f = floor(q);
                return q - f > (R)0.5 ? f + (R)1 : f;
            }
            """;

    private static final String COMPLEX = """
            inline R2 cmul_R(R2 a, R2 b) { return (R2)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
            inline R2 cdiv_R(R2 a, R2 b) {
                R n = b.x * b.x + b.y * b.y;
                return (R2)((a.x * b.x + a.y * b.y) / n, (a.y * b.x - a.x * b.y) / n);
            }
            inline R2 cexp_R(R2 a) { R m = exp(a.x); return (R2)(m * cos(a.y), m * sin(a.y)); }
            inline R2 clog_R(R2 a) { return (R2)(log(hypot(a.x, a.y)), atan2(a.y, a.x)); }
            inline R2 csqrt_R(R2 z) {
                R a = z.x, b = z.y;
                if (a == 0 && b == 0) return (R2)((R)0, b);
                R t = sqrt((fabs(a) + hypot(a, b)) / (R)2);
                return a >= 0 ? (R2)(t, b / ((R)2 * t)) : (R2)(fabs(b) / ((R)2 * t), copysign(t, b));
            }
            inline R2 cpow_R(R2 a, R2 b) {
                if (b.x == 0 && b.y == 0) return (R2)((R)1, (R)0);
                if (a.x == 0 && a.y == 0) { R v = b.x > 0 ? (R)0 : (R)NAN; return (R2)(v, v); }
                return cexp_R(cmul_R(b, clog_R(a)));
            }
            inline R2 csign_R(R2 z) {
                R m = hypot(z.x, z.y);
                return m == 0 ? (R2)((R)0, (R)0) : (R2)(z.x / m, z.y / m);
            }
            inline R2 csin_R(R2 z) { return (R2)(sin(z.x) * cosh(z.y), cos(z.x) * sinh(z.y)); }
            inline R2 ccos_R(R2 z) { return (R2)(cos(z.x) * cosh(z.y), -sin(z.x) * sinh(z.y)); }
            inline R2 ctanh_R(R2 z) {
                R d = cosh((R)2 * z.x) + cos((R)2 * z.y);
                return (R2)(sinh((R)2 * z.x) / d, sin((R)2 * z.y) / d);
            }
            inline R2 cexpm1_R(R2 z) {
                R s = sin(z.y / (R)2);
                return (R2)(expm1(z.x) * cos(z.y) - (R)2 * s * s, exp(z.x) * sin(z.y));
            }
            inline R2 clog1p_R(R2 z) {
                R t = z.x * ((R)2 + z.x) + z.y * z.y;
                R re = (t < (R)0.5 && t > (R)-0.5) ? (R)0.5 * log1p(t) : log(hypot((R)1 + z.x, z.y));
                return (R2)(re, atan2(z.y, (R)1 + z.x));
            }
            inline R2 crsqrt_R(R2 z) {
                R2 s = csqrt_R(z);
                R m = s.x * s.x + s.y * s.y;
                return (R2)(s.x / m, -s.y / m);
            }
            """;

    private static final String PHILOX = """
            inline uint4 philox_block(ulong block, uint k0, uint k1) {
                uint x0 = (uint)block, x1 = (uint)(block >> 32), x2 = 0, x3 = 0;
                for (int round = 0; round < 10; round++) {
                    if (round > 0) { k0 += 0x9E3779B9u; k1 += 0xBB67AE85u; }
                    uint hi0 = mul_hi(0xD2511F53u, x0), lo0 = 0xD2511F53u * x0;
                    uint hi1 = mul_hi(0xCD9E8D57u, x2), lo1 = 0xCD9E8D57u * x2;
                    uint n0 = hi1 ^ x1 ^ k0;
                    uint n2 = hi0 ^ x3 ^ k1;
                    x1 = lo1; x3 = lo0; x0 = n0; x2 = n2;
                }
                return (uint4)(x0, x1, x2, x3);
            }
            inline uint philox_word(ulong index, uint k0, uint k1) {
                uint4 v = philox_block(index >> 2, k0, k1);
                uint j = (uint)(index & 3);
                return j == 0 ? v.x : j == 1 ? v.y : j == 2 ? v.z : v.w;
            }
            inline ulong philox_long(ulong index, uint k0, uint k1) {
                ulong low = philox_word(index, k0, k1);
                return ((ulong)philox_word(index + 1, k0, k1) << 32) | low;
            }
            """;

    private MathLibrary() {
    }

    /** @return the real helpers for compute type {@code real} ({@code float} or {@code double}) */
    static String real(String real) {
        return instantiate(REAL, real);
    }

    /** @return the complex helpers for compute type {@code real} */
    static String complex(String real) {
        return instantiate(COMPLEX, real);
    }

    private static String instantiate(String template, String real) {
        return template.replace("_R(", "_" + real + "(").replaceAll("\\bR2\\b", real + "2").replaceAll("\\bR\\b", real);
    }

    /** @return the Philox-4×32-10 block and the words of a key's stream */
    static String philox() {
        return PHILOX;
    }
}
