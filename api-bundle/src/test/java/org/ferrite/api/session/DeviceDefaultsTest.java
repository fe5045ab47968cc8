package org.ferrite.api.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.random.Distribution;
import org.ferrite.api.random.RandomKey;
import org.ferrite.api.spi.session.StreamEvent;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.testsupport.FakeDeviceStorage;
import org.junit.jupiter.api.Test;

/**
 * The portable defaults of the device parts of {@link BackendSession} — {@code recordEvent}, {@code waitEvent},
 * {@code allocatePersistent}, {@code free}, {@code randomInto} — on a session that implements only
 * {@code placement}, {@code synchronize} and {@code transferInto} (a proxy that runs every other method's
 * default): what a device provider that overrides none of them gets. (Host providers run the defaults in the
 * conformance kit.)
 */
class DeviceDefaultsTest {
    private static final Placement DEVICE = new Placement(DeviceKind.CUDA, 1);

    private final List<String> calls = new ArrayList<>();
    private final List<TensorRead[]> transfers = new ArrayList<>();
    private final BackendSession session = deviceSession();

    private BackendSession deviceSession() {
        InvocationHandler handler = (proxy, method, args) -> {
            switch (method.getName()) {
                case "placement":
                    calls.add("placement");
                    return DEVICE;
                case "synchronize":
                    calls.add("synchronize");
                    return null;
                case "transferInto":
                    calls.add("transferInto");
                    transfers.add(new TensorRead[] {(TensorRead) args[0], (TensorRead) args[1]});
                    return null;
                default:
                    if (method.isDefault()) {
                        return InvocationHandler.invokeDefault(proxy, method, args);
                    }
                    throw new AssertionError("the defaults under test called the hook " + method.getName());
            }
        };
        return (BackendSession) Proxy.newProxyInstance(BackendSession.class.getClassLoader(),
                new Class<?>[] {BackendSession.class}, handler);
    }

    private static Tensor onDevice(DType dtype, long... shape) {
        return Tensor.wrapDevice(dtype, new FakeDeviceStorage(DEVICE, 64), shape);
    }

    @Test
    void recordEventSynchronizesAndReturnsACompleteEventOfThePlacement() {
        Event e = session.recordEvent();
        assertThat(calls).containsExactly("placement", "synchronize");
        assertThat(e.isComplete()).isTrue();
        assertThat(e.placement()).isEqualTo(DEVICE);
    }

    @Test
    void waitEventBlocksOnTheEventAndThrowsItsFailureThere() {
        StreamEvent failed = new StreamEvent(DEVICE);
        NumericalFailureException cause = new NumericalFailureException("div", "integer division by zero");
        failed.fail(cause);
        assertThatThrownBy(() -> session.waitEvent(failed)).isSameAs(cause);
        StreamEvent done = new StreamEvent(DEVICE);
        done.complete();
        session.waitEvent(done);
        assertThatThrownBy(() -> session.waitEvent(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void aDeviceWithoutBackendOwnedMemoryRefusesPersistentTensorsTyped() {
        assertThatThrownBy(() -> session.allocatePersistent(DType.F64, 2)).isInstanceOf(UnsupportedOpException.class)
                .hasMessageContaining(DEVICE.toString());
        assertThatThrownBy(() -> session.toPersistent(Tensor.zeros(DType.F64, 2)))
                .isInstanceOf(UnsupportedOpException.class);
        expectValidation(() -> session.free(onDevice(DType.F32, 2)), ValidationKind.INVALID_ARGUMENT, "free", "tensor");
        session.free(Tensor.zeros(DType.F32, 2)); // a host tensor: nothing to do
    }

    @Test
    void randomIntoADeviceOutputGeneratesTheReferenceOnTheHostAndTransfersIt() {
        RandomKey key = RandomKey.of(12);
        Tensor out = onDevice(DType.C128, 3, 2);
        session.randomInto(Distribution.NORMAL, key, out);
        assertThat(transfers).hasSize(1);
        assertThat(transfers.get(0)[1]).isSameAs(out);
        assertThat(Tensor.contentEquals(transfers.get(0)[0], Distribution.NORMAL.sample(key, DType.C128, 3, 2)))
                .isTrue();
        Tensor host = Tensor.zeros(DType.I64, 4);
        session.randomInto(Distribution.BITS, key, host);
        assertThat(transfers).as("a host output is written in place").hasSize(1);
        assertThat(host.i64Data()).containsExactly(Distribution.BITS.sample(key, DType.I64, 4).i64Data());
    }

    @Test
    void randomIntoRefusesWrongDtypesAndForeignPlacementsBeforeWriting() {
        RandomKey key = RandomKey.of(13);
        expectValidation(() -> session.randomInto(Distribution.UNIFORM, key, onDevice(DType.I32, 2)),
                ValidationKind.DTYPE_MISMATCH, "randomUniform", "out");
        Tensor elsewhere = Tensor.wrapDevice(DType.F32, new FakeDeviceStorage(new Placement(DeviceKind.ROCM, 0), 4), 4);
        expectValidation(() -> session.randomInto(Distribution.UNIFORM, key, elsewhere), ValidationKind.INVALID_ARGUMENT,
                "randomUniform", "out");
        expectValidation(() -> session.randomNormal(key, DType.BOOL, 2), ValidationKind.DTYPE_MISMATCH, "randomNormal",
                "dtype");
        assertThat(transfers).isEmpty();
    }
}
