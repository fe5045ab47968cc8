package org.ferrite.opencl.internal.cl;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.ferrite.api.error.BackendFailureException;
import org.ferrite.api.error.ValidationException;
import org.jocl.CL;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

/**
 * The OpenCL devices of this machine, found through the ICD loader ({@code libOpenCL.so.1}), and the one
 * a backend is configured for. Discovery never throws for a machine without OpenCL: {@link #scan()} says
 * why nothing was found ({@link Scan#reason()}), which the provider reports as its
 * {@code unavailableReason()}.
 *
 * <p>Thread-safe (stateless; the scan is cached once per class loader). Lifetime: static helpers only.
 */
public final class ClPlatforms {
    /** What to install where no platform is found. */
    public static final String INSTALL_HINT = "install an OpenCL driver (ICD), for example pocl-opencl-icd and"
            + " ocl-icd-libopencl1 on Debian, or your GPU vendor's driver";

    private static volatile Scan cached;

    private ClPlatforms() {
    }

    /**
     * What a scan found: every device of every platform, or why there is none.
     *
     * @param devices the devices, by platform then device index
     * @param reason empty if devices were found, else why not
     *
     * <p>Thread-safe (immutable). Lifetime: a value.
     */
    public record Scan(List<ClDevice> devices, String reason) {
        /** @return true if at least one device was found */
        public boolean available() {
            return !devices.isEmpty();
        }
    }

    /** @return the devices of this machine (scanned once; the OpenCL runtime does not change while loaded) */
    public static Scan scan() {
        Scan s = cached;
        if (s == null) {
            s = doScan();
            cached = s;
        }
        return s;
    }

    private static Scan doScan() {
        try {
            int[] count = new int[1];
            int status = CL.clGetPlatformIDs(0, null, count);
            if (status != CL.CL_SUCCESS || count[0] == 0) {
                return new Scan(List.of(), "no OpenCL platform (" + Cl.name(status) + "): " + INSTALL_HINT);
            }
            cl_platform_id[] platforms = new cl_platform_id[count[0]];
            CL.clGetPlatformIDs(platforms.length, platforms, null);
            List<ClDevice> devices = new ArrayList<>();
            for (int p = 0; p < platforms.length; p++) {
                int[] n = new int[1];
                if (CL.clGetDeviceIDs(platforms[p], CL.CL_DEVICE_TYPE_ALL, 0, null, n) != CL.CL_SUCCESS) {
                    continue;
                }
                cl_device_id[] ids = new cl_device_id[n[0]];
                CL.clGetDeviceIDs(platforms[p], CL.CL_DEVICE_TYPE_ALL, ids.length, ids, null);
                for (int d = 0; d < ids.length; d++) {
                    devices.add(ClDevice.query(platforms[p], ids[d], p, d));
                }
            }
            return devices.isEmpty() ? new Scan(List.of(), "OpenCL platforms without devices: " + INSTALL_HINT)
                    : new Scan(Collections.unmodifiableList(devices), "");
        } catch (LinkageError | RuntimeException e) { // JOCL's native library or libOpenCL.so.1 did not load
            return new Scan(List.of(), "the OpenCL runtime could not be loaded (" + e + "): " + INSTALL_HINT);
        }
    }

    /**
     * The device a backend uses: the {@code ordinal}-th device over every platform (in platform order), or
     * the {@code device}-th device of platform {@code platform}.
     *
     * @param platform a platform index, or -1 to count devices over every platform
     * @param ordinal the device's index (on {@code platform}, or over all)
     * @return the device
     * @throws BackendFailureException if no OpenCL platform is present (with the install hint)
     * @throws ValidationException (INVALID_ARGUMENT) naming the setting that names no device, with the list
     */
    public static ClDevice select(int platform, int ordinal) {
        Scan s = scan();
        if (!s.available()) {
            throw new BackendFailureException("create", s.reason(), null);
        }
        List<ClDevice> candidates = new ArrayList<>();
        for (ClDevice d : s.devices()) {
            if (platform < 0 || d.platformIndex() == platform) {
                candidates.add(d);
            }
        }
        if (ordinal < 0 || ordinal >= candidates.size()) {
            throw ValidationException.invalidArgument("create", platform < 0 ? "device" : "platform/device",
                    "one of the devices " + list(s.devices()), (platform < 0 ? "" : platform + "/") + ordinal,
                    "choose a device of the list (no device is chosen silently)");
        }
        return candidates.get(ordinal);
    }

    /** @return the devices, one per line, "platform/device: name (platform, version)" */
    public static String list(List<ClDevice> devices) {
        StringBuilder b = new StringBuilder();
        for (ClDevice d : devices) {
            b.append(b.length() == 0 ? "" : "; ").append(d.describe());
        }
        return "[" + b + "]";
    }
}
