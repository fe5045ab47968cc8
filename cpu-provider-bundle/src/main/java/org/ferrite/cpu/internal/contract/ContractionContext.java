package org.ferrite.cpu.internal.contract;

import org.ferrite.cpu.internal.kernel.KernelContext;

/**
 * What the contraction kernels use from the session that runs them: everything of
 * {@link KernelContext} and the session's contraction plan cache. Declared here, not in
 * {@code KernelContext}, so that the elementwise, structural and reduction kernels do not depend on
 * the contraction package (which uses theirs). Implemented by the session; confined to the session's
 * thread.
 */
public interface ContractionContext extends KernelContext {
    /** @return the session's contraction plan cache */
    ContractionPlanCache contractionPlans();
}
