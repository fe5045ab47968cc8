package org.ferrite.offheap;

import org.ferrite.api.Backend;
import org.ferrite.testkit.ConformanceKit;

/**
 * The off-heap provider — a device provider: off-heap storage, a non-host placement, asynchronous
 * stream-ordered work — passes every suite of the conformance kit, none excluded.
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
