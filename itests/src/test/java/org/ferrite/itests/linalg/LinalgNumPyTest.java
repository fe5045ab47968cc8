package org.ferrite.itests.linalg;

import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.LinalgRoute;
import org.junit.jupiter.api.Nested;

/**
 * {@link LinalgNumPySuite} on every provider on the class path, found as a user finds them (through
 * {@link Backends}): the CPU provider on its default route and with each linear-algebra tier forced,
 * the reference provider, and the off-heap provider (which has no linear-algebra kernels). Backends are
 * shared and never closed (their pool threads are daemons).
 */
class LinalgNumPyTest {
    private static final CpuBackend SMALL = CpuBackend.builder().threads(1).linalgRoute(LinalgRoute.SMALL).build();
    private static final CpuBackend DENSE = CpuBackend.builder().threads(1).linalgRoute(LinalgRoute.DENSE).build();
    private static final CpuBackend NATIVE = CpuBackend.builder().threads(1).linalgRoute(LinalgRoute.NATIVE).build();

    @Nested
    class Cpu extends LinalgNumPySuite {
        @Override
        protected Backend backend() {
            return Backends.get("cpu");
        }
    }

    @Nested
    class CpuSmallTier extends LinalgNumPySuite {
        @Override
        protected Backend backend() {
            return SMALL;
        }
    }

    @Nested
    class CpuDenseTier extends LinalgNumPySuite {
        @Override
        protected Backend backend() {
            return DENSE;
        }
    }

    @Nested
    class CpuNativeTier extends LinalgNumPySuite {
        @Override
        protected Backend backend() {
            return NATIVE;
        }
    }

    @Nested
    class Reference extends LinalgNumPySuite {
        @Override
        protected Backend backend() {
            return Backends.get("reference");
        }
    }

    @Nested
    class OffHeap extends LinalgNumPySuite {
        @Override
        protected Backend backend() {
            return Backends.get("offheap");
        }
    }
}
