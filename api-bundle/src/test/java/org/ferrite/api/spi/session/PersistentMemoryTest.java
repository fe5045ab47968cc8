package org.ferrite.api.spi.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.error.RuntimeStateException;
import org.junit.jupiter.api.Test;

/**
 * {@link PersistentMemory} and {@link PersistentAllocation}: one free, typed refusals after free and after
 * close naming which ended the allocation, and the leak backstop that hands an unreachable live allocation
 * to the provider's release.
 */
class PersistentMemoryTest {
    /** A provider's storage handle: keeps the allocation's state, as the handles of a device provider do. */
    private record Handle(PersistentAllocation<String> lease) {
    }

    private final List<String> leaked = new CopyOnWriteArrayList<>();
    private final PersistentMemory<String> memory = new PersistentMemory<>("test", leaked::add);

    @Test
    void anAllocationIsLiveUntilFreedOnceAndThenRefusedTyped() {
        Handle h = memory.register("block-1", Handle::new);
        assertThat(h.lease().isLive()).isTrue();
        assertThat(memory.liveCount()).isEqualTo(1);
        h.lease().requireLive("neg", "x");
        assertThat(h.lease().free("free")).isEqualTo("block-1");
        assertThat(h.lease().isLive()).isFalse();
        assertThat(memory.liveCount()).isZero();
        assertThatThrownBy(() -> h.lease().requireLive("neg", "x")).isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("'x'").hasMessageContaining("freed");
        assertThatThrownBy(() -> h.lease().free("free")).isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("freed");
    }

    @Test
    void closingTheMemoryEndsEveryLiveAllocationAndRefusesNewOnes() {
        Handle a = memory.register("a", Handle::new);
        Handle b = memory.register("b", Handle::new);
        b.lease().free("free");
        memory.close();
        memory.close();
        assertThat(memory.liveCount()).isZero();
        assertThatThrownBy(() -> a.lease().requireLive("toHost", "t")).isInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("test backend was closed");
        assertThatThrownBy(() -> a.lease().free("free")).isInstanceOf(RuntimeStateException.class);
        assertThatThrownBy(() -> b.lease().requireLive("toHost", "t")).hasMessageContaining("freed");
        assertThatThrownBy(() -> memory.register("c", Handle::new)).isInstanceOf(RuntimeStateException.class);
        assertThat(leaked).isEmpty();
    }

    @Test
    void anUnreachableLiveAllocationIsReleasedByTheLeakBackstopAndAFreedOneIsNot() throws Exception {
        memory.register("freed", Handle::new).lease().free("free");
        register("dropped"); // the handle becomes unreachable while live
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (leaked.isEmpty() && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(20); // the cleaner's thread runs the release once the collector found the handle
        }
        assertThat(leaked).containsExactly("dropped");
        assertThat(memory.liveCount()).isZero();
    }

    private void register(String block) {
        memory.register(block, Handle::new);
    }
}
