package org.ferrite.offheap.device;

import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.spi.session.PersistentAllocation;
import org.ferrite.api.tensor.DeviceStorage;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;

/**
 * The off-heap provider's {@link DeviceStorage}: a {@link Block} of a {@link Chunk} of one device
 * ({@link DeviceContext}), owned either by the {@link DeviceScope} (session) that allocated it or — a
 * <em>persistent</em> tensor — by the backend, through its {@link PersistentAllocation}. Opaque to users:
 * its bytes are reached only through the provider's transfers. It reports its chunk as
 * {@link #allocation()} and its block's offset as {@link #byteOffset()}, so handles carved from one chunk
 * are compared by byte range.
 *
 * <p>Thread-safe (immutable but for the {@code freed} flag, which is volatile, and the persistent state,
 * which is atomic). Lifetime: a session's storage is valid until {@code reclaim} or the end of its session;
 * a persistent one until {@code free} or the backend's close; afterwards every operation that is given a
 * tensor over it fails with {@link RuntimeStateException}.
 */
public final class OffHeapStorage implements DeviceStorage {
    private final DeviceContext context;
    private final Block block;
    private final long elementCapacity;
    /** The session that owns it, or {@code null} for a persistent storage. */
    private final DeviceScope owner;
    /** The backend-owned state of a persistent storage, or {@code null}. */
    private final PersistentAllocation<Block> lease;
    /** True once a session's memory went back to the arena (or is queued to). Written once, by the owner's thread. */
    private volatile boolean freed;

    OffHeapStorage(DeviceContext context, Block block, long elementCapacity, DeviceScope owner) {
        this(context, block, elementCapacity, owner, null);
    }

    private OffHeapStorage(DeviceContext context, Block block, long elementCapacity, DeviceScope owner,
            PersistentAllocation<Block> lease) {
        this.context = context;
        this.block = block;
        this.elementCapacity = elementCapacity;
        this.owner = owner;
        this.lease = lease;
    }

    /** @return a persistent storage over {@code lease}'s block, owned by the backend */
    static OffHeapStorage persistent(DeviceContext context, long elementCapacity, PersistentAllocation<Block> lease) {
        return new OffHeapStorage(context, lease.allocation(), elementCapacity, null, lease);
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

    Block block() {
        return block;
    }

    DeviceScope owner() {
        return owner;
    }

    DeviceContext context() {
        return context;
    }

    /** @return the backend-owned state, or {@code null} for a session's storage */
    PersistentAllocation<Block> lease() {
        return lease;
    }

    boolean isPersistent() {
        return lease != null;
    }

    boolean isFreed() {
        return lease != null ? !lease.isLive() : freed;
    }

    void markFreed() {
        freed = true;
    }

    /**
     * @param t any tensor
     * @param context a device
     * @return true if {@code t}'s storage is off-heap memory of {@code context} (live or freed)
     */
    static boolean belongsTo(TensorRead t, DeviceContext context) {
        Object s = t.storage();
        return s instanceof OffHeapStorage && ((OffHeapStorage) s).context == context;
    }

    /**
     * The per-call check of a device operand, after its placement was checked: its storage is this
     * provider's, of this backend's memory, and not freed.
     *
     * @param op the operation
     * @param argument the operand's name
     * @param t an operand on the provider's placement
     * @param context the device context of the session's backend, or {@code null} for any off-heap device
     *     (a device-to-device transfer)
     * @return the storage
     * @throws RuntimeStateException for freed memory (checked first: the memory of a closed backend is freed)
     * @throws ValidationException (INVALID_ARGUMENT) for storage of another provider, or of another backend
     *     where only this one's is allowed
     */
    static OffHeapStorage live(String op, String argument, TensorRead t, DeviceContext context) {
        Object s = t.storage();
        if (s instanceof OffHeapStorage) {
            ((OffHeapStorage) s).requireLive(op, argument);
        }
        if (!(s instanceof OffHeapStorage) || context != null && ((OffHeapStorage) s).context != context) {
            throw ValidationException.invalidArgument(op, argument, context == null ? "a tensor of an off-heap backend"
                    : "a tensor of this off-heap backend", "a tensor of " + (s instanceof OffHeapStorage
                    ? "another off-heap backend" : "another provider") + " on " + t.placement(),
                    s instanceof OffHeapStorage ? "copy it here with transferInto (device to device) first"
                            : "move it to the host with toHost(t) in a session of its own backend, then transfer it"
                                    + " here");
        }
        return (OffHeapStorage) s;
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
        return "OffHeapStorage[" + placement() + ", " + elementCapacity + " elements at byte " + block.offset() + " of "
                + block.chunk() + (isPersistent() ? ", persistent" : "") + (isFreed() ? ", freed" : "") + "]";
    }
}
