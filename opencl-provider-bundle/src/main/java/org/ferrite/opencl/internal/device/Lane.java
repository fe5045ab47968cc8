package org.ferrite.opencl.internal.device;

import java.util.HashMap;
import java.util.Map;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.opencl.internal.cl.Cl;
import org.ferrite.opencl.internal.kernel.ProgramKey;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_queue_properties;

/**
 * One in-order OpenCL command queue — a session's <em>stream</em> — with what a session needs beside it:
 * its own kernel objects (a {@code cl_kernel} holds its arguments, so kernels are never shared between
 * threads), and its <em>error word</em>, a small device buffer in which check kernels record a failure of
 * a launch (an integer divisor 0, a negative integer exponent) for the next synchronisation point.
 * Lanes are pooled by their backend: a session takes one when it begins and gives it back, drained, when it
 * ends, so queues and kernels are made once.
 *
 * <p>Error word: {@code err[0]} the code of the first failing launch since the last reset, {@code err[1]}
 * the code of the last (which that launch's own kernel reads, to write nothing). Codes are handed out per
 * lane ({@link #checkedLaunch}); the lane remembers which operation each code stands for.
 *
 * <p>Not thread-safe: confined to the session that holds it (one thread at a time). Lifetime: from its
 * creation to the backend's release.
 */
final class Lane {
    private final cl_context context;
    private final cl_command_queue queue;
    private final Programs programs;
    private final Map<String, cl_kernel> kernels = new HashMap<>();
    private final cl_mem errorWord;
    /** The operation and failure kind of each check code handed out since the last reset. */
    private final Map<Integer, String[]> checks = new HashMap<>();
    private int nextCode = 1;

    Lane(cl_context context, cl_device_id device, boolean openCl2, Programs programs) {
        this.context = context;
        this.programs = programs;
        int[] status = new int[1];
        this.queue = openCl2 ? CL.clCreateCommandQueueWithProperties(context, device, new cl_queue_properties(), status)
                : legacyQueue(context, device, status);
        Cl.check("openSession", "clCreateCommandQueue", status[0]);
        this.errorWord = CL.clCreateBuffer(context, CL.CL_MEM_READ_WRITE | CL.CL_MEM_COPY_HOST_PTR, 4L * Sizeof.cl_int,
                Pointer.to(new int[4]), status);
        Cl.check("openSession", "clCreateBuffer", status[0]);
    }

    @SuppressWarnings("deprecation") // the one queue constructor of OpenCL 1.x devices
    private static cl_command_queue legacyQueue(cl_context context, cl_device_id device, int[] status) {
        return CL.clCreateCommandQueue(context, device, 0, status);
    }

    cl_command_queue queue() {
        return queue;
    }

    cl_context context() {
        return context;
    }

    cl_mem errorWord() {
        return errorWord;
    }

    /** @return this lane's instance of kernel {@code name} of program {@code key} */
    cl_kernel kernel(String op, ProgramKey key, String name) {
        cl_kernel k = kernels.get(name);
        if (k == null) {
            int[] status = new int[1];
            k = CL.clCreateKernel(programs.get(key), name, status);
            Cl.check(op, "clCreateKernel(" + name + ")", status[0]);
            kernels.put(name, k);
        }
        return k;
    }

    /**
     * @param op the operation whose launch is checked
     * @param negativeExponent true for the exponent check, false for the divisor check
     * @return the code the check kernel records on failure
     */
    int checkedLaunch(String op, boolean negativeExponent) {
        int code = nextCode++;
        if (nextCode == Integer.MAX_VALUE) {
            nextCode = 1;
        }
        checks.put(code, new String[] {op, negativeExponent ? "negative" : "zero"});
        return code;
    }

    /**
     * Reads the error word after the queue drained, and resets it.
     *
     * @param session the session's name, for the message
     * @return the failure it records, or {@code null}
     */
    TensorException takeFailure(String session) {
        if (checks.isEmpty()) {
            return null;
        }
        int[] word = new int[4];
        int rc = CL.clEnqueueReadBuffer(queue, errorWord, CL.CL_TRUE, 0, 2L * Sizeof.cl_int, Pointer.to(word), 0, null,
                null);
        Cl.check("synchronize", "clEnqueueReadBuffer", rc);
        TensorException f = word[0] == 0 ? null : failure(word[0], session);
        if (word[0] != 0) {
            rc = CL.clEnqueueWriteBuffer(queue, errorWord, CL.CL_TRUE, 0, 4L * Sizeof.cl_int, Pointer.to(new int[4]), 0,
                    null, null);
            Cl.check("synchronize", "clEnqueueWriteBuffer", rc);
        }
        checks.clear();
        return f;
    }

    /** @return the failure that check code {@code code} stands for */
    TensorException failure(int code, String session) {
        return failure(checks, code, session);
    }

    /** @return the failure that check code {@code code} of {@code checks} stands for */
    static TensorException failure(Map<Integer, String[]> checks, int code, String session) {
        String[] check = checks.getOrDefault(code, new String[] {"an operation", "zero"});
        String where = " (queued by " + session + "; nothing was written)";
        if (check[1].equals("negative")) {
            return ValidationException.invalidArgument(check[0], "rhs", "integer exponents >= 0", "a negative exponent"
                    + where, "convert to a floating dtype for negative powers");
        }
        return new NumericalFailureException(check[0], "integer division by zero: argument 'rhs' holds a 0" + where);
    }

    /** @return a copy of the check codes handed out since the last reset (for an event's later verdict) */
    Map<Integer, String[]> checksSnapshot() {
        return new HashMap<>(checks);
    }

    /** Releases the queue, the kernels and the error word (the queue must be drained). */
    void release() {
        for (cl_kernel k : kernels.values()) {
            CL.clReleaseKernel(k);
        }
        kernels.clear();
        CL.clReleaseMemObject(errorWord);
        CL.clReleaseCommandQueue(queue);
    }
}
