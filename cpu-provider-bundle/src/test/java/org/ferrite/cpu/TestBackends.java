package org.ferrite.cpu;

import java.util.ArrayList;
import java.util.List;
import org.ferrite.cpu.internal.admission.AdmissionArbiter;
import org.ferrite.cpu.internal.affinity.FakeAffinity;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * Backends for contract tests: a pretend process of CPUs 0–127 with simulated affinity (so any CPU
 * set can be narrowed to, without touching the real machine), on the process-wide arbiter. Closes
 * what it built, and checks that no waiter was admitted by the arbiter's periodic re-check while it
 * was open: every wake-up came from the release that freed the CPUs, so no test depends on it.
 */
final class TestBackends implements AutoCloseable {
    final FakeAffinity affinity = new FakeAffinity(CpuMask.range(0, 127));
    private final List<CpuBackend> built = new ArrayList<>();
    private final long rechecksAtStart = arbiter().grantsByRecheck();

    CpuBackend on(String cpus) {
        return add(builder(cpus).build());
    }

    CpuBackend.Builder builder(String cpus) {
        return CpuBackend.builder().affinityControl(affinity).cpus(CpuDomain.parse(cpus));
    }

    CpuBackend add(CpuBackend backend) {
        built.add(backend);
        return backend;
    }

    static AdmissionArbiter arbiter() {
        return AdmissionArbiter.process();
    }

    @Override
    public void close() {
        built.forEach(CpuBackend::close);
        long rechecked = arbiter().grantsByRecheck() - rechecksAtStart;
        if (rechecked != 0) {
            throw new AssertionError(rechecked + " waiter(s) were admitted by the periodic re-check, not by a release");
        }
    }
}
