package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.PreparedContraction;
import org.ferrite.api.session.SessionAction;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The CPU provider's prepared contractions ({@code prepareDotGeneral}): results identical to
 * {@code dotGeneralAccumulate}'s (the same plan and kernel), use in any session of the backend and on
 * several lanes at once, the per-call layout check, no allocation on a warm run, the plan's tier in a
 * session of another backend, and the refusal of an escaped view.
 */
class CpuPreparedContractionTest {
    private static final DotGeneralConfig MATMUL = DotGeneralConfig.MATMUL;
    private final TestBackends backends = new TestBackends();

    @AfterEach
    void closeBackends() {
        backends.close();
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getThreadAllocatedBytes(
                Thread.currentThread().getId());
    }

    @Test
    void aPreparedRunGivesExactlyWhatDotGeneralAccumulateGivesInEverySessionOfTheBackend() {
        CpuBackend backend = backends.add(CpuBackend.builder().threads(1).build());
        for (DType d : new DType[] {DType.F32, DType.F64, DType.C64, DType.C128}) {
            Tensor a = Tensor.random(d, 1, 5, 3);
            org.ferrite.api.tensor.TensorView b = Tensor.random(d, 2, 4, 3).transpose(); // [3, 4], strides [4, 1]
            Accumulation acc = d.isComplex() ? new Accumulation(0.5, 1, -1, 0.25, true, false) : Accumulation.of(2, -1);
            Tensor old = Tensor.random(d, 3, 5, 4);
            Tensor want = old.copy();
            Tensor got = old.copy();
            backend.withSession(s -> {
                s.dotGeneralAccumulate(a, b, MATMUL, acc, want);
                return null;
            });
            PreparedContraction p;
            try (CpuHeldSession held = backend.openSession()) {
                p = held.withSession(s -> s.prepareDotGeneral(a, b, MATMUL, got));
            }
            backend.withSession(s -> { // a later, scoped session of the same backend
                p.runAccumulate(s, a, b, acc, got);
                return null;
            });
            assertThat(got.storage()).as("%s, bit for bit", d).isEqualTo(want.storage());
            assertThat(p.dtype()).isEqualTo(d);
            assertThat(p.config()).isEqualTo(MATMUL);
            assertThat(p.outputShape()).containsExactly(5, 4);
            assertThat(p.accepts(Tensor.zeros(d, 5, 3), b, Tensor.zeros(d, 5, 4))).as("any storage of the layout")
                    .isTrue();
        }
    }

    @Test
    void aRunOnTensorsOfAnotherLayoutIsRefusedNamingTheArgumentBeforeAnyWrite() {
        CpuBackend backend = backends.add(CpuBackend.builder().threads(1).build());
        Tensor a = Tensor.random(DType.F64, 1, 3, 3);
        Tensor x = Tensor.random(DType.F64, 2, 3);
        Tensor y = Tensor.full(DType.F64, 7, 3);
        try (CpuHeldSession held = backend.openSession()) {
            PreparedContraction p = held.withSession(s -> s.prepareDotGeneral(a, x, MATMUL, y));
            assertThatThrownBy(() -> held.run(s -> p.runInto(s, a.transpose(), x, y)))
                    .isInstanceOfSatisfying(ValidationException.class, e -> {
                        assertThat(e.validationKind()).isEqualTo(ValidationKind.INVALID_ARGUMENT);
                        assertThat(e.argument()).isEqualTo("lhs");
                        assertThat(e.getMessage()).contains("strides [3, 1]").contains("strides [1, 3]");
                    });
            assertThatThrownBy(() -> held.run(s -> p.runInto(s, a, Tensor.zeros(DType.F64, 3, 1), y)))
                    .isInstanceOfSatisfying(ValidationException.class, e -> {
                        assertThat(e.validationKind()).isEqualTo(ValidationKind.SHAPE_MISMATCH);
                        assertThat(e.argument()).isEqualTo("rhs");
                    });
            assertThatThrownBy(() -> held.run(s -> p.runInto(s, a, x, Tensor.zeros(DType.F32, 3))))
                    .isInstanceOfSatisfying(ValidationException.class, e -> {
                        assertThat(e.validationKind()).isEqualTo(ValidationKind.DTYPE_MISMATCH);
                        assertThat(e.argument()).isEqualTo("out");
                    });
            Tensor shared = Tensor.random(DType.F64, 4, 3);
            assertThatThrownBy(() -> held.run(s -> p.runInto(s, a, shared, shared)))
                    .as("the per-call aliasing check").isInstanceOfSatisfying(ValidationException.class,
                            e -> assertThat(e.argument()).isEqualTo("out"));
        }
        assertThat(y.f64Data()).containsOnly(7);
    }

    @Test
    void theAllocatingFormNeedsAContractionPreparedForACompactOutput() {
        CpuBackend backend = backends.add(CpuBackend.builder().threads(1).build());
        Tensor a = Tensor.random(DType.F64, 1, 2, 3);
        Tensor b = Tensor.random(DType.F64, 2, 3, 4);
        try (CpuHeldSession held = backend.openSession()) {
            PreparedContraction compact = held.withSession(s -> s.prepareDotGeneral(a, b, MATMUL));
            Tensor c = held.compute(s -> compact.run(s, a, b));
            Tensor want = held.compute(s -> s.matmul(a, b));
            assertThat(c.storage()).isEqualTo(want.storage());
            PreparedContraction strided = held.withSession(s -> s.prepareDotGeneral(a, b, MATMUL,
                    Tensor.zeros(DType.F64, 4, 2).transpose()));
            assertThatThrownBy(() -> held.withSession(s -> strided.run(s, a, b)))
                    .isInstanceOfSatisfying(ValidationException.class, e -> assertThat(e.argument()).isEqualTo("out"));
        }
    }

    @Test
    void oneContractionRunsOnEveryLaneOfAPhaseAtOnce() throws Exception {
        CpuBackend backend = backends.builder("40-41").threads(2).build();
        backends.add(backend);
        Tensor a = Tensor.random(DType.F64, 1, 16, 16);
        Tensor x = Tensor.random(DType.F64, 2, 16);
        Tensor want = Tensor.zeros(DType.F64, 16);
        Map<Integer, Tensor> outs = new ConcurrentHashMap<>();
        CountDownLatch bothPrepared = new CountDownLatch(2);
        try (CpuHeldSession held = backend.openSession()) {
            held.run(s -> s.matmulInto(a, x, want));
            PreparedContraction p = held.withSession(s -> s.prepareDotGeneral(a, x, MATMUL, want));
            int lanes = held.phase(phase -> {
                phase.run((index, lane) -> {
                    Tensor y = Tensor.zeros(DType.F64, 16);
                    outs.put(index, y);
                    bothPrepared.countDown();
                    bothPrepared.await(10, TimeUnit.SECONDS); // both lanes run it in the same stretch
                    for (int i = 0; i < 2000 && !lane.cancelled(); i++) {
                        p.runInto(lane.session(), a, x, y);
                    }
                });
                return phase.lanes();
            });
            assertThat(lanes).isEqualTo(2);
        }
        assertThat(outs).hasSize(2);
        for (Tensor y : outs.values()) {
            assertThat(y.storage()).isEqualTo(want.storage());
        }
    }

    @Test
    void aWarmPreparedRunAllocatesNothing() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean
                && ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                        .isThreadAllocatedMemoryEnabled());
        CpuBackend backend = backends.add(CpuBackend.builder().threads(1).build());
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4}, 2, 2);
        Tensor x = Tensor.of(new double[] {1, 1}, 2);
        Tensor y = Tensor.zeros(DType.F64, 2);
        try (CpuHeldSession held = backend.openSession()) {
            PreparedContraction p = held.withSession(s -> s.prepareDotGeneral(a, x, MATMUL, y));
            SessionAction step = s -> p.runInto(s, a, x, y);
            for (int i = 0; i < 5000; i++) {
                held.run(step);
            }
            long perCall = Long.MAX_VALUE;
            for (int round = 0; round < 3 && perCall > 0; round++) {
                long before = allocatedBytes();
                for (int i = 0; i < 5000; i++) {
                    held.run(step);
                }
                perCall = Math.min(perCall, (allocatedBytes() - before) / 5000);
            }
            assertThat(perCall).as("bytes per held prepared run").isZero();
        }
        assertThat(y.f64Data()).containsExactly(3, 7);
    }

    @Test
    void aPlanRunsWithTheTierThePreparingRouteChoseAndAnEscapedViewIsRefused() {
        CpuBackend java = backends.add(CpuBackend.builder().threads(1).gemmRoute(GemmRoute.JAVA).build());
        Tensor a = Tensor.random(DType.F64, 1, 40, 40);
        Tensor b = Tensor.random(DType.F64, 2, 40, 40);
        Tensor want = java.withSession(s -> s.matmul(a, b));
        PreparedContraction p = java.withSession(s -> s.prepareDotGeneral(a, b, MATMUL));
        java.close();
        CpuBackend auto = backends.add(CpuBackend.builder().threads(1).gemmRoute(GemmRoute.AUTO).build());
        Tensor got = auto.withSession(s -> p.run(s, a, b)); // the JAVA plan, in a session of another backend
        assertThat(got.storage()).as("bit for bit the JAVA route's product").isEqualTo(want.storage());
        BackendSession[] escaped = new BackendSession[1];
        auto.withSession(s -> escaped[0] = s);
        Tensor out = Tensor.zeros(DType.F64, 40, 40);
        PreparedContraction native_ = auto.withSession(s -> s.prepareDotGeneral(a, b, MATMUL, out));
        assertThatThrownBy(() -> native_.runInto(escaped[0], a, b, out)).isInstanceOf(RuntimeStateException.class);
        assertThat(out.f64Data()).containsOnly(0);
    }
}
