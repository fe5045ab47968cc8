package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The CPU provider's side of the API 0.2 session hooks: per-session state that lives in the engine
 * resources, the host placement, and the typed rejection of what its int-indexed kernels and one Java
 * array cannot hold.
 */
class CpuSessionHooksTest {
    /** 50 000 × 50 000: 2.5·10^9 elements, beyond one Java array and the kernels' int index space. */
    private static final long N = 50_000;
    private final TestBackends backends = new TestBackends();

    @AfterEach
    void closeAll() {
        backends.close();
    }

    @Test
    void sessionLocalValuesPersistAcrossTheSessionsOfOneBackend() {
        CpuBackend backend = backends.on("0-1");
        Object key = new Object();
        Object first;
        try (CpuHeldSession held = backend.openSession()) {
            first = held.withSession(s -> s.sessionLocal(key, Object::new));
            assertThat(held.<Object>withSession(s -> s.sessionLocal(key, Object::new))).isSameAs(first);
        }
        assertThat(backend.<Object>withSession(s -> s.sessionLocal(key, Object::new))).as("a later scoped entry")
                .isSameAs(first);
        CpuBackend other = backends.on("2-3");
        assertThat(other.<Object>withSession(s -> s.sessionLocal(key, Object::new))).as("another backend")
                .isNotSameAs(first);
    }

    @Test
    void aChildExecutionHasSessionLocalsOfItsOwn() throws Exception {
        CpuBackend backend = backends.on("0-1");
        Object key = new Object();
        try (CpuHeldSession held = backend.openSession()) {
            Object parent = held.withSession(s -> s.sessionLocal(key, Object::new));
            ChildExecution child = held.withSession(s -> s.childExecution());
            Object inChild = CompletableFuture.supplyAsync(() -> child.withSession(c -> c.sessionLocal(key,
                    Object::new))).get(30, TimeUnit.SECONDS);
            assertThat(inChild).isNotNull().isNotSameAs(parent);
            assertThat(held.<Object>withSession(s -> s.sessionLocal(key, Object::new))).isSameAs(parent);
        }
    }

    @Test
    void theSessionComputesOnTheHostAndTransfersAreHostCopies() {
        CpuBackend backend = backends.on("0");
        Tensor t = Tensor.random(DType.C64, 3, 2, 3);
        Tensor copy = backend.withSession(s -> {
            assertThat(s.placement()).isEqualTo(Placement.HOST);
            Tensor out = Tensor.zeros(DType.C64, 3, 2);
            s.transferInto(t.transpose(), out);
            return out;
        });
        assertThat(Tensor.contentEquals(copy, t.transpose())).isTrue();
    }

    @Test
    void anAllocationBeyondOneJavaArrayIsRejectedNamingTheShapeAndItsSize() {
        CpuBackend backend = backends.on("0");
        ValidationException e = catchThrowableOfType(ValidationException.class, () -> backend.withSession(s ->
                s.allocate(DType.F32, N, N)));
        assertThat(e.validationKind()).isEqualTo(ValidationKind.INVALID_ARGUMENT);
        assertThat(e.op()).isEqualTo("allocate");
        assertThat(e.argument()).isEqualTo("shape");
        assertThat(e.actual()).contains("[50000, 50000]").contains("2500000000 elements");
        assertThat(backend.bufferPoolStats().buffers()).as("the pool is unchanged").isZero();
        assertThat(catchThrowableOfType(ValidationException.class, () -> backend.withSession(s -> s.zeros(DType.C128,
                1L << 30))).argument()).isEqualTo("shape");
    }

    @Test
    void anInputLargerThanTheKernelsIntIndexSpaceIsRejectedNamingItsShapeAndSize() {
        CpuBackend backend = backends.on("0");
        TensorView huge = Tensor.scalar(1).broadcastTo(N, N); // a legal host view: one element, repeated
        ValidationException sum = catchThrowableOfType(ValidationException.class, () -> backend.withSession(s ->
                s.sum(huge, 0, 1)));
        assertThat(sum.op()).isEqualTo("sum");
        assertThat(sum.argument()).isEqualTo("x");
        assertThat(sum.actual()).contains("[50000, 50000]").contains("2500000000 elements");
        TensorView wide = Tensor.scalar(1).broadcastTo(1, N * N);
        ValidationException dot = catchThrowableOfType(ValidationException.class, () -> backend.withSession(s -> {
            s.dotGeneralInto(wide, Tensor.scalar(2).broadcastTo(N * N, 1), DotGeneralConfig.MATMUL,
                    Tensor.zeros(DType.F64, 1, 1));
            return null;
        }));
        assertThat(dot.op()).isEqualTo("dotGeneral");
        assertThat(dot.argument()).isEqualTo("lhs");
        // within the bound the same broadcast views work
        assertThat(backend.withSession(s -> s.sum(Tensor.scalar(1).broadcastTo(1000, 1000), 0, 1)).getDouble())
                .isEqualTo(1e6);
    }
}
