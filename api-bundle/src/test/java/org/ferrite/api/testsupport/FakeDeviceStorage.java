package org.ferrite.api.testsupport;

import org.ferrite.api.tensor.DeviceStorage;
import org.ferrite.api.tensor.Placement;

/**
 * A metadata-only device storage for tests: a placement, a capacity, and optionally a window of a
 * shared allocation. It holds no memory, so a provider that tried to read it would fail loudly; with
 * it, tests describe device tensors of any size (more than 2<sup>31</sup>−1 elements included).
 *
 * <p>Thread-safe (immutable). Lifetime: as long as it is referenced.
 */
public final class FakeDeviceStorage implements DeviceStorage {
    private final Placement placement;
    private final long capacity;
    private final Object allocation;
    private final long byteOffset;

    /**
     * @param placement where it claims to live
     * @param capacity its element capacity
     */
    public FakeDeviceStorage(Placement placement, long capacity) {
        this(placement, capacity, null, 0);
    }

    /**
     * @param placement where it claims to live
     * @param capacity its element capacity
     * @param allocation the allocation it is a window of, or {@code null} for its own
     * @param byteOffset where it starts inside that allocation
     */
    public FakeDeviceStorage(Placement placement, long capacity, Object allocation, long byteOffset) {
        this.placement = placement;
        this.capacity = capacity;
        this.allocation = allocation;
        this.byteOffset = byteOffset;
    }

    @Override
    public Placement placement() {
        return placement;
    }

    @Override
    public long elementCapacity() {
        return capacity;
    }

    @Override
    public Object allocation() {
        return allocation == null ? this : allocation;
    }

    @Override
    public long byteOffset() {
        return byteOffset;
    }
}
