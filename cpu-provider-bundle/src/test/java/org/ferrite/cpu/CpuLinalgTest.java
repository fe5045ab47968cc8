package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.internal.linalg.lapack.LapackLibrary;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.LinalgKernels;
import org.ferrite.linalg.Transpose;
import org.junit.jupiter.api.Test;

/**
 * The CPU provider's linear-algebra extension as a backend feature: advertised in the capabilities with
 * the native tier's presence and the route as details, one extension object per session view that
 * refuses use outside its callback or from another thread, the route from the builder, aliasing
 * rejected, and a warm held {@code solveInto} that allocates nothing.
 */
class CpuLinalgTest {
    private static final int CALLS = 2000;

    @Test
    void theCapabilitiesAdvertiseTheKernelsTheRouteAndWhetherLapackIsLoaded() {
        try (CpuBackend backend = CpuBackend.builder().threads(1).linalgRoute(LinalgRoute.DENSE).build()) {
            BackendCapabilities caps = backend.capabilities();
            assertThat(caps.supportsExtension(LinalgKernels.class)).isTrue();
            boolean available = LapackLibrary.get().available();
            assertThat(caps.detail(CpuCapabilities.LAPACK_AVAILABLE)).contains(available);
            assertThat(caps.detail(CpuCapabilities.LAPACK_NOTE).orElseThrow()).startsWith(available ? "native " : "unavailable (");
            assertThat(caps.detail(CpuCapabilities.LINALG_ROUTE)).contains("DENSE");
            assertThat(backend.linalgRoute()).isEqualTo(LinalgRoute.DENSE);
            assertThat(backend.<Boolean>withSession(s -> s.extension(LinalgKernels.class).isPresent())).isTrue();
        }
    }

    @Test
    void theExtensionIsBoundToItsViewAndRefusesUseAfterTheCallbackOrFromAnotherThread() throws Exception {
        try (CpuBackend backend = CpuBackend.builder().threads(1).build()) {
            Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {2, 1, 1, 3}, 2, 2);
            Tensor b = Tensor.of(new double[] {1, 2}, 2);
            Tensor x = Tensor.zeros(DType.F64, 2);
            LinalgKernels first = backend.withSession(s -> s.extension(LinalgKernels.class).orElseThrow());
            LinalgKernels again = backend.withSession(s -> {
                assertThat(s.extension(LinalgKernels.class)).as("one cached Optional per view")
                        .isSameAs(s.extension(LinalgKernels.class));
                return s.extension(LinalgKernels.class).orElseThrow();
            });
            assertThat(again).as("each session has a view, and an extension, of its own").isNotSameAs(first);
            assertThatThrownBy(() -> first.solve(a, b, Transpose.NONE, x)).isInstanceOf(RuntimeStateException.class)
                    .hasMessageContaining("escaped");
            try (HeldSession held = backend.openSession()) {
                LinalgKernels bound = held.withSession(s -> {
                    s.extension(LinalgKernels.class).orElseThrow().solve(a, b, Transpose.NONE, x);
                    return s.extension(LinalgKernels.class).orElseThrow();
                });
                assertThat(x.getDouble(0)).isCloseTo(0.2, org.assertj.core.data.Offset.offset(1e-15));
                CompletableFuture<Throwable> other = new CompletableFuture<>();
                held.withSession(s -> {
                    Thread t = new Thread(() -> {
                        try {
                            bound.solve(a, b, Transpose.NONE, x);
                            other.complete(null);
                        } catch (Throwable e) {
                            other.complete(e);
                        }
                    });
                    t.start();
                    try {
                        t.join(TimeUnit.SECONDS.toMillis(30));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return null;
                });
                assertThat(other.get(30, TimeUnit.SECONDS)).isInstanceOf(SessionEntryException.IncompatibleContext.class);
            }
        }
    }

    @Test
    void anOutputOverlappingAnInputIsRejectedBeforeAnythingIsWritten() {
        try (CpuBackend backend = CpuBackend.builder().threads(1).build()) {
            Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {2, 1, 1, 3}, 2, 2);
            Tensor b = Tensor.of(new double[] {1, 2, 3, 4}, 2, 2);
            backend.withSession(s -> {
                assertThatThrownBy(() -> Linalg.solveInto(s, a, b, a)).isInstanceOfSatisfying(
                        ValidationException.class, e -> assertThat(e.getMessage()).contains("'a'"));
                Tensor shared = Tensor.ones(DType.F64, 2, 3);
                assertThatThrownBy(() -> Linalg.solveInto(s, a, shared.slice(1, 0, 2, 1), shared.slice(1, 1, 3, 1)))
                        .isInstanceOfSatisfying(ValidationException.class,
                                e -> assertThat(e.getMessage()).contains("partly overlapping 'b'"));
                assertThat(shared.f64Data()).containsOnly(1);
                Linalg.solveInto(s, a, b, b); // exactly b: in place
                return null;
            });
            assertThat(a.f64Data()).containsExactly(2, 1, 1, 3);
            assertThat(b.getDouble(0, 0)).isCloseTo(0.2, org.assertj.core.data.Offset.offset(1e-15));
        }
    }

    @Test
    void aWarmHeldSolveIntoAllocatesNothingOnEveryTier() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean
                && ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                        .isThreadAllocatedMemoryEnabled());
        for (LinalgRoute route : new LinalgRoute[] {LinalgRoute.SMALL, LinalgRoute.DENSE, LinalgRoute.NATIVE}) {
            try (CpuBackend backend = CpuBackend.builder().threads(1).linalgRoute(route).build();
                    HeldSession held = backend.openSession()) {
                Tensor a = Tensor.random(DType.F64, 1, 4, 4, 8);
                Tensor b = Tensor.random(DType.F64, 2, 4, 8);
                Tensor x = Tensor.zeros(DType.F64, 4, 8);
                Tensor one = Tensor.random(DType.F64, 3, 3, 3);
                Tensor rhs = Tensor.random(DType.F64, 4, 3, 2);
                Tensor y = Tensor.zeros(DType.F64, 3, 2);
                SessionFunction<Void> batch = s -> {
                    Linalg.solveInto(s, a, b, x);
                    return null;
                };
                SessionFunction<Void> single = s -> {
                    Linalg.solveInto(s, one, rhs, Transpose.TRANSPOSE, y);
                    return null;
                };
                assertThat(bytesPerCall(() -> held.withSession(batch))).as(route + ": batched vector rhs").isZero();
                assertThat(bytesPerCall(() -> held.withSession(single))).as(route + ": one matrix rhs").isZero();
            }
        }
    }

    /** Warms {@code call} up, then the fewest bytes per call over up to three measured rounds. */
    private static long bytesPerCall(Runnable call) {
        for (int i = 0; i < CALLS; i++) {
            call.run();
        }
        long perCall = Long.MAX_VALUE;
        for (int round = 0; round < 3 && perCall > 0; round++) {
            long before = allocated();
            for (int i = 0; i < CALLS; i++) {
                call.run();
            }
            perCall = Math.min(perCall, (allocated() - before) / CALLS);
        }
        return perCall;
    }

    private static long allocated() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getThreadAllocatedBytes(
                Thread.currentThread().getId());
    }
}
