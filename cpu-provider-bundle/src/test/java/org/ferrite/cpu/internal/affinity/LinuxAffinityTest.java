package org.ferrite.cpu.internal.affinity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.junit.jupiter.api.Test;

/** The real Linux affinity calls, on the test thread, restored afterwards. */
class LinuxAffinityTest {
    @Test
    void theCallingThreadIsNarrowedAndRestored() throws Exception {
        AffinityControl affinity = Affinities.platform();
        assumeTrue(affinity.isSupported(), affinity.unsupportedReason());
        CpuMask process = affinity.processCpus();
        assumeTrue(process.cardinality() >= 2, "needs two CPUs");
        long[] saved = affinity.newMaskBuffer();
        affinity.read(saved);
        int first = process.toArray()[0];
        try {
            affinity.write(CpuMask.of(first).toWords());
            long[] now = affinity.newMaskBuffer();
            affinity.read(now);
            assertThat(CpuMask.fromWords(now)).isEqualTo(CpuMask.of(first));
        } finally {
            affinity.write(saved);
        }
        long[] restored = affinity.newMaskBuffer();
        affinity.read(restored);
        assertThat(CpuMask.fromWords(restored)).isEqualTo(CpuMask.fromWords(saved));
    }

    @Test
    void anImpossibleMaskIsAnAffinityException() {
        AffinityControl affinity = Affinities.platform();
        assumeTrue(affinity.isSupported(), affinity.unsupportedReason());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> affinity.write(new long[1]))
                .isInstanceOf(AffinityException.class).hasMessageContaining("errno 22");
    }
}
