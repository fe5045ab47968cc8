package org.ferrite.offheap.device;

import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DeviceStorage;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;

/**
 * The off-heap provider's {@link DeviceStorage}: a {@link Block} of a {@link Chunk}, owned by the
 * {@link DeviceScope} (session) that allocated it. Opaque to users: its bytes are reached only through
 * the provider's transfers. It reports its chunk as {@link #allocation()} and its block's offset as
 * {@link #byteOffset()}, so handles carved from one chunk are compared by byte range.
 *
 * <p>Thread-safe (immutable but for the {@code freed} flag, which is volatile). Lifetime: valid until its
 * owner frees it — {@code reclaim}, the end of its session, or the backend's close; afterwards every
 * operation that is given a tensor over it fails with {@link RuntimeStateException}.
 */
public final class OffHeapStorage implements DeviceStorage {
    private final Placement placement;
    private final Block block;
    private final long elementCapacity;
    private final DeviceScope owner;
    /** True once the memory went back to the arena (or is queued to). Written once, by the owner's thread. */
    private volatile boolean freed;

    OffHeapStorage(Placement placement, Block block, long elementCapacity, DeviceScope owner) {
        this.placement = placement;
        this.block = block;
        this.elementCapacity = elementCapacity;
        this.owner = owner;
    }

    @Override
    public Placement placement() {
        return placement;
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

    boolean isFreed() {
        return freed;
    }

    void markFreed() {
        freed = true;
    }

    /**
     * The per-call check of a device operand, after its placement was checked: its storage is this
     * provider's, of this backend's memory, and not freed.
     *
     * @param op the operation
     * @param argument the operand's name
     * @param t an operand on the provider's placement
     * @param context the device context of the session's backend
     * @return the storage
     * @throws RuntimeStateException for freed memory (checked first: the memory of a closed backend is freed)
     * @throws ValidationException (INVALID_ARGUMENT) for storage of another live backend
     */
    static boolean belongsTo(TensorRead t, DeviceContext context) {
        Object s = t.storage();
        return s instanceof OffHeapStorage && ((OffHeapStorage) s).owner.context() == context;
    }

    static OffHeapStorage live(String op, String argument, TensorRead t, DeviceContext context) {
        Object s = t.storage();
        if (s instanceof OffHeapStorage && ((OffHeapStorage) s).freed) {
            throw new RuntimeStateException(op, "argument '" + argument + "' is a device tensor whose memory was"
                    + " freed (reclaimed, or its session or backend ended); keep results by moving them to the host"
                    + " with toHost before the session ends");
        }
        if (!(s instanceof OffHeapStorage) || ((OffHeapStorage) s).owner.context() != context) {
            throw ValidationException.invalidArgument(op, argument, "a tensor of this off-heap backend",
                    "a tensor of another backend on " + t.placement(),
                    "move it to the host with toHost(t) in a session of its own backend, then transfer it here");
        }
        OffHeapStorage storage = (OffHeapStorage) s;
        return storage;
    }

    @Override
    public String toString() {
        return "OffHeapStorage[" + placement + ", " + elementCapacity + " elements at byte " + block.offset() + " of "
                + block.chunk() + (freed ? ", freed" : "") + "]";
    }
}
