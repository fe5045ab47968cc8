package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.Oracle;
import org.ferrite.testkit.oracle.Tolerance;
import org.ferrite.testkit.oracle.Values;
import org.ferrite.testkit.oracle.Values.Domain;
import org.junit.jupiter.api.Test;

/**
 * Conformance of the memory contract of {@code BackendSession}: {@code reclaim} is stream-ordered — memory
 * handed back while work queued on it has not run is not reused under that work, so no reader sees
 * another tensor's data; memory of a session's tensors belongs to the session: a device tensor used after
 * its memory was freed ({@code reclaim}, or the end of its session) fails with
 * {@link RuntimeStateException}, while host tensors stay readable after the session ended. (A closed
 * backend is {@link LifecycleConformance}'s.) The rules about freed device memory are checked where the
 * session's placement is not the host; a host provider's tensors are ordinary arrays.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class MemoryConformance extends ProviderConformance {
    private static final long N = 4096;
    private static final int ROUNDS = 8;

    /** For subclasses. */
    protected MemoryConformance() {
    }

    @Test
    void reclaimedMemoryIsReusedOnlyAfterTheWorkQueuedOnItRan() {
        try (HeldSession held = backend().openSession()) {
            for (int round = 0; round < ROUNDS; round++) {
                Tensor values = Values.random(DType.F64, 800 + round, Domain.ANY, N);
                Tensor other = Values.random(DType.F64, 900 + round, Domain.ANY, N);
                Tensor twice = held.withSession(s -> {
                    Tensor a = s.to(values, s.placement());
                    Tensor sum = s.add(a, a);     // queued on a
                    s.reclaim(a);                 // handed back while the add may still be pending
                    for (int k = 0; k < 4; k++) { // allocations that may reuse a's memory, overwritten
                        Tensor b = s.allocate(DType.F64, N);
                        s.transferInto(other, b);
                        s.binaryInto(BinaryOp.MUL, b, b, b);
                    }
                    return s.toHost(sum);
                });
                Tolerance.assertClose("round " + round, twice, Oracle.binary(BinaryOp.ADD, values, values), 0, 0);
            }
        }
    }

    @Test
    void aReclaimedDeviceTensorIsRejectedTyped() {
        assumeFalse(placement().isHost(), "host tensors are ordinary arrays; reclaim only pools them");
        inSession(s -> {
            Tensor t = s.to(Tensor.ones(DType.F32, 3), s.placement());
            s.reclaim(t);
            assertThatThrownBy(() -> s.toHost(t)).isInstanceOf(RuntimeStateException.class);
            assertThatThrownBy(() -> s.neg(t)).isInstanceOf(RuntimeStateException.class);
            return null;
        });
    }

    @Test
    void reclaimAcceptsATensorThisBackendDidNotAllocate() {
        Tensor host = Tensor.ones(DType.F64, 3);
        Tensor foreign = ForeignTensors.foreign(DType.F64, placement(), 3);
        inSession(s -> {
            s.reclaim(host);   // accepted: pooled or dropped
            s.reclaim(foreign);
            return null;
        });
        Tensor after = inSession(s -> s.toHost(s.to(Tensor.ones(DType.F64, 2), s.placement())));
        assertThat(after.f64Data()).as("the session stays usable").containsExactly(1, 1);
    }

    @Test
    void aDeviceTensorOfAnEndedSessionFailsTypedAndItsHostCopyStaysReadable() {
        Tensor values = Values.random(DType.C128, 950, Domain.ANY, 2, 3);
        Tensor[] kept = new Tensor[2];
        try (HeldSession held = backend().openSession()) {
            held.withSession(s -> {
                kept[0] = s.to(values, s.placement());
                kept[1] = s.toHost(kept[0]);
                return null;
            });
        }
        Tensor device = kept[0];
        Tolerance.assertClose("host copy", kept[1], values, 0, 0);
        if (device.placement().isHost()) {
            Tolerance.assertClose("host tensor", inSession(s -> s.toHost(device)), values, 0, 0);
        } else {
            assertThatThrownBy(() -> inSession(s -> s.toHost(device))).isInstanceOf(RuntimeStateException.class);
            assertThatThrownBy(() -> inSession(s -> s.neg(device))).isInstanceOf(RuntimeStateException.class);
        }
        assertThat(kept[1].c128Data()).containsExactly(values.c128Data());
    }

    private Placement placement() {
        return backend().capabilities().placement();
    }
}
