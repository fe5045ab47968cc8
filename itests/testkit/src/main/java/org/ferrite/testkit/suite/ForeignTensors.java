package org.ferrite.testkit.suite;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.DeviceStorage;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;

/**
 * Tensors on a placement that no provider under test reaches, for the mixed-placement misuse of the
 * suites: metadata only — their storage holds no memory, so a provider that tried to read one would
 * fail loudly instead of computing.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class ForeignTensors {
    private ForeignTensors() {
    }

    /** Storage that only claims a placement and a capacity. */
    private record Claimed(Placement placement, long elementCapacity) implements DeviceStorage {
    }

    /**
     * A tensor on {@code rocm:99}, or {@code rocm:98} for a provider that lives on {@code rocm:99}.
     *
     * @param dtype the element type
     * @param notHere the session's placement, which the tensor must not be on
     * @param shape the extents
     * @return the tensor
     */
    public static Tensor foreign(DType dtype, Placement notHere, long... shape) {
        Placement foreign = new Placement(DeviceKind.ROCM, 99);
        if (foreign.equals(notHere)) {
            foreign = new Placement(DeviceKind.ROCM, 98);
        }
        long size = 1;
        for (long e : shape) {
            size *= e;
        }
        return Tensor.wrapDevice(dtype, new Claimed(foreign, size), shape);
    }
}
