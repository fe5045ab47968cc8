package org.ferrite.offheap.device;

import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.TensorRead;

/**
 * The per-call check of a session's device operands, and their kernel views: on the device's placement
 * (else the shared placement error, with the transfer advice), over this backend's memory, not freed.
 *
 * <p>Thread-safe (immutable). Lifetime: one session view.
 */
public final class DeviceOperands {
    private final DeviceContext context;

    /**
     * @param context the device of the session's backend
     */
    public DeviceOperands(DeviceContext context) {
        this.context = context;
    }

    /**
     * @param op the operation
     * @param argument the operand's name
     * @param t the operand
     * @return its kernel view, metadata captured now
     * @throws org.ferrite.api.error.ValidationException if it lives elsewhere, or in another backend's memory
     * @throws org.ferrite.api.error.RuntimeStateException if its memory was freed
     */
    public Operand of(String op, String argument, TensorRead t) {
        OperandChecks.requirePlacement(op, argument, t, context.placement());
        OffHeapStorage.live(op, argument, t, context);
        return Operand.of(t);
    }

    /**
     * @param op the operation
     * @param argument the operand's name
     * @param t a tensor on the device's placement
     * @return its storage, checked live and of this backend
     */
    public OffHeapStorage live(String op, String argument, TensorRead t) {
        OperandChecks.requirePlacement(op, argument, t, context.placement());
        return OffHeapStorage.live(op, argument, t, context);
    }

    /**
     * @param t any tensor
     * @return true if its storage is this backend's device memory (live or freed)
     */
    public boolean isOwn(TensorRead t) {
        return OffHeapStorage.belongsTo(t, context);
    }

    /**
     * Checks a transfer operand: nothing to check on the host; on a device, live memory of any off-heap
     * backend — this one's or a peer device's (a device-to-device copy).
     *
     * @param op the operation
     * @param argument the operand's name
     * @param t the operand, whose placement was checked
     */
    public void requireLiveIfDevice(String op, String argument, TensorRead t) {
        if (!t.placement().isHost()) {
            OffHeapStorage.live(op, argument, t, null);
        }
    }
}
