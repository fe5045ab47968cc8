package org.ferrite.opencl.internal.cl;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

/**
 * One OpenCL device and what it reports about itself — the facts a backend's capabilities and kernels
 * depend on, queried once: names, OpenCL version, global memory, the largest single allocation,
 * {@code CL_DEVICE_MEM_BASE_ADDR_ALIGN} (which OpenCL gives in <em>bits</em>), and the extensions that
 * decide the dtypes ({@code cl_khr_fp64} for F64 and C128, {@code cl_khr_fp16} for F16).
 *
 * @param platform the platform's handle
 * @param device the device's handle
 * @param platformIndex the platform's index in {@code clGetPlatformIDs}
 * @param deviceIndex the device's index among the platform's devices
 * @param platformName the platform's name
 * @param name the device's name
 * @param vendor the device's vendor
 * @param version the device's {@code CL_DEVICE_VERSION}
 * @param globalMemoryBytes {@code CL_DEVICE_GLOBAL_MEM_SIZE}
 * @param maxAllocationBytes {@code CL_DEVICE_MAX_MEM_ALLOC_SIZE}
 * @param baseAlignmentBytes {@code CL_DEVICE_MEM_BASE_ADDR_ALIGN}, converted from bits to bytes
 * @param extensions the device's extensions
 *
 * <p>Thread-safe (immutable). Lifetime: a value; the handles stay valid while the OpenCL runtime is loaded.
 */
public record ClDevice(cl_platform_id platform, cl_device_id device, int platformIndex, int deviceIndex,
        String platformName, String name, String vendor, String version, long globalMemoryBytes,
        long maxAllocationBytes, long baseAlignmentBytes, List<String> extensions) {

    /**
     * Queries a device.
     *
     * @param platform the platform
     * @param device the device
     * @param platformIndex the platform's index
     * @param deviceIndex the device's index on its platform
     * @return its facts
     */
    static ClDevice query(cl_platform_id platform, cl_device_id device, int platformIndex, int deviceIndex) {
        return new ClDevice(platform, device, platformIndex, deviceIndex, platformString(platform, CL.CL_PLATFORM_NAME),
                string(device, CL.CL_DEVICE_NAME), string(device, CL.CL_DEVICE_VENDOR),
                string(device, CL.CL_DEVICE_VERSION), longValue(device, CL.CL_DEVICE_GLOBAL_MEM_SIZE),
                longValue(device, CL.CL_DEVICE_MAX_MEM_ALLOC_SIZE), intValue(device, CL.CL_DEVICE_MEM_BASE_ADDR_ALIGN) / 8L,
                List.of(string(device, CL.CL_DEVICE_EXTENSIONS).trim().split("\\s+")));
    }

    /** @return true if the device computes in double precision ({@code cl_khr_fp64}): F64 and C128 */
    public boolean hasFp64() {
        return extensions.contains("cl_khr_fp64");
    }

    /** @return true if the device computes in half precision ({@code cl_khr_fp16}) */
    public boolean hasFp16() {
        return extensions.contains("cl_khr_fp16");
    }

    /** @return true if the device's OpenCL version is 2.0 or later (command queues with properties) */
    public boolean isOpenCl2() {
        String[] parts = version.split(" "); // "OpenCL 3.0 PoCL ..."
        return parts.length > 1 && !parts[1].startsWith("1.");
    }

    /** @return "platform/device: name (vendor, version)", for messages and diagnostics */
    public String describe() {
        return platformIndex + "/" + deviceIndex + ": " + name + " (" + platformName + ", " + version + ")";
    }

    private static String string(cl_device_id device, int param) {
        long[] size = new long[1];
        CL.clGetDeviceInfo(device, param, 0, null, size);
        byte[] bytes = new byte[(int) size[0]];
        CL.clGetDeviceInfo(device, param, bytes.length, Pointer.to(bytes), null);
        return text(bytes);
    }

    private static String platformString(cl_platform_id platform, int param) {
        long[] size = new long[1];
        CL.clGetPlatformInfo(platform, param, 0, null, size);
        byte[] bytes = new byte[(int) size[0]];
        CL.clGetPlatformInfo(platform, param, bytes.length, Pointer.to(bytes), null);
        return text(bytes);
    }

    private static String text(byte[] bytes) {
        int n = bytes.length;
        while (n > 0 && bytes[n - 1] == 0) {
            n--;
        }
        return new String(Arrays.copyOf(bytes, n), StandardCharsets.UTF_8).trim();
    }

    private static long longValue(cl_device_id device, int param) {
        long[] v = new long[1];
        CL.clGetDeviceInfo(device, param, Sizeof.cl_ulong, Pointer.to(v), null);
        return v[0];
    }

    private static int intValue(cl_device_id device, int param) {
        int[] v = new int[1];
        CL.clGetDeviceInfo(device, param, Sizeof.cl_uint, Pointer.to(v), null);
        return v[0];
    }

    @Override
    public String toString() {
        return "ClDevice[" + describe() + "]";
    }
}
