package org.ferrite.opencl;

import org.ferrite.api.CapabilityKey;

/**
 * The OpenCL provider's typed capability details ({@code BackendCapabilities.detail(key)}): which device a
 * backend runs on, as the driver names it.
 *
 * <pre>{@code
 * String device = backend.capabilities().detail(OpenClCapabilities.DEVICE_NAME).orElse("?");
 * }</pre>
 *
 * <p>Thread-safe (constants). Lifetime: static.
 */
public final class OpenClCapabilities {
    /** The device's name ({@code CL_DEVICE_NAME}). */
    public static final CapabilityKey<String> DEVICE_NAME = CapabilityKey.of("opencl.device.name", String.class);
    /** The platform's name ({@code CL_PLATFORM_NAME}), e.g. "Portable Computing Language". */
    public static final CapabilityKey<String> PLATFORM_NAME = CapabilityKey.of("opencl.platform.name", String.class);
    /** The device's OpenCL version ({@code CL_DEVICE_VERSION}). */
    public static final CapabilityKey<String> DEVICE_VERSION = CapabilityKey.of("opencl.device.version", String.class);
    /** The largest single buffer in bytes ({@code CL_DEVICE_MAX_MEM_ALLOC_SIZE}). */
    public static final CapabilityKey<Long> MAX_ALLOCATION_BYTES = CapabilityKey.of("opencl.device.maxAllocationBytes",
            Long.class);
    /** True if the device computes in double precision ({@code cl_khr_fp64}): F64 and C128 are advertised. */
    public static final CapabilityKey<Boolean> FP64 = CapabilityKey.of("opencl.device.fp64", Boolean.class);
    /**
     * True if CLBlast (embedded, for Linux, macOS and Windows on x86-64) loaded: {@code dotGeneral} runs GEMMs
     * on it (docs/opencl.md); false: every contraction runs on the provider's own kernel.
     */
    public static final CapabilityKey<Boolean> CLBLAST = CapabilityKey.of("opencl.clblast", Boolean.class);
    /** True if every launch is waited for and its failure reported at the call (the synchronous setting). */
    public static final CapabilityKey<Boolean> SYNCHRONOUS = CapabilityKey.of("opencl.synchronous", Boolean.class);

    private OpenClCapabilities() {
    }
}
