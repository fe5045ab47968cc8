package org.ferrite.einsum;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ferrite.api.spi.Overlap;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.DeviceStorage;
import org.junit.jupiter.api.Test;

/** {@link Aliasing} restates the API's one aliasing rule; this pins it to {@code spi.Overlap}. */
class AliasingTest {
    /** A window of a device allocation; no data. */
    private record Window(Placement placement, long elementCapacity, Object allocation, long byteOffset)
            implements DeviceStorage {
    }

    private static TensorView randomView(SplittableRandom rnd, DType d, Object storage, long capacity) {
        int rank = rnd.nextInt(0, 3);
        long[] shape = new long[rank];
        long[] strides = new long[rank];
        long span = 0;
        for (int a = 0; a < rank; a++) {
            shape[a] = rnd.nextInt(0, 4);
            strides[a] = rnd.nextInt(-3, 4);
            span += Math.abs(strides[a]) * Math.max(0, shape[a] - 1);
        }
        long offset = span >= capacity ? 0 : rnd.nextLong(span, capacity);
        for (int a = 0; a < rank; a++) {
            if (strides[a] > 0) {
                offset -= strides[a] * Math.max(0, shape[a] - 1);
            }
        }
        try {
            return TensorView.of(d, storage, shape, strides, Math.max(0, offset));
        } catch (RuntimeException e) {
            return TensorView.of(Tensor.zeros(d, 1));
        }
    }

    @Test
    void agreesWithTheSpiOverlapRuleOnRandomHostLayouts() {
        for (int seed = 0; seed < 2000; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            double[] shared = new double[24];
            TensorView a = randomView(rnd, DType.F64, shared, 24);
            TensorView b = randomView(rnd, rnd.nextBoolean() ? DType.C128 : DType.F64, rnd.nextInt(4) == 0
                    ? new double[24] : shared, rnd.nextBoolean() ? 12 : 24);
            assertThat(Aliasing.mayOverlap(a, b)).as("seed %d: %s / %s", seed, a, b).isEqualTo(Overlap.mayOverlap(a,
                    b));
        }
    }

    @Test
    void agreesWithTheSpiOverlapRuleOnDeviceWindowsOfOneAllocation() {
        Placement device = new Placement(DeviceKind.CUDA, 0);
        Object allocation = new Object();
        for (int seed = 0; seed < 1000; seed++) {
            SplittableRandom rnd = new SplittableRandom(10_000 + seed);
            Window s1 = new Window(device, 16, allocation, 8L * rnd.nextInt(0, 8));
            Window s2 = new Window(device, 16, rnd.nextInt(5) == 0 ? new Object() : allocation,
                    8L * rnd.nextInt(0, 8));
            TensorRead a = randomView(rnd, DType.F64, s1, 16);
            TensorRead b = randomView(rnd, DType.F64, s2, 16);
            assertThat(Aliasing.mayOverlap(a, b)).as("seed %d", seed).isEqualTo(Overlap.mayOverlap(a, b));
        }
        Tensor host = Tensor.zeros(DType.F64, 4);
        TensorRead onDevice = Tensor.wrapDevice(DType.F64, new Window(device, 4, new Object(), 0), 4);
        assertThat(Aliasing.mayOverlap(host, onDevice)).isFalse();
    }
}
