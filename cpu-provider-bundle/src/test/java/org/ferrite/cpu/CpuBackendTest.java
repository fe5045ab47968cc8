package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.ferrite.cpu.internal.affinity.Affinities;
import org.ferrite.cpu.internal.affinity.UnsupportedAffinity;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.ferrite.cpu.internal.worker.WorkerPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuBackendTest {
    private final TestBackends backends = new TestBackends();

    @AfterEach
    void closeAll() {
        backends.close();
        System.clearProperty(CpuBackend.BUFFER_POOL_LIMIT_PROPERTY);
    }

    @Test
    void createUsesEveryCpuTheProcessMayUse() {
        try (CpuBackend backend = CpuBackend.create()) {
            CpuDomain available = CpuDomain.available();
            assertThat(backend.domain()).isEqualTo(available);
            assertThat(backend.threads()).isEqualTo(available.size());
            assertThat(backend.name()).isEqualTo("cpu");
            assertThat(backend.device()).isEqualTo(DeviceKind.CPU);
            assertThat(backend.gemmRoute()).isEqualTo(GemmRoute.AUTO);
            BackendCapabilities capabilities = backend.capabilities();
            assertThat(capabilities.dtypes()).isEqualTo(EnumSet.allOf(DType.class));
            assertThat(capabilities.threadBudget()).isEqualTo(available.size());
            assertThat(capabilities.spiVersion()).isEqualTo(BackendCapabilities.SPI_VERSION);
            assertThat(capabilities.detail(CpuCapabilities.AFFINITY_SUPPORTED))
                    .contains(Affinities.platform().isSupported());
            assertThat(capabilities.placement()).isEqualTo(Placement.HOST);
            assertThat(capabilities.extensions()).as("what extension(Class) returns")
                    .containsExactly(org.ferrite.linalg.LinalgKernels.class);
            assertThat(backend.linalgRoute()).isEqualTo(LinalgRoute.AUTO);
            assertThat(capabilities.memoryTotalBytes()).hasValue(Runtime.getRuntime().maxMemory());
            assertThat(capabilities.memoryAvailableBytes().getAsLong())
                    .isBetween(0L, capabilities.memoryTotalBytes().getAsLong());
            assertThat(backend.bufferPoolStats().limitBytes()).isEqualTo(CpuBackend.DEFAULT_BUFFER_POOL_LIMIT_BYTES);
            assertThat(backend.<Long>withSession(s -> s.allocate(DType.F64, 2).size())).isEqualTo(2);
        }
    }

    @Test
    void anUnsupportedPlatformIsReportedInTheCapabilitiesAndTheDomainIsAdvisory() {
        UnsupportedAffinity none = new UnsupportedAffinity("CPU affinity needs Linux; this is Plan 9");
        CpuBackend backend = backends.add(CpuBackend.builder().affinityControl(none).cpus(CpuDomain.of(0)).build());
        assertThat(backend.capabilities().detail(CpuCapabilities.AFFINITY_SUPPORTED)).contains(false);
        assertThat(backend.capabilities().detail(CpuCapabilities.AFFINITY_NOTE)).hasValueSatisfying(
                note -> assertThat(note).contains("Plan 9"));
        try (CpuHeldSession held = backend.openSession()) { // no affinity call is attempted
            assertThat(held.isOpen()).isTrue();
        }
    }

    @Test
    void theBuilderRejectsInconsistentSettingsNamingTheArgument() {
        assertThatThrownBy(() -> backends.builder("0-1").threads(3).build()).isInstanceOf(ValidationException.class)
                .hasMessageContaining("threads").hasMessageContaining("at most the 2 CPUs");
        assertThatThrownBy(() -> backends.builder("120-130").build()).isInstanceOf(ValidationException.class)
                .hasMessageContaining("cpus").hasMessageContaining("0-127");
        assertThatThrownBy(() -> CpuBackend.builder().threads(0)).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> CpuBackend.builder().bufferPoolLimitBytes(-1)).isInstanceOf(ValidationException.class);
        assertThatThrownBy(() -> CpuBackend.builder().indexedPlanCacheLimits(-1, 0))
                .isInstanceOf(ValidationException.class).hasMessageContaining("maxEntries");
        assertThatThrownBy(() -> CpuBackend.builder().indexedPlanCacheMaxBytes(-1))
                .isInstanceOf(ValidationException.class).hasMessageContaining("maxBytes");
        CpuBackend oneByOne = backends.add(backends.builder("2").indexedPlanCacheMaxEntries(3)
                .indexedPlanCacheMaxBytes(30).build());
        assertThat(oneByOne.indexedPlanCacheStats().maxEntries()).isEqualTo(3);
        assertThat(oneByOne.indexedPlanCacheStats().maxBytes()).isEqualTo(30);
        CpuBackend configured = backends.add(backends.builder("2-5").threads(2).gemmRoute(GemmRoute.JAVA)
                .indexedPlanCacheLimits(10, 1000).bufferPoolLimitBytes(4096).build());
        assertThat(configured.threads()).isEqualTo(2);
        assertThat(configured.gemmRoute()).isEqualTo(GemmRoute.JAVA);
        assertThat(configured.indexedPlanCacheStats().maxEntries()).isEqualTo(10);
        assertThat(configured.indexedPlanCacheStats().maxBytes()).isEqualTo(1000);
        assertThat(configured.bufferPoolStats().limitBytes()).isEqualTo(4096);
    }

    @Test
    void theBufferPoolCapDefaultsFromTheSystemProperty() {
        System.setProperty(CpuBackend.BUFFER_POOL_LIMIT_PROPERTY, "12_345");
        assertThat(backends.on("0").bufferPoolStats().limitBytes()).isEqualTo(12_345);
        System.setProperty(CpuBackend.BUFFER_POOL_LIMIT_PROPERTY, "a lot");
        assertThatThrownBy(() -> backends.on("0")).isInstanceOf(ValidationException.class)
                .hasMessageContaining(CpuBackend.BUFFER_POOL_LIMIT_PROPERTY).hasMessageContaining("a lot");
    }

    @Test
    void leakDetectionDefaultsFromTheSystemProperty() {
        System.setProperty(CpuBackend.LEAK_DETECTION_PROPERTY, "true");
        try {
            assertThat(backends.on("0").engine().settings().leakDetection()).isTrue();
            assertThat(backends.builder("0").leakDetection(false).build().engine().settings().leakDetection())
                    .isFalse();
        } finally {
            System.clearProperty(CpuBackend.LEAK_DETECTION_PROPERTY);
        }
        assertThat(backends.on("0").engine().settings().leakDetection()).isFalse();
    }

    @Test
    void managementCallsWorkBetweenSessions() {
        CpuBackend backend = backends.on("0-1");
        backend.withSession(s -> {
            s.reclaim(s.allocate(DType.F64, 1024));
            s.reclaim(s.allocate(DType.F32, 1024));
            return null;
        });
        assertThat(backend.bufferPoolLength()).isEqualTo(2);
        backend.setBufferPoolLimitBytes(8192); // the smaller F32 array goes first
        assertThat(backend.bufferPoolStats()).satisfies(stats -> {
            assertThat(stats.buffers()).isEqualTo(1);
            assertThat(stats.retainedBytes()).isEqualTo(8192);
            assertThat(stats.evictions()).isEqualTo(1);
        });
        assertThatThrownBy(() -> backend.setBufferPoolLimitBytes(-5)).isInstanceOf(ValidationException.class);
        backend.resetBufferPool();
        assertThat(backend.bufferPoolLength()).isZero();
        assertThat(backend.contractionPlanCacheStats()).isNotNull();
    }

    @Test
    void aClosedBackendRefusesNewEntriesAndStopsItsPoolWhenTheLastSessionLeft() throws Exception {
        CpuBackend backend = backends.add(backends.builder("0-1").threads(2).build());
        CpuHeldSession held = backend.openSession();
        held.withSession(s -> {
            ((org.ferrite.cpu.internal.kernel.KernelContext) s).parallel().run(4, i -> { });
            return null;
        });
        WorkerPool pool = backend.engine().workerPoolIfStarted();
        assertThat(pool).isNotNull();
        backend.close();
        assertThat(pool.threads()).allMatch(Thread::isAlive); // the held session has not left yet
        assertThatThrownBy(() -> held.withSession(s -> null)).isExactlyInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("was closed");
        held.close();
        for (Thread worker : pool.threads()) {
            worker.join(10_000);
            assertThat(worker.isAlive()).isFalse();
        }
        assertThatThrownBy(backend::openSession).isExactlyInstanceOf(RuntimeStateException.class)
                .hasMessageContaining("is closed");
        assertThatThrownBy(() -> backend.withSession(s -> null)).isExactlyInstanceOf(RuntimeStateException.class);
        assertThat(backend.bufferPoolLength()).isZero(); // management still works
        backend.close();
    }

    @Test
    void theWorkerPoolIsCreatedLazilyOnlyForBudgetsAboveOne() {
        CpuBackend single = backends.add(backends.builder("0-1").threads(1).build());
        CpuBackend dual = backends.add(backends.builder("0-1").threads(2).build());
        single.withSession(s -> {
            assertThat(((org.ferrite.cpu.internal.kernel.KernelContext) s).parallel().parallelism()).isEqualTo(1);
            return null;
        });
        assertThat(single.engine().workerPoolIfStarted()).isNull();
        dual.withSession(s -> null);
        assertThat(dual.engine().workerPoolIfStarted()).isNull();
        dual.withSession(s -> ((org.ferrite.cpu.internal.kernel.KernelContext) s).parallel());
        assertThat(dual.engine().workerPoolIfStarted().threads()).extracting(Thread::getName)
                .containsExactly("ferrite-cpu-0-1-0", "ferrite-cpu-0-1-1");
    }

    @Test
    void sessionCountersCountEntriesWaitsAndRefusals() {
        CpuBackend backend = backends.on("0-1");
        backend.withSession(s -> null);
        backend.withSession(s -> null);
        try (CpuHeldSession held = backend.openSession()) {
            assertThat(backend.sessionCounters()).isEqualTo(new SessionCounters(1, 2, 0, 0, 0, 0, 0));
            assertThat(held.isOpen()).isTrue();
        }
    }

    @Test
    void flightRecorderEventsDescribeHeldSessionsAndRefusals(@TempDir Path dir) throws Exception {
        CpuBackend backend = backends.on("8-9");
        Path file = dir.resolve("sessions.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("org.ferrite.cpu.SessionOpened");
            recording.enable("org.ferrite.cpu.SessionClosed");
            recording.enable("org.ferrite.cpu.AdmissionRejected");
            recording.start();
            try (CpuHeldSession held = backend.openSession()) {
                assertThat(held.isOpen()).isTrue();
                Thread other = new Thread(() -> backend.tryOpenSession());
                other.start();
                other.join();
            }
            recording.stop();
            recording.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        assertThat(Files.size(file)).isPositive();
        assertThat(events).extracting(e -> e.getEventType().getName()).contains("org.ferrite.cpu.SessionOpened",
                "org.ferrite.cpu.SessionClosed", "org.ferrite.cpu.AdmissionRejected");
        RecordedEvent opened = events.stream()
                .filter(e -> e.getEventType().getName().equals("org.ferrite.cpu.SessionOpened")).findFirst().get();
        assertThat(opened.getString("cpus")).isEqualTo("8-9");
        assertThat(opened.getString("kind")).isEqualTo("held");
        RecordedEvent rejected = events.stream()
                .filter(e -> e.getEventType().getName().equals("org.ferrite.cpu.AdmissionRejected")).findFirst().get();
        assertThat(rejected.getString("reason")).isEqualTo("try");
        assertThat(rejected.getString("operation")).isEqualTo("tryOpenSession");
    }

    @Test
    void toStringNamesTheDomainAndBudget() {
        assertThat(backends.on("2-3")).hasToString("CpuBackend[cpus=2-3, threads=2, gemmRoute=AUTO, linalgRoute=AUTO]");
        assertThat(CpuMask.parse("2-3")).hasToString("2-3");
    }
}
