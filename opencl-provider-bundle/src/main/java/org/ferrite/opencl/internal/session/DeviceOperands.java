package org.ferrite.opencl.internal.session;

import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.opencl.internal.device.ClStorage;
import org.ferrite.opencl.internal.device.DeviceContext;
import org.ferrite.opencl.internal.device.DeviceScope;

/**
 * The per-call check of a session's device operands, and their kernel views: on the backend's placement
 * (else the shared placement error, with the transfer advice), over this backend's memory, not freed, of a
 * dtype the device computes. A persistent operand is kept reachable by the scope while its work is queued.
 *
 * <p>Not thread-safe: confined to the session thread. Lifetime: one session view.
 */
final class DeviceOperands {
    private final DeviceContext context;
    private final DeviceScope scope;

    DeviceOperands(DeviceContext context, DeviceScope scope) {
        this.context = context;
        this.scope = scope;
    }

    /**
     * @return the kernel view of device operand {@code t}
     * @throws org.ferrite.api.error.ValidationException if it lives elsewhere or in another backend's memory
     * @throws org.ferrite.api.error.RuntimeStateException if its memory was freed
     */
    Operand of(String op, String argument, TensorRead t) {
        OperandChecks.requirePlacement(op, argument, t, context.placement());
        ClStorage s = ClStorage.live(op, argument, t, context);
        scope.using(s);
        return Operand.of(t);
    }

    /** @return the storage of a tensor on this backend's placement, checked live and of this backend */
    ClStorage live(String op, String argument, TensorRead t) {
        OperandChecks.requirePlacement(op, argument, t, context.placement());
        return ClStorage.live(op, argument, t, context);
    }

    /** @return true if {@code t}'s storage is this backend's device memory (live or freed) */
    boolean isOwn(TensorRead t) {
        return t.storage() instanceof ClStorage && ((ClStorage) t.storage()).context() == context;
    }

    /** Checks a transfer operand: nothing on the host; live memory of any OpenCL backend on a device. */
    void requireLiveIfDevice(String op, String argument, TensorRead t) {
        if (!t.placement().isHost()) {
            ClStorage s = ClStorage.live(op, argument, t, null);
            if (s.context() == context) {
                scope.using(s);
            }
        }
    }

    /**
     * @throws UnsupportedOpException if the device does not compute {@code d}: F64 and C128 without
     *     {@code cl_khr_fp64}; the narrow dtypes F16, BF16, I8 and U8, which this provider does not offer yet
     */
    void requireComputed(String op, DType d) {
        if (!context.dtypes().contains(d)) {
            String why = d == DType.F64 || d == DType.C128 ? "has no double precision (cl_khr_fp64)"
                    : "does not run " + d + " with this provider (not offered yet: docs/opencl.md)";
            throw new UnsupportedOpException(op, d.name(), "the OpenCL device " + context.device().name() + " ("
                    + context.placement() + ") " + why + "; its dtypes are " + context.dtypes());
        }
    }
}
