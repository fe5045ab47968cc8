package org.ferrite.api.spi;

import java.util.Objects;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.PreparedContraction;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The portable {@link PreparedContraction}, what {@code ContractionOps.prepareDotGeneral} returns on a
 * provider without a prepared form of its own: it records the layouts ({@link DotGeneralLayouts}) and
 * runs as the session's {@code dotGeneralAccumulate} after the layout check, so every provider offers
 * prepared contractions with the same checks and results. A provider with plans of its own returns its
 * own implementation instead.
 *
 * <p>Thread-safe (immutable). Lifetime: as long as it is referenced; it keeps no tensor and no session.
 */
public final class PortablePreparedContraction implements PreparedContraction {
    private final DotGeneralLayouts layouts;

    /**
     * @param layouts the call shape, validated by {@link DotGeneralLayouts#of}
     */
    public PortablePreparedContraction(DotGeneralLayouts layouts) {
        this.layouts = Objects.requireNonNull(layouts, "layouts");
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

    /** The layout check, then {@code s.dotGeneralAccumulate} (which checks placement, aliasing and scalars). */
    @Override
    public void runAccumulate(BackendSession s, TensorRead lhs, TensorRead rhs, Accumulation accumulation,
            TensorWrite out) {
        Objects.requireNonNull(s, "session");
        Objects.requireNonNull(accumulation, "accumulation");
        layouts.requireMatch(lhs, rhs, out);
        s.dotGeneralAccumulate(lhs, rhs, layouts.config(), accumulation, out);
    }

    @Override
    public String toString() {
        return "PortablePreparedContraction[" + layouts + "]";
    }
}
