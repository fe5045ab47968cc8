package org.ferrite.offheap;

import org.ferrite.api.Backend;
import org.ferrite.testkit.ConformanceKit;

/**
 * The off-heap provider — a device provider: off-heap storage, a non-host placement, asynchronous
 * stream-ordered work — passes every suite of the conformance kit, none excluded. It does not advertise
 * {@code LinalgKernels}, so the linear-algebra suites prove that its sessions do not offer them and that
 * every linear-algebra operation fails typed, naming itself; their other tests are skipped by assumption.
 */
class OffHeapConformanceTest extends ConformanceKit {
    private static final OffHeapBackend SHARED = new OffHeapBackend();

    @Override
    protected Backend backend() {
        return SHARED;
    }

    @Override
    protected Backend newBackend() {
        return new OffHeapBackend();
    }
}
