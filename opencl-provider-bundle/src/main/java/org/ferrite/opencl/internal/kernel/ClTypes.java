package org.ferrite.opencl.internal.kernel;

import java.util.Locale;
import org.ferrite.api.tensor.DType;

/**
 * How each dtype looks in OpenCL C: its storage type in device memory (BOOL as {@code uchar} 0/1, the
 * complex dtypes as {@code float2}/{@code double2} of real and imaginary part — the host's interleaved
 * layout), the type a kernel computes in, and the unsigned type integers wrap in. Single-precision values
 * are computed in double precision where the device has {@code cl_khr_fp64} and rounded once on store,
 * exactly as the host providers do (a device without fp64 computes them in single precision).
 *
 * <p>Thread-safe (immutable). Lifetime: one per device (its fp64 support), kept by the kernel source.
 */
final class ClTypes {
    private final boolean fp64;

    ClTypes(boolean fp64) {
        this.fp64 = fp64;
    }

    boolean fp64() {
        return fp64;
    }

    /** @return the storage type of one element */
    static String storage(DType d) {
        switch (d) {
            case BOOL: return "uchar";
            case I32: return "int";
            case I64: return "long";
            case F32: return "float";
            case F64: return "double";
            case C64: return "float2";
            case C128: return "double2";
            default: throw new IllegalStateException("no OpenCL storage type for " + d);
        }
    }

    /** @return the unsigned integer type of the same size (element moves by size; integer wrapping) */
    static String bits(int bytes) {
        switch (bytes) {
            case 1: return "uchar";
            case 2: return "ushort";
            case 4: return "uint";
            case 8: return "ulong";
            case 16: return "ulong2";
            default: throw new IllegalStateException("no OpenCL type of " + bytes + " bytes");
        }
    }

    /** @return the real type a real or complex floating dtype computes in */
    String real(DType d) {
        boolean single = d == DType.F32 || d == DType.C64;
        return single && !fp64 ? "float" : "double";
    }

    /** @return the two-component type a complex dtype computes in */
    String complex(DType d) {
        return real(d) + "2";
    }

    /** @return the lower-case name used in kernel names ({@code f64}, {@code c128}, …) */
    static String tag(DType d) {
        return d.name().toLowerCase(Locale.ROOT);
    }

    /** @return the lower-case name of an enum constant, for kernel names */
    static String tag(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
