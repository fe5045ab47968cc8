package org.ferrite.itests.random;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ferrite.api.Backend;
import org.ferrite.api.random.Distribution;
import org.ferrite.api.random.RandomKey;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.offheap.OffHeapBackend;
import org.ferrite.reference.ReferenceBackend;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The promise of the counter-based random numbers across providers: the same key gives the same bits on
 * the CPU provider (host arrays, written in place), the reference provider (the API's portable default) and
 * the off-heap provider (a device: generated on its stream) — every distribution, every accepted dtype,
 * several shapes and keys, compared bit for bit, normal values included (all three evaluate the transform
 * with fdlibm). Each provider's agreement with the reference implementation is the kit's
 * ({@code RandomConformance}); this test puts the three side by side.
 */
class SameKeySameBitsTest {
    private static final long[][] SHAPES = {{}, {1}, {5}, {4, 3}, {2, 3, 2}, {1000}};
    private static final List<Backend> BACKENDS = new ArrayList<>();

    @BeforeAll
    static void createTheThreeProviders() {
        BACKENDS.add(CpuBackend.builder().threads(1).build());
        BACKENDS.add(new ReferenceBackend());
        BACKENDS.add(new OffHeapBackend());
    }

    @AfterAll
    static void closeThem() {
        BACKENDS.forEach(Backend::close);
    }

    private static Tensor generate(Backend backend, Distribution d, RandomKey key, DType dtype, long[] shape) {
        return backend.withSession(s -> s.toHost(d == Distribution.BITS ? s.randomBits(key, dtype, shape)
                : d == Distribution.UNIFORM ? s.randomUniform(key, dtype, shape) : s.randomNormal(key, dtype, shape)));
    }

    @Test
    void theSameKeyGivesTheSameBitsOnCpuReferenceAndOffHeap() {
        RandomKey root = RandomKey.of(20_27);
        int compared = 0;
        for (Distribution d : Distribution.values()) {
            for (DType dtype : DType.values()) {
                if (!d.accepts(dtype)) {
                    continue;
                }
                for (long[] shape : SHAPES) {
                    RandomKey key = root.fold(compared);
                    Tensor cpu = generate(BACKENDS.get(0), d, key, dtype, shape);
                    assertThat(cpu.placement().isHost()).isTrue();
                    for (Backend other : BACKENDS.subList(1, BACKENDS.size())) {
                        Tensor t = generate(other, d, key, dtype, shape);
                        assertThat(bits(t)).as(d + " " + dtype + Arrays.toString(shape) + " on " + other.name()
                                + " vs cpu").isEqualTo(bits(cpu));
                    }
                    compared++;
                }
            }
        }
        assertThat(compared).isEqualTo(10 * SHAPES.length);
    }

    /** The raw bits of every scalar, in storage order (a compact host tensor). */
    private static long[] bits(Tensor t) {
        Object a = t.storage();
        if (a instanceof int[]) {
            return Arrays.stream((int[]) a).asLongStream().toArray();
        }
        if (a instanceof long[]) {
            return ((long[]) a).clone();
        }
        if (a instanceof float[]) {
            float[] f = (float[]) a;
            long[] out = new long[f.length];
            for (int i = 0; i < f.length; i++) {
                out[i] = Float.floatToRawIntBits(f[i]);
            }
            return out;
        }
        return Arrays.stream((double[]) a).mapToLong(Double::doubleToRawLongBits).toArray();
    }
}
