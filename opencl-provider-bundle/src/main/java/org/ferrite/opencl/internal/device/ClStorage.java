package org.ferrite.opencl.internal.device;

import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.spi.session.PersistentAllocation;
import org.ferrite.api.tensor.DeviceStorage;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;

/**
 * The OpenCL provider's {@link DeviceStorage}: a {@link Block} of one backend's device memory
 * ({@link DeviceContext}), owned either by the {@link DeviceScope} (session) that allocated it or — a
 * <em>persistent</em> tensor — by the backend, through its {@link PersistentAllocation}. It reports its
 * buffer as {@link #allocation()} and its block's start as {@link #byteOffset()}; kernels address it by
 * the element offset {@link #elementOffset()} into that buffer.
 *
 * <p>Thread-safe (immutable but for the {@code freed} flag, which is volatile, and the persistent state,
 * which is atomic). Lifetime: a session's storage until {@code reclaim} or the end of its session, a
 * persistent one until {@code free} or the backend's close; afterwards every operation given a tensor
 * over it fails with {@link RuntimeStateException}.
 */
public final class ClStorage implements DeviceStorage {
    private final DeviceContext context;
    private final Block block;
    private final long elementCapacity;
    private final int elementBytes;
    private final DeviceScope owner;
    private final PersistentAllocation<Block> lease;
    /** True once a session's memory was given back (or queued to be). */
    private volatile boolean freed;

    ClStorage(DeviceContext context, Block block, long elementCapacity, int elementBytes, DeviceScope owner,
            PersistentAllocation<Block> lease) {
        this.context = context;
        this.block = block;
        this.elementCapacity = elementCapacity;
        this.elementBytes = elementBytes;
        this.owner = owner;
        this.lease = lease;
    }

    @Override
    public Placement placement() {
        return context.placement();
    }

    @Override
    public long elementCapacity() {
        return elementCapacity;
    }

    @Override
    public Object allocation() {
        return block.chunk();
    }

    @Override
    public long byteOffset() {
        return block.offset();
    }

    /** @return the index of this storage's element 0 in its buffer, in elements */
    public long elementOffset() {
        return block.offset() / elementBytes;
    }

    /** @return the buffer */
    public org.jocl.cl_mem memory() {
        return block.chunk().memory();
    }

    Block block() {
        return block;
    }

    DeviceScope owner() {
        return owner;
    }

    /** @return the device this storage belongs to */
    public DeviceContext context() {
        return context;
    }

    PersistentAllocation<Block> lease() {
        return lease;
    }

    /** @return true for a backend-owned (persistent) storage */
    public boolean isPersistent() {
        return lease != null;
    }

    void markFreed() {
        freed = true;
    }

    /**
     * The per-call check of a device operand, after its placement was checked: its storage is this
     * provider's, of {@code context} (or of any OpenCL backend when {@code context} is null), and not freed.
     *
     * @param op the operation
     * @param argument the operand's name
     * @param t the operand
     * @param context the session's device, or {@code null} to accept any OpenCL backend's (a transfer)
     * @return the storage
     * @throws RuntimeStateException for freed memory (checked first: a closed backend's memory is freed)
     * @throws ValidationException (INVALID_ARGUMENT) for another provider's or another backend's storage
     */
    public static ClStorage live(String op, String argument, TensorRead t, DeviceContext context) {
        Object s = t.storage();
        if (s instanceof ClStorage) {
            ((ClStorage) s).requireLive(op, argument);
        }
        if (!(s instanceof ClStorage) || context != null && ((ClStorage) s).context != context) {
            boolean ours = s instanceof ClStorage;
            throw ValidationException.invalidArgument(op, argument, context == null ? "a tensor of an OpenCL backend"
                    : "a tensor of this OpenCL backend (" + context.placement() + ")", "a tensor of " + (ours
                    ? "another OpenCL backend" : "another provider") + " on " + t.placement(), ours
                    ? "copy it here with transferInto (device to device) first"
                    : "move it to the host with toHost(t) in a session of its own backend, then transfer it here");
        }
        return (ClStorage) s;
    }

    private void requireLive(String op, String argument) {
        if (lease != null) {
            lease.requireLive(op, argument);
        } else if (freed) {
            throw new RuntimeStateException(op, "argument '" + argument + "' is a device tensor whose memory was"
                    + " freed (reclaimed, or its session or backend ended); keep results by moving them to the host"
                    + " with toHost before the session ends, or allocate them persistent (allocatePersistent)");
        }
    }

    @Override
    public String toString() {
        return "ClStorage[" + placement() + ", " + elementCapacity + " elements at byte " + block.offset() + " of "
                + block.chunk() + (isPersistent() ? ", persistent" : "") + (freed ? ", freed" : "") + "]";
    }
}
