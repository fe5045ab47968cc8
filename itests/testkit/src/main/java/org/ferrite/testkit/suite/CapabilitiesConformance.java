package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.session.BackendSession;
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
 * Conformance of {@link BackendCapabilities} to behaviour — what a caller may learn without opening a
 * session must be true of every session: the device and placement agree with the sessions' placement,
 * every advertised dtype works (allocation, transfer, copy, an elementwise op), every advertised
 * extension is returned by {@code extension}, and {@code extension} returns nothing that is not
 * advertised; memory figures, where known, are consistent.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class CapabilitiesConformance extends ProviderConformance {
    /** Extension types no provider offers; {@code extension} must return nothing for them. */
    private static final List<Class<?>> NOT_EXTENSIONS = List.of(CapabilitiesConformance.class, Runnable.class,
            AutoCloseable.class, BackendSession.class, Object.class);

    /** For subclasses. */
    protected CapabilitiesConformance() {
    }

    @Test
    void capabilitiesDescribeTheBackend() {
        BackendCapabilities caps = backend().capabilities();
        assertThat(backend().name()).isNotBlank();
        assertThat(caps.device()).isEqualTo(backend().device());
        assertThat(caps.threadBudget()).isPositive();
        assertThat(caps.spiVersion()).isEqualTo(BackendCapabilities.SPI_VERSION);
        assertThat(caps.dtypes()).isNotEmpty();
    }

    @Test
    void theAdvertisedPlacementIsWhereSessionsComputeAndMatchesTheDevice() {
        BackendCapabilities caps = backend().capabilities();
        Placement placement = inSession(BackendSession::placement);
        assertThat(placement).isEqualTo(caps.placement());
        assertThat(caps.placement().device()).as("placement %s on device %s", caps.placement(), caps.device())
                .isEqualTo(caps.device());
        assertThat(caps.placement().isHost()).isEqualTo(caps.device() == org.ferrite.api.tensor.DeviceKind.CPU);
    }

    @Test
    void everyAdvertisedDtypeIsAllocatedTransferredCopiedAndComputed() {
        for (DType d : backend().capabilities().dtypes()) {
            Tensor a = Values.random(d, 700 + d.ordinal(), Domain.ANY, 3, 2);
            Tensor b = Values.random(d, 720 + d.ordinal(), Domain.ANY, 3, 2);
            Tensor[] got = inSession(s -> {
                Tensor there = s.allocate(d, 3, 2);
                s.transferInto(a, there);
                Tensor copy = s.allocate(d, 3, 2);
                s.copyInto(there, copy);
                Tensor sum = s.add(copy, s.to(b, s.placement()));
                return new Tensor[] {s.toHost(copy), s.toHost(sum)};
            });
            Tolerance.assertClose(d + " copy", got[0], a, 0, 0);
            Tolerance.assertClose(d + " add", got[1], Oracle.binary(BinaryOp.ADD, a, b));
        }
    }

    @Test
    void everyAdvertisedExtensionIsReturnedBySessionsWithoutOpeningOneToAsk() {
        for (Class<?> type : backend().capabilities().extensions()) {
            Optional<?> found = inSession(s -> s.extension(type));
            assertThat(found).as("extension %s", type.getName()).isPresent();
            assertThat(type.isInstance(found.get())).isTrue();
        }
    }

    @Test
    void extensionReturnsNothingThatIsNotAdvertised() {
        BackendCapabilities caps = backend().capabilities();
        for (Class<?> type : NOT_EXTENSIONS) {
            Optional<?> found = inSession(s -> s.extension(type));
            assertThat(found.isPresent()).as("extension %s", type.getName()).isEqualTo(caps.supportsExtension(type));
        }
    }

    @Test
    void memoryFiguresWhereKnownAreConsistent() {
        BackendCapabilities caps = backend().capabilities();
        caps.memoryTotalBytes().ifPresent(total -> assertThat(total).isPositive());
        caps.memoryAvailableBytes().ifPresent(available -> {
            assertThat(available).isNotNegative();
            caps.memoryTotalBytes().ifPresent(total -> assertThat(available).isLessThanOrEqualTo(total));
        });
    }
}
