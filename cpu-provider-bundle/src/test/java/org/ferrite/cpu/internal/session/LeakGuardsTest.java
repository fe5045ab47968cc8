package org.ferrite.cpu.internal.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.CpuDomain;
import org.ferrite.cpu.TestEngines;
import org.ferrite.cpu.internal.admission.AdmissionArbiter;
import org.ferrite.cpu.internal.affinity.FakeAffinity;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.ferrite.cpu.testing.Await;
import org.junit.jupiter.api.Test;

class LeakGuardsTest {
    @Test
    void theCleanerThreadRunsWhileEnginesExistAndEndsWhenTheLastIsClosed() {
        int before = LeakGuards.engines();
        SessionEngine first = engine();
        SessionEngine second = engine();
        assertThat(LeakGuards.engines()).isEqualTo(before + 2);
        assertThat(cleanerThread()).isPresent().get().satisfies(t -> assertThat(t.isDaemon()).isTrue());
        first.close();
        first.close();
        second.close();
        assertThat(LeakGuards.engines()).isEqualTo(before);
        if (before == 0) {
            Await.until(() -> cleanerThread().isEmpty(), () -> "ferrite-session-cleaner to end");
        }
    }

    private static SessionEngine engine() {
        return TestEngines.engine(CpuBackend.builder().cpus(CpuDomain.of(3)).threads(1).bufferPoolLimitBytes(0)
                .indexedPlanCacheLimits(0, 0).leakDetection(false), new AdmissionArbiter(),
                new FakeAffinity(CpuMask.range(0, 7)));
    }

    private static Optional<Thread> cleanerThread() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals("ferrite-session-cleaner") && t.isAlive()).findFirst();
    }
}
