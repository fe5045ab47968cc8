package org.ferrite.offheap;

import java.util.Objects;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.PreparedContraction;
import org.ferrite.api.spi.DotGeneralLayouts;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.offheap.device.DeviceContext;
import org.ferrite.offheap.device.DotKernel;

/**
 * The off-heap provider's {@link PreparedContraction}, as a device provider makes one: the layouts and
 * the kernel's plan ({@link DotKernel.Plan}: free axes, contracted extents) derived once; a run in a
 * session of the preparing backend checks the layouts, placement, live device memory, aliasing and
 * scalars on the caller's thread and queues the planned kernel on the stream. A session of another
 * backend runs it as its own {@code dotGeneralAccumulate}.
 *
 * <p>Thread-safe (immutable). Lifetime: as long as it is referenced; it holds no device memory.
 */
final class OffHeapPreparedContraction implements PreparedContraction {
    /** The device of the backend that prepared it. */
    private final DeviceContext device;
    private final DotGeneralLayouts layouts;
    private final DotKernel.Plan kernel;

    OffHeapPreparedContraction(DeviceContext device, DotGeneralLayouts layouts, DotKernel.Plan kernel) {
        this.device = device;
        this.layouts = layouts;
        this.kernel = kernel;
    }

    @Override
    public DotGeneralConfig config() {
        return layouts.config();
    }

    @Override
    public DType dtype() {
        return layouts.dtype();
    }

    @Override
    public long[] outputShape() {
        return layouts.outputShape();
    }

    @Override
    public boolean accepts(TensorRead lhs, TensorRead rhs, TensorRead out) {
        return layouts.matches(lhs, rhs, out);
    }

    @Override
    public void runAccumulate(BackendSession s, TensorRead lhs, TensorRead rhs, Accumulation accumulation,
            TensorWrite out) {
        Objects.requireNonNull(accumulation, "accumulation");
        if (s instanceof OffHeapSession && ((OffHeapSession) s).belongsTo(device)) {
            ((OffHeapSession) s).runPrepared(layouts, kernel, lhs, rhs, accumulation, out);
            return;
        }
        Objects.requireNonNull(s, "session");
        layouts.requireMatch(lhs, rhs, out);
        s.dotGeneralAccumulate(lhs, rhs, layouts.config(), accumulation, out);
    }

    @Override
    public String toString() {
        return "OffHeapPreparedContraction[" + layouts + "]";
    }
}
