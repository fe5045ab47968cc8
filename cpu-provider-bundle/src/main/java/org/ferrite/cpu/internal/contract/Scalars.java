package org.ferrite.cpu.internal.contract;

/**
 * Converts the API's {@code double} accumulation scalars to the kernel's precision. The two names
 * let one template serve both precisions (the generator renames {@code F64} to {@code F32}).
 * Thread-safe (stateless).
 */
final class Scalars {
    private Scalars() {
    }

    static double narrowF64(double v) {
        return v;
    }

    static float narrowF32(double v) {
        return (float) v;
    }
}
