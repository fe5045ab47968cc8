package org.ferrite.offheap.device;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ferrite.api.error.BackendFailureException;
import org.junit.jupiter.api.Test;

/** The arena's contract: shared chunks, alignment, coalescing, dedicated large blocks, a hard limit. */
class ArenaTest {
    private static final int CHUNK = 4096;

    @Test
    void smallBlocksAreAlignedWindowsOfOneSharedChunk() {
        Arena arena = new Arena(CHUNK, 1 << 20);
        Block a = arena.allocate("test", 10);
        Block b = arena.allocate("test", 100);
        Block empty = arena.allocate("test", 0);
        assertThat(b.chunk()).isSameAs(a.chunk()).isSameAs(empty.chunk());
        assertThat(a.offset()).isZero();
        assertThat(b.offset()).isEqualTo(Arena.ALIGNMENT);
        assertThat(empty.offset()).isEqualTo(Arena.ALIGNMENT * 3);
        assertThat(arena.usedBytes()).isEqualTo(Arena.ALIGNMENT * 4);
    }

    @Test
    void freedNeighboursCoalesceSoALargerBlockFitsWhereTheyWere() {
        Arena arena = new Arena(CHUNK, CHUNK);
        Block a = arena.allocate("test", 1024);
        Block b = arena.allocate("test", 1024);
        Block c = arena.allocate("test", 2048);
        arena.free(a);
        arena.free(b);
        Block big = arena.allocate("test", 2048);
        assertThat(big.chunk()).isSameAs(c.chunk());
        assertThat(big.offset()).isZero();
        assertThat(arena.usedBytes()).isEqualTo(CHUNK);
    }

    @Test
    void aBlockLargerThanAChunkIsAnAllocationOfItsOwnAndFreedWhole() {
        Arena arena = new Arena(CHUNK, 3 * CHUNK);
        Block small = arena.allocate("test", 8);
        Block large = arena.allocate("test", CHUNK + 1);
        assertThat(large.chunk()).isNotSameAs(small.chunk());
        assertThat(large.chunk().bytes()).isEqualTo(CHUNK + Arena.ALIGNMENT);
        arena.free(large);
        assertThat(arena.usedBytes()).isEqualTo(Arena.ALIGNMENT);
        assertThat(arena.allocate("test", 2 * CHUNK - Arena.ALIGNMENT).bytes()).as("its reservation came back")
                .isEqualTo(2 * CHUNK - Arena.ALIGNMENT);
    }

    @Test
    void anAllocationBeyondTheLimitFailsTypedAndChangesNothing() {
        Arena arena = new Arena(CHUNK, CHUNK);
        arena.allocate("test", CHUNK);
        assertThatThrownBy(() -> arena.allocate("allocate", 1)).isInstanceOf(BackendFailureException.class)
                .hasMessageContaining("out of off-heap device memory");
        assertThat(arena.usedBytes()).isEqualTo(CHUNK);
    }

    @Test
    void aClosedArenaRefusesAllocationsAndIgnoresLateFrees() {
        Arena arena = new Arena(CHUNK, CHUNK);
        Block a = arena.allocate("test", 8);
        arena.close();
        arena.free(a);
        assertThat(arena.usedBytes()).isZero();
        assertThatThrownBy(() -> arena.allocate("allocate", 8)).isInstanceOf(BackendFailureException.class);
    }

    @Test
    void liveBlocksNeverOverlapOverRandomAllocateAndFreeSequences() {
        for (int seed = 0; seed < 200; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            Arena arena = new Arena(CHUNK, 64L * CHUNK);
            List<Block> live = new ArrayList<>();
            for (int step = 0; step < 300; step++) {
                if (!live.isEmpty() && random.nextInt(3) == 0) {
                    arena.free(live.remove(random.nextInt(live.size())));
                    continue;
                }
                Block b = arena.allocate("test", random.nextInt(CHUNK / 4));
                for (Block other : live) {
                    boolean disjoint = other.chunk() != b.chunk() || other.offset() + other.bytes() <= b.offset()
                            || b.offset() + b.bytes() <= other.offset();
                    assertThat(disjoint).as("seed %d step %d: %s overlaps live %s", seed, step, b, other).isTrue();
                }
                live.add(b);
            }
        }
    }
}
