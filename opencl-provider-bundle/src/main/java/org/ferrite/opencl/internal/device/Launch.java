package org.ferrite.opencl.internal.device;

import java.util.ArrayList;
import java.util.List;
import org.ferrite.opencl.internal.cl.Cl;
import org.ferrite.opencl.internal.kernel.ProgramKey;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;

/**
 * One kernel launch being prepared: its arguments in order, then {@link #run(long)} queues it on the
 * session's lane over {@code n} work items. A layout plan ({@link #plan(long[])}) travels in a small
 * read-only buffer made for the launch and released right after it is queued (OpenCL keeps it until the
 * kernel ran). A failed OpenCL call is kept by the scope for its next synchronisation point.
 *
 * <pre>{@code
 * scope.launch("add", key, KernelNames.binary(ADD, F64, false)).mem(a).mem(b).mem(out).plan(plan).run(n);
 * }</pre>
 *
 * <p>Not thread-safe: confined to the session thread. Lifetime: one launch.
 */
public final class Launch {
    private final DeviceScope scope;
    private final String op;
    private final cl_kernel kernel;
    private final List<cl_mem> temporaries = new ArrayList<>(1);
    private int index;
    private int status = CL.CL_SUCCESS;
    private String failedCall;

    Launch(DeviceScope scope, String op, ProgramKey key, String name) {
        this.scope = scope;
        this.op = op;
        this.kernel = scope.lane().kernel(op, key, name);
    }

    private Launch arg(long size, Pointer value, String what) {
        int rc = CL.clSetKernelArg(kernel, index++, size, value);
        if (rc != CL.CL_SUCCESS && status == CL.CL_SUCCESS) {
            status = rc;
            failedCall = "clSetKernelArg(" + (index - 1) + ", " + what + ")";
        }
        return this;
    }

    /** @return this, with a buffer argument */
    public Launch mem(cl_mem memory) {
        return arg(Sizeof.cl_mem, Pointer.to(memory), "buffer");
    }

    /** @return this, with a {@code long} argument */
    public Launch lng(long value) {
        return arg(Sizeof.cl_long, Pointer.to(new long[] {value}), "long");
    }

    /** @return this, with an {@code int} argument */
    public Launch integer(int value) {
        return arg(Sizeof.cl_int, Pointer.to(new int[] {value}), "int");
    }

    /** @return this, with a {@code uint} argument (its bits) */
    public Launch bits(int value) {
        return integer(value);
    }

    /** @return this, with a {@code double2} (or, on a device without fp64, {@code float2}) argument */
    public Launch pair(double re, double im) {
        if (scope.context().hasFp64()) {
            return arg(2L * Sizeof.cl_double, Pointer.to(new double[] {re, im}), "double2");
        }
        return arg(2L * Sizeof.cl_float, Pointer.to(new float[] {(float) re, (float) im}), "float2");
    }

    /** @return this, with the session's error word as the argument */
    public Launch errorWord() {
        return mem(scope.lane().errorWord());
    }

    /** @return this, with a buffer holding {@code plan} as the argument */
    public Launch plan(long[] plan) {
        int[] rc = new int[1];
        cl_mem m = CL.clCreateBuffer(scope.lane().context(), CL.CL_MEM_READ_ONLY | CL.CL_MEM_COPY_HOST_PTR,
                (long) plan.length * Sizeof.cl_long, Pointer.to(plan), rc);
        if (rc[0] != CL.CL_SUCCESS) {
            if (status == CL.CL_SUCCESS) {
                status = rc[0];
                failedCall = "clCreateBuffer(plan)";
            }
            index++;
            return this;
        }
        temporaries.add(m);
        return mem(m);
    }

    /**
     * Queues the kernel over {@code n} work items (nothing for {@code n == 0}); with the backend's
     * synchronous setting, waits for it and reports a failure now.
     *
     * @param n the number of work items
     */
    public void run(long n) {
        if (status == CL.CL_SUCCESS && n > 0) {
            status = CL.clEnqueueNDRangeKernel(scope.lane().queue(), kernel, 1, null, new long[] {n}, null, 0, null, null);
            failedCall = "clEnqueueNDRangeKernel";
        }
        for (cl_mem m : temporaries) {
            CL.clReleaseMemObject(m);
        }
        if (status != CL.CL_SUCCESS) {
            scope.record(Cl.failure(op, failedCall + " in " + scope.name(), status));
        }
        scope.afterLaunch(op);
    }
}
