package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.einsum.Einsum;
import org.ferrite.einsum.EinsumOptions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code EinsumOptions.memoryLimit} bounds the integer route too: an I64 {@code ij,jk->ik} at n = 300 makes
 * its 27 million products a block at a time (it once allocated all of them, 216 MB, whatever the limit),
 * measured as the bytes the calling thread allocates ({@code com.sun.management.ThreadMXBean}).
 */
class IntegerEinsumMemoryTest {
    private final CpuBackend backend = CpuBackend.builder().threads(1).build();

    @AfterEach
    void close() {
        backend.close();
    }

    @Test
    void anIntegerContractionAllocatesWithinTheMemoryLimitNotEveryProduct() {
        int n = 300;
        Tensor a = Tensor.random(DType.I64, 1, n, n);
        Tensor b = Tensor.random(DType.I64, 2, n, n);
        EinsumOptions bounded = EinsumOptions.builder().memoryLimit(10_000).build();
        Tensor small = Tensor.random(DType.I64, 3, 4, 4);
        backend.withSession(s -> Einsum.einsum(s, "ij,jk->ik", bounded, small, small)); // classes loaded
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        Tensor c = backend.withSession(s -> Einsum.einsum(s, "ij,jk->ik", bounded, a, b));
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(allocated).as("bytes allocated by the bounded contraction").isLessThan(16L << 20);
        long[] x = a.i64Data();
        long[] y = b.i64Data();
        for (int[] ik : new int[][] {{0, 0}, {17, 250}, {299, 299}}) {
            long want = 0;
            for (int j = 0; j < n; j++) {
                want += x[ik[0] + j * n] * y[j + ik[1] * n];
            }
            assertThat(c.getLong(ik[0], ik[1])).isEqualTo(want);
        }
    }
}
