package org.ferrite.offheap;

import java.util.Optional;
import org.ferrite.api.Backend;
import org.ferrite.testkit.ConformanceKit;

/**
 * The off-heap provider — a device provider: off-heap storage, a non-host placement, asynchronous
 * stream-ordered work — passes every suite of the conformance kit, none excluded, with a second device
 * ({@code other:1}) for the device-to-device suite. It does not advertise
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

    /** Device 1 beside the shared device 0: the device-to-device suite copies between them. */
    @Override
    protected Optional<Backend> newPeerBackend() {
        return Optional.of(new OffHeapBackend(1, OffHeapBackend.DEFAULT_MEMORY_BYTES));
    }
}
