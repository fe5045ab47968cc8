package org.ferrite.opencl.internal.cl;

import org.ferrite.api.error.BackendFailureException;
import org.ferrite.api.error.MemoryExhaustedException;
import org.jocl.CL;
import org.jocl.CLException;

/**
 * OpenCL status codes turned into Ferrite's typed errors. JOCL returns a status from every call unless
 * someone switched its JVM-wide exceptions on ({@code CL.setExceptionsEnabled}, which this provider never
 * does); {@link #status(CLException)} reads the status out of such an exception, so both modes end here.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class Cl {
    private Cl() {
    }

    /**
     * @param op the Ferrite operation that made the call
     * @param call the OpenCL function
     * @param status its status
     * @throws MemoryExhaustedException for {@code CL_MEM_OBJECT_ALLOCATION_FAILURE} and
     *     {@code CL_OUT_OF_RESOURCES}/{@code CL_OUT_OF_HOST_MEMORY} on an allocation
     * @throws BackendFailureException for any other error
     */
    public static void check(String op, String call, int status) {
        if (status != CL.CL_SUCCESS) {
            throw failure(op, call, status);
        }
    }

    /**
     * @param op the Ferrite operation
     * @param call the OpenCL function
     * @param status a failed status
     * @return the typed error for it (not thrown)
     */
    public static BackendFailureException failure(String op, String call, int status) {
        return new BackendFailureException(op, "OpenCL " + call + " failed: " + name(status) + " (" + status + ")",
                null);
    }

    /**
     * @param op the Ferrite operation
     * @param bytes the bytes requested
     * @param limit the device's memory
     * @param status the failed status of the allocation
     * @return the typed error of a failed device allocation
     */
    public static MemoryExhaustedException outOfMemory(String op, long bytes, long limit, int status) {
        return new MemoryExhaustedException(op, bytes, limit, "the OpenCL device could not allocate " + bytes
                + " bytes (" + name(status) + "); reclaim tensors, close sessions or free persistent tensors first",
                null);
    }

    /** @return true for the statuses of a device allocation that did not fit */
    public static boolean isOutOfMemory(int status) {
        return status == CL.CL_MEM_OBJECT_ALLOCATION_FAILURE || status == CL.CL_OUT_OF_RESOURCES
                || status == CL.CL_OUT_OF_HOST_MEMORY || status == CL.CL_INVALID_BUFFER_SIZE;
    }

    /**
     * @param e an exception JOCL threw (its exceptions were switched on by someone else)
     * @return its status
     */
    public static int status(CLException e) {
        return e.getStatus();
    }

    /** @return the symbolic name of an OpenCL status */
    public static String name(int status) {
        try {
            return CL.stringFor_errorCode(status);
        } catch (RuntimeException | LinkageError e) {
            return "status " + status;
        }
    }
}
