package org.ferrite.api.testkit.conformance;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.DeviceStorage;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;

/**
 * Metadata-only storage on a placement no provider under test reaches ({@code rocm:99}, or
 * {@code rocm:98} for a provider that lives there): the operand of the mixed-placement misuse tests. It
 * holds no memory, so a provider that tried to read it would fail loudly.
 *
 * <p>Thread-safe (immutable). Lifetime: as long as it is referenced.
 */
final class ForeignDevice implements DeviceStorage {
    private final Placement placement;
    private final long capacity;

    private ForeignDevice(Placement placement, long capacity) {
        this.placement = placement;
        this.capacity = capacity;
    }

    /**
     * @param dtype the element type
     * @param notHere the session's placement, which the tensor must not be on
     * @param shape the extents
     * @return a tensor on a foreign device
     */
    static Tensor tensor(DType dtype, Placement notHere, long... shape) {
        Placement foreign = new Placement(DeviceKind.ROCM, 99);
        if (foreign.equals(notHere)) {
            foreign = new Placement(DeviceKind.ROCM, 98);
        }
        long size = 1;
        for (long e : shape) {
            size *= e;
        }
        return Tensor.wrapDevice(dtype, new ForeignDevice(foreign, size), shape);
    }

    @Override
    public Placement placement() {
        return placement;
    }

    @Override
    public long elementCapacity() {
        return capacity;
    }
}
