package org.ferrite.cpu.internal.contract;

import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.GemmRoute;

/**
 * A reusable lookup key over the live arguments of a call, so that finding a plan in the cache's hash
 * map allocates nothing: its hash is {@link ContractionPlan#hashOf}, and it is "equal" to the plan
 * compiled for the same call shape ({@link java.util.HashMap#get} calls {@code probe.equals(key)}).
 * Armed for one lookup and disarmed right after, so it never keeps tensors alive.
 *
 * <p>Not thread-safe; confined to its cache's session. Never stored in a map.
 */
final class PlanProbe {
    private TensorRead lhs;
    private TensorRead rhs;
    private TensorRead out;
    private DotGeneralConfig config;
    private GemmRoute route;
    private int hash;

    PlanProbe arm(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, TensorRead out, GemmRoute route) {
        this.lhs = lhs;
        this.rhs = rhs;
        this.out = out;
        this.config = config;
        this.route = route;
        this.hash = ContractionPlan.hashOf(lhs, rhs, config, out, route);
        return this;
    }

    void disarm() {
        lhs = null;
        rhs = null;
        out = null;
        config = null;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** Asymmetric by design: true for the plan of this call shape (see the class comment). */
    @Override
    public boolean equals(Object o) {
        return o instanceof ContractionPlan && ((ContractionPlan) o).hashCode() == hash
                && ((ContractionPlan) o).matches(lhs, rhs, config, out, route, false);
    }
}
