package org.ferrite.opencl.internal.kernel;

import org.ferrite.api.random.Distribution;
import org.ferrite.api.tensor.DType;

/**
 * Writes the random-number kernels: element {@code i} (column-major over the output's shape) from words
 * {@code i·W … i·W + W − 1} of the key's Philox stream, transformed exactly as
 * {@link Distribution}'s table says — the same bits as every other provider for BITS and UNIFORM; NORMAL
 * through the device's {@code log}, {@code cos}, {@code sin} and {@code sqrt} in double precision (within a
 * few units in the last place of the JVM's fdlibm; single precision on a device without fp64).
 *
 * <p>Not thread-safe (appends to one builder). Lifetime: one program's generation.
 */
final class RandomWriter {
    private final StringBuilder s;
    private final ClTypes types;

    RandomWriter(StringBuilder s, ClTypes types) {
        this.s = s;
        this.types = types;
    }

    void random(DType d) {
        s.append(MathLibrary.philox());
        String r = types.fp64() ? "double" : "float";
        s.append("inline ").append(r).append(" u24(uint w) { return (").append(r).append(")(w >> 8) * (").append(r)
                .append(")0x1.0p-24f; }\n");
        if (types.fp64()) {
            s.append("inline double u53(ulong v) { return (double)(v >> 11) * 0x1.0p-53; }\n");
        }
        for (Distribution distribution : Distribution.values()) {
            if (!distribution.accepts(d)) {
                continue;
            }
            int w = distribution.wordsPerElement(d);
            s.append("__kernel void ").append(KernelNames.random(distribution, d)).append("(__global ")
                    .append(ClTypes.storage(d)).append("* y, __global const long* p, uint k0, uint k1) {\n")
                    .append("    long gid = get_global_id(0); long o[1]; OFFSETS(p, gid, 1, o);\n")
                    .append("    ulong at = (ulong)gid * ").append(w).append(";\n    ")
                    .append(body(distribution, d, r)).append("\n}\n");
        }
    }

    private static String body(Distribution distribution, DType d, String r) {
        boolean narrow = d == DType.F32 || d == DType.C64;
        String word0 = narrow ? "u24(philox_word(at, k0, k1))" : "u53(philox_long(at, k0, k1))";
        String word1 = narrow ? "u24(philox_word(at + 1, k0, k1))" : "u53(philox_long(at + 2, k0, k1))";
        String t = ClTypes.storage(d);
        switch (distribution) {
            case BITS:
                return d == DType.I32 ? "y[o[0]] = as_int(philox_word(at, k0, k1));"
                        : "y[o[0]] = as_long(philox_long(at, k0, k1));";
            case UNIFORM:
                return d.isComplex() ? "y[o[0]] = (" + t + ")((" + part(d) + ")" + word0 + ", (" + part(d) + ")" + word1
                        + ");" : "y[o[0]] = (" + t + ")" + word0 + ";";
            default: {
                String prefix = r + " a = (" + r + ")1 - " + word0 + "; " + r + " t = (" + r + ")6.283185307179586 * "
                        + word1 + "; ";
                if (d.isComplex()) {
                    return prefix + r + " m = sqrt(-log(a)); y[o[0]] = (" + t + ")((" + part(d) + ")(m * cos(t)), ("
                            + part(d) + ")(m * sin(t)));";
                }
                return prefix + "y[o[0]] = (" + t + ")(sqrt((" + r + ")-2 * log(a)) * cos(t));";
            }
        }
    }

    private static String part(DType d) {
        return d == DType.C64 ? "float" : "double";
    }
}
