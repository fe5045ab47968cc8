package org.ferrite.cpu.conformance;

import org.ferrite.api.Backend;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.LinalgRoute;
import org.ferrite.testkit.suite.LinalgConformance;
import org.ferrite.testkit.suite.LinalgEdgeConformance;
import org.ferrite.testkit.suite.LinalgSolveConformance;
import org.junit.jupiter.api.Nested;

/**
 * The CPU provider passes the kit's linear-algebra suites with every tier forced ({@link LinalgRoute#SMALL},
 * {@link LinalgRoute#DENSE}, {@link LinalgRoute#NATIVE} — the last is the dense tier where no LAPACK is
 * installed); {@link CpuConformanceTest} runs them, with the rest of the kit, on the default route. One
 * shared backend per route, thread budget 2, never closed (its pool threads are daemons).
 */
class CpuLinalgConformanceTest {
    private static final CpuBackend SMALL = CpuBackend.builder().threads(2).linalgRoute(LinalgRoute.SMALL).build();
    private static final CpuBackend DENSE = CpuBackend.builder().threads(2).linalgRoute(LinalgRoute.DENSE).build();
    private static final CpuBackend NATIVE = CpuBackend.builder().threads(2).linalgRoute(LinalgRoute.NATIVE).build();

    @Nested
    class Small {
        @Nested
        class Decompositions extends LinalgConformance {
            @Override
            protected Backend backend() {
                return SMALL;
            }
        }

        @Nested
        class Solves extends LinalgSolveConformance {
            @Override
            protected Backend backend() {
                return SMALL;
            }
        }

        @Nested
        class Edges extends LinalgEdgeConformance {
            @Override
            protected Backend backend() {
                return SMALL;
            }
        }
    }

    @Nested
    class Dense {
        @Nested
        class Decompositions extends LinalgConformance {
            @Override
            protected Backend backend() {
                return DENSE;
            }
        }

        @Nested
        class Solves extends LinalgSolveConformance {
            @Override
            protected Backend backend() {
                return DENSE;
            }
        }

        @Nested
        class Edges extends LinalgEdgeConformance {
            @Override
            protected Backend backend() {
                return DENSE;
            }
        }
    }

    @Nested
    class Native {
        @Nested
        class Decompositions extends LinalgConformance {
            @Override
            protected Backend backend() {
                return NATIVE;
            }
        }

        @Nested
        class Solves extends LinalgSolveConformance {
            @Override
            protected Backend backend() {
                return NATIVE;
            }
        }

        @Nested
        class Edges extends LinalgEdgeConformance {
            @Override
            protected Backend backend() {
                return NATIVE;
            }
        }
    }
}
