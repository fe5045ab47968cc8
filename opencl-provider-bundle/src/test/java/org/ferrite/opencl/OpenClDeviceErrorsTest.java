package org.ferrite.opencl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ferrite.api.HeldSession;
import org.ferrite.api.error.MemoryExhaustedException;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * Deliberate device errors surface typed at the documented point, and the backend stays usable: a
 * kernel-side integer division by zero at the session's next synchronisation point (or at the call, with
 * the synchronous setting), naming the operation and the session; an allocation beyond the device's
 * memory at the call, before anything is allocated.
 */
@EnabledIf("org.ferrite.opencl.OpenClTesting#available")
class OpenClDeviceErrorsTest {
    private static final Tensor NUMERATORS = Tensor.of(new int[] {7, -8, 9, 10}, 4);
    private static final Tensor DIVISORS = Tensor.of(new int[] {2, 0, 3, 5}, 4);

    @Test
    void anIntegerDivisionByZeroIsReportedOnceAtTheNextSynchronisationPointAndTheBackendStaysUsable() {
        OpenClBackend backend = OpenClTesting.shared();
        try (HeldSession held = backend.openSession()) {
            Tensor[] in = held.withSession(s -> new Tensor[] {s.to(NUMERATORS, s.placement()),
                s.to(DIVISORS, s.placement())});
            Tensor quotient = held.withSession(s -> s.div(in[0], in[1])); // queued: no failure at the call
            assertThat(quotient.placement()).isEqualTo(backend.placement());
            assertThatThrownBy(() -> held.run(s -> s.synchronize()))
                    .isInstanceOfSatisfying(NumericalFailureException.class, e -> {
                        assertThat(e.op()).isEqualTo("div");
                        assertThat(e.getMessage()).contains("session").contains("division by zero");
                    });
            held.run(s -> s.synchronize()); // reported once
            Tensor ok = held.withSession(s -> s.toHost(s.div(in[0], s.to(Tensor.of(new int[] {2, 4, 3, 5}, 4),
                    s.placement()))));
            assertThat(ok.i32Data()).containsExactly(3, -2, 3, 2);
        }
    }

    @Test
    void withTheSynchronousSettingTheDivisionByZeroFailsAtTheCall() {
        try (OpenClBackend backend = OpenClBackend.builder().synchronous(true).build()) {
            assertThat(backend.capabilities().detail(OpenClCapabilities.SYNCHRONOUS)).contains(true);
            backend.run(s -> {
                Tensor n = s.to(NUMERATORS, s.placement());
                Tensor d = s.to(DIVISORS, s.placement());
                assertThatThrownBy(() -> s.div(n, d)).isInstanceOf(NumericalFailureException.class)
                        .hasMessageContaining("div");
                assertThat(s.toHost(s.mul(n, n)).i32Data()).containsExactly(49, 64, 81, 100);
            });
        }
    }

    @Test
    void anAllocationBeyondTheDeviceMemoryFailsTypedAtTheCallAndTheBackendStaysUsable() {
        OpenClBackend backend = OpenClTesting.shared();
        long memory = backend.capabilities().memoryTotalBytes().orElseThrow();
        backend.run(s -> {
            assertThatThrownBy(() -> s.allocate(DType.F64, memory / 8 + 1))
                    .isInstanceOfSatisfying(MemoryExhaustedException.class, e -> assertThat(e.op())
                            .isEqualTo("allocate"));
            assertThat(s.toHost(s.add(s.to(NUMERATORS, s.placement()), s.to(NUMERATORS, s.placement())))
                    .i32Data()).containsExactly(14, -16, 18, 20);
        });
    }

    @Test
    void aMemoryLimitBoundsTheArenaAndFreedMemoryServesAgain() {
        try (OpenClBackend backend = OpenClBackend.builder().memoryLimitBytes(1 << 20).build()) {
            backend.run(s -> {
                Tensor big = s.allocate(DType.F64, 100_000);
                assertThatThrownBy(() -> s.allocate(DType.F64, 100_000)).isInstanceOf(MemoryExhaustedException.class);
                s.reclaim(big);
                s.synchronize();
                assertThat(s.allocate(DType.F64, 100_000).shape()).containsExactly(100_000);
            });
        }
    }

    @Test
    void aDeviceThatDoesNotExistIsRefusedWithTheListOfDevices() {
        assertThatThrownBy(() -> OpenClBackend.builder().device(99).build())
                .isInstanceOfSatisfying(ValidationException.class, e -> assertThat(e.getMessage())
                        .contains(OpenClBackend.devices().get(0)));
    }
}
