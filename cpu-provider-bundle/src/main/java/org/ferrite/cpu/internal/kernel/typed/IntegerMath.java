package org.ferrite.cpu.internal.kernel.typed;

/**
 * Integer power by binary exponentiation, wrapping on overflow like the other integer kernels
 * ({@code x^0 = 1}, including {@code 0^0}). Exponents must be {@code >= 0}; the elementwise entry
 * checks that before the first write. Thread-safe (stateless); it has no instances and holds no
 * resources.
 */
public final class IntegerMath {
    private IntegerMath() {
    }

    /**
     * @param base the base
     * @param exponent the exponent, {@code >= 0}
     * @return {@code base^exponent} modulo 2^32
     */
    public static int pow(int base, int exponent) {
        int result = 1;
        int b = base;
        for (int e = exponent; e > 0; e >>>= 1) {
            if ((e & 1) != 0) {
                result *= b;
            }
            b *= b;
        }
        return result;
    }

    /**
     * @param base the base
     * @param exponent the exponent, {@code >= 0}
     * @return {@code base^exponent} modulo 2^64
     */
    public static long pow(long base, long exponent) {
        long result = 1;
        long b = base;
        for (long e = exponent; e > 0; e >>>= 1) {
            if ((e & 1) != 0) {
                result *= b;
            }
            b *= b;
        }
        return result;
    }
}
