package org.ferrite.opencl.internal.device;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.ferrite.api.error.BackendFailureException;
import org.ferrite.opencl.internal.cl.Cl;
import org.ferrite.opencl.internal.kernel.KernelSource;
import org.ferrite.opencl.internal.kernel.ProgramKey;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_program;

/**
 * A backend's compiled programs: each {@link ProgramKey}'s source generated and built once, the first
 * time one of its kernels is needed (or at warm-up), and kept until the backend's release. A build error
 * is a {@link BackendFailureException} carrying the driver's build log.
 *
 * <p>Thread-safe (a concurrent map; a program is built at most once, by the first thread that needs it,
 * while later ones wait for it). Lifetime: the backend's.
 */
final class Programs {
    private final cl_context context;
    private final cl_device_id device;
    private final KernelSource source;
    private final Map<ProgramKey, cl_program> built = new ConcurrentHashMap<>();

    Programs(cl_context context, cl_device_id device, KernelSource source) {
        this.context = context;
        this.device = device;
        this.source = source;
    }

    /** @return the built program of {@code key} */
    cl_program get(ProgramKey key) {
        cl_program p = built.get(key);
        return p != null ? p : built.computeIfAbsent(key, this::build);
    }

    private cl_program build(ProgramKey key) {
        String text;
        try {
            text = source.source(key);
        } catch (IllegalStateException e) {
            throw new BackendFailureException("compile", e.getMessage(), e);
        }
        int[] status = new int[1];
        cl_program program = CL.clCreateProgramWithSource(context, 1, new String[] {text}, null, status);
        Cl.check("compile", "clCreateProgramWithSource", status[0]);
        int rc = CL.clBuildProgram(program, 1, new cl_device_id[] {device}, "", null, null);
        if (rc != CL.CL_SUCCESS) {
            String log = buildLog(program);
            CL.clReleaseProgram(program);
            throw new BackendFailureException("compile", "the OpenCL program " + key + " did not build ("
                    + Cl.name(rc) + "):\n" + log, null);
        }
        return program;
    }

    private String buildLog(cl_program program) {
        long[] size = new long[1];
        CL.clGetProgramBuildInfo(program, device, CL.CL_PROGRAM_BUILD_LOG, 0, null, size);
        byte[] bytes = new byte[(int) Math.min(size[0], 1 << 16)];
        CL.clGetProgramBuildInfo(program, device, CL.CL_PROGRAM_BUILD_LOG, bytes.length, Pointer.to(bytes), null);
        return new String(bytes, StandardCharsets.UTF_8).trim();
    }

    /** @return how many programs are built (a snapshot) */
    int builtCount() {
        return built.size();
    }

    /** Builds every program of the device's dtypes now (the backend's warm-up option). */
    void buildAll() {
        for (ProgramKey key : source.programs()) {
            get(key);
        }
    }

    /** Releases every program. */
    void release() {
        for (cl_program p : built.values()) {
            CL.clReleaseProgram(p);
        }
        built.clear();
    }
}
