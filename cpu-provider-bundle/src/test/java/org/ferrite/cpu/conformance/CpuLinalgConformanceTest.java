package org.ferrite.cpu.conformance;

import org.ferrite.api.Backend;
import org.ferrite.api.testkit.conformance.LinalgConformance;
import org.ferrite.api.testkit.conformance.LinalgEdgeConformance;
import org.ferrite.api.testkit.conformance.LinalgSolveConformance;
import org.ferrite.cpu.LinalgRoute;
import org.junit.jupiter.api.Nested;

/**
 * The CPU provider passes the linear-algebra suites on its default route and with every tier forced
 * ({@link LinalgRoute#SMALL}, {@link LinalgRoute#DENSE}, {@link LinalgRoute#NATIVE} — the last is the
 * dense tier where no LAPACK is installed).
 */
class CpuLinalgConformanceTest {
    @Nested
    class Auto {
        @Nested
        class Decompositions extends LinalgConformance {
            @Override
            protected Backend backend() {
                return ConformanceBackends.TWO_THREADS;
            }
        }

        @Nested
        class Solves extends LinalgSolveConformance {
            @Override
            protected Backend backend() {
                return ConformanceBackends.TWO_THREADS;
            }
        }

        @Nested
        class Edges extends LinalgEdgeConformance {
            @Override
            protected Backend backend() {
                return ConformanceBackends.TWO_THREADS;
            }
        }
    }

    @Nested
    class Small {
        @Nested
        class Decompositions extends LinalgConformance {
            @Override
            protected Backend backend() {
                return ConformanceBackends.SMALL;
            }
        }

        @Nested
        class Solves extends LinalgSolveConformance {
            @Override
            protected Backend backend() {
                return ConformanceBackends.SMALL;
            }
        }

        @Nested
        class Edges extends LinalgEdgeConformance {
            @Override
            protected Backend backend() {
                return ConformanceBackends.SMALL;
            }
        }
    }

    @Nested
    class Dense {
        @Nested
        class Decompositions extends LinalgConformance {
            @Override
            protected Backend backend() {
                return ConformanceBackends.DENSE;
            }
        }

        @Nested
        class Solves extends LinalgSolveConformance {
            @Override
            protected Backend backend() {
                return ConformanceBackends.DENSE;
            }
        }

        @Nested
        class Edges extends LinalgEdgeConformance {
            @Override
            protected Backend backend() {
                return ConformanceBackends.DENSE;
            }
        }
    }

    @Nested
    class Native {
        @Nested
        class Decompositions extends LinalgConformance {
            @Override
            protected Backend backend() {
                return ConformanceBackends.NATIVE;
            }
        }

        @Nested
        class Solves extends LinalgSolveConformance {
            @Override
            protected Backend backend() {
                return ConformanceBackends.NATIVE;
            }
        }

        @Nested
        class Edges extends LinalgEdgeConformance {
            @Override
            protected Backend backend() {
                return ConformanceBackends.NATIVE;
            }
        }
    }
}
