package org.ferrite.cpu;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.cpu.internal.admission.AdmissionArbiter;
import org.ferrite.cpu.internal.affinity.Affinities;
import org.ferrite.cpu.internal.affinity.AffinityControl;
import org.ferrite.cpu.internal.gemm.NativeBlas;
import org.ferrite.cpu.internal.linalg.lapack.LapackLibrary;
import org.ferrite.cpu.internal.session.EngineSettings;
import org.ferrite.cpu.internal.session.SessionEngine;
import org.ferrite.cpu.internal.settings.CpuSetting;

/**
 * The CPU backend: sessions over host tensors on a set of CPUs ({@link CpuDomain}) with a thread
 * budget.
 *
 * <pre>{@code
 * CpuBackend backend = CpuBackend.create();                  // every CPU the process may use
 * Tensor c = backend.withSession(s -> s.add(a, b));          // scoped: enter, run, leave
 * try (CpuHeldSession held = backend.openSession()) {        // held: enter once ...
 *     for (int i = 0; i < 1000; i++) {
 *         held.withSession(s -> { s.dotGeneralInto(m, x, DotGeneralConfig.MATMUL, y); return null; });
 *     }
 * }                                                          // ... leave once
 * }</pre>
 *
 * <h2>Admission</h2>
 * One root session at a time per CPU set, process-wide — also across the revisions of an updated
 * provider bundle: a session of this backend and a session of any backend whose domain overlaps never
 * run together; backends on disjoint domains run concurrently. Waiters are served FIFO among
 * overlapping requests. Entry steps, in order: reentry check → permit
 * → engine resources checked out → caller affinity narrowed → owner marker; every refusal is a
 * {@link org.ferrite.api.error.SessionEntryException} thrown before the callback runs:
 * <ul>
 * <li><b>Reentered</b>, before any blocking step, when the calling thread already runs inside a session
 * (held, scoped or child) of an overlapping domain — pass that session down instead:
 * <pre>{@code
 * try (CpuHeldSession held = backend.openSession()) {
 *     backend.withSession(s -> null);    // SessionEntryException.Reentered; held stays usable
 * }
 * }</pre></li>
 * <li><b>Contended</b> when the domain is busy and the caller does not wait: {@link #tryOpenSession()}
 * (empty instead), an elapsed {@link #openSession(Duration)}, an interrupted wait, or a thread that
 * must not wait — a worker of a Ferrite CPU pool (this backend's or another's) or a phase lane, whose
 * waiting could deadlock the work it serves. A worker of any other {@code ForkJoinPool} (such as the
 * common pool behind parallel streams) waits through {@code ForkJoinPool.managedBlock}, so that its pool
 * can compensate.</li>
 * </ul>
 * A thread inside a session may enter a backend on a <em>disjoint</em> domain, but it never waits for
 * it: a thread that holds a permit never waits for another (no hold-and-wait, so two threads nesting
 * in opposite orders cannot deadlock) — the nested entry is admitted if the domain is free, else
 * refused as {@code Contended} ({@code tryOpenSession} returns empty).
 * Interruption: the interrupt status is consulted only when an entry has to wait (an uncontended entry
 * succeeds regardless, as {@code Semaphore.tryAcquire} does); set on entry to the wait or arriving
 * while waiting, it makes the waiter leave the queue and fail with {@code Contended} whose cause is the
 * {@link InterruptedException}, with the interrupt status set again. The uncontended entry costs a few
 * atomic operations and no lock; no lock is held while a callback runs.
 *
 * <p>Diagnostics: a {@code Contended} message names the thread that holds the CPUs, the kind of session,
 * and how long it has held them — at least: the uncontended entry reads no clock, so the time counts
 * from the first moment an entry found that session holding them. An entry that waits without bound
 * ({@link #openSession()}, {@link #withSession}) logs the same once, at {@code WARNING} through
 * {@code System.Logger} {@code org.ferrite.cpu.session}, after {@link Builder#longWaitWarning} (10 s by
 * default), and keeps waiting in its place.
 *
 * <h2>Engine resources and management</h2>
 * The buffer pool, the plan caches and the session view are checked out by value for the whole
 * session and returned at its end, before the permit. While checked out, the management calls
 * ({@link #bufferPoolLength()}, {@link #bufferPoolStats()}, {@link #indexedPlanCacheStats()},
 * {@link #contractionPlanCacheStats()}, {@link #setBufferPoolLimitBytes}, {@link #resetBufferPool()})
 * fail at once with {@link org.ferrite.api.error.RuntimeStateException}; they never wait for a session:
 * <pre>{@code
 * CpuHeldSession held = backend.openSession();
 * backend.bufferPoolStats();                // RuntimeStateException, at once
 * held.close();
 * backend.bufferPoolStats();                // works again
 * }</pre>
 *
 * <h2>CPU affinity</h2>
 * On Linux (through JNA), when the domain is narrower than the CPUs the process may use, the calling
 * thread of a session is narrowed to the domain and restored at the session's end; the worker pool's
 * threads are pinned to it. When there is nothing to narrow no system call is made. Elsewhere (or
 * without JNA) the domain is advisory and {@link #capabilities()} says why.
 *
 * <h2>Worker pool</h2>
 * With a thread budget above 1, kernels run their chunks on a pool of that many daemon threads named
 * {@code ferrite-cpu-<cpus>-<n>}, created on first use.
 *
 * <h2>Observability</h2>
 * {@link #sessionCounters()}, and Java Flight Recorder events {@code org.ferrite.cpu.SessionOpened} (held
 * sessions, and scoped entries that waited, with the wait), {@code org.ferrite.cpu.SessionClosed} and
 * {@code org.ferrite.cpu.AdmissionRejected}.
 *
 * <p>Thread-safe. Lifetime: until {@link #close()}: see there.
 */
public final class CpuBackend implements Backend, AutoCloseable {
    /** The backend's name. */
    public static final String NAME = "cpu";
    /** Default retention cap of the buffer pool: 100 MiB. */
    public static final long DEFAULT_BUFFER_POOL_LIMIT_BYTES = 100L << 20;
    /** System property overriding the default buffer-pool cap (bytes). */
    public static final String BUFFER_POOL_LIMIT_PROPERTY = "ferrite.cpu.bufferPoolLimitBytes";
    /** Environment variable overriding the default buffer-pool cap (bytes), below the property. */
    public static final String BUFFER_POOL_LIMIT_ENVIRONMENT = "FERRITE_CPU_BUFFER_POOL_LIMIT_BYTES";
    /** System property that turns leak detection on by default ({@code true}). */
    public static final String LEAK_DETECTION_PROPERTY = "ferrite.leakDetection";
    /** Default entry limit of the indexed-plan cache. */
    public static final int DEFAULT_PLAN_CACHE_MAX_ENTRIES = 256;
    /** Default byte limit of the indexed-plan cache: 8 MiB. */
    public static final long DEFAULT_PLAN_CACHE_MAX_BYTES = 8L << 20;
    /** Default wait after which an unbounded entry logs who holds its CPUs: 10 s. */
    public static final Duration DEFAULT_LONG_WAIT_WARNING = Duration.ofSeconds(10);

    private final SessionEngine engine;
    private final CpuDomain domain;
    private final BackendCapabilities capabilities;

    private CpuBackend(SessionEngine engine, CpuDomain domain, BackendCapabilities capabilities) {
        this.engine = engine;
        this.domain = domain;
        this.capabilities = capabilities;
    }

    /**
     * The sensible default: every CPU the process may use, a thread budget of that many, the caller
     * pinned when narrower (never, here), the buffer-pool cap from {@value #BUFFER_POOL_LIMIT_PROPERTY}
     * / {@value #BUFFER_POOL_LIMIT_ENVIRONMENT} or 100 MiB, {@link GemmRoute#AUTO}, {@link LinalgRoute#AUTO}.
     *
     * @return a new backend, owned by the caller
     */
    public static CpuBackend create() {
        return builder().build();
    }

    /** @return a builder with the defaults of {@link #create()} */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Describes the native BLAS that {@link GemmRoute#NATIVE} (and {@link GemmRoute#AUTO} for large
     * products) calls, loading it on the first call in this class loader; for OpenBLAS without
     * {@code OPENBLAS_NUM_THREADS} that load also sets it to one thread per call (process-wide). For
     * reports and diagnostics, not for control flow. Thread-safe.
     *
     * @return e.g. {@code "native dev.ludovic.netlib.blas.JNIBLAS over libblas.so.3 (OpenBLAS …, 1 thread)"},
     *     or {@code "unavailable (reason); Java kernels"}
     */
    public static String nativeBlas() {
        return NativeBlas.get().description();
    }

    /**
     * Describes the native LAPACK tier of the linear algebra ({@link LinalgRoute}), binding it on the
     * first call in this class loader. For reports and diagnostics; {@link CpuCapabilities#LAPACK_NOTE}
     * says the same without binding. Thread-safe.
     *
     * @return the library and its OpenBLAS threads, or {@code "unavailable (reason)"}
     */
    public static String nativeLapack() {
        return LapackLibrary.get().description();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public DeviceKind device() {
        return DeviceKind.CPU;
    }

    /**
     * @return device CPU, placement host, every dtype, the thread budget, the JVM heap as memory (a
     *     snapshot taken now), the {@code LinalgKernels} extension, and the details of
     *     {@link CpuCapabilities}
     */
    @Override
    public BackendCapabilities capabilities() {
        return CpuCapabilities.snapshot(capabilities);
    }

    /**
     * Scoped entry: waits for admission (FIFO, without bound), runs {@code work} with a session view
     * valid only during the call, and releases. Whatever {@code work} returns or throws passes through
     * unchanged; a failure to restore the caller's affinity afterwards is thrown as
     * {@link org.ferrite.api.error.SessionCloseException} (suppressed into {@code work}'s exception if
     * it threw).
     *
     * @param work the work
     * @param <R> its result type
     * @return what {@code work} returned
     * @throws org.ferrite.api.error.SessionEntryException.Reentered if the thread already runs inside an
     *     overlapping session
     * @throws org.ferrite.api.error.SessionEntryException.Contended if the thread must not wait and the
     *     domain is busy, or it was interrupted while waiting
     * @throws org.ferrite.api.error.RuntimeStateException if the backend is closed
     */
    @Override
    public <R> R withSession(SessionFunction<R> work) {
        return engine.withSession(work);
    }

    /**
     * Held entry: waits for admission (FIFO, without bound) and returns a session confined to the
     * calling thread. See the class documentation for refusals and interruption.
     *
     * @return the open session; the caller must close it
     */
    @Override
    public CpuHeldSession openSession() {
        return engine.openHeld("openSession", Long.MAX_VALUE, false, CpuHeldSession::new);
    }

    /**
     * Held entry waiting at most {@code maxWait}; zero or negative does not wait.
     *
     * @param maxWait the longest wait for admission
     * @return the open session
     * @throws org.ferrite.api.error.SessionEntryException.Contended if not admitted in time
     */
    @Override
    public CpuHeldSession openSession(Duration maxWait) {
        Objects.requireNonNull(maxWait, "maxWait");
        long nanos;
        try {
            nanos = maxWait.toNanos();
        } catch (ArithmeticException e) {
            nanos = maxWait.isNegative() ? 0 : Long.MAX_VALUE;
        }
        return engine.openHeld("openSession", nanos, false, CpuHeldSession::new);
    }

    /**
     * Held entry without waiting; never barges past a queued waiter for an overlapping domain.
     *
     * <pre>{@code
     * Optional<HeldSession> maybe = backend.tryOpenSession();   // empty while another session runs
     * }</pre>
     *
     * @return the open session, or empty if the domain is busy
     */
    @Override
    public Optional<HeldSession> tryOpenSession() {
        return Optional.ofNullable(engine.openHeld("tryOpenSession", 0, true, CpuHeldSession::new));
    }

    /** @return the CPU set */
    public CpuDomain domain() {
        return domain;
    }

    /** @return the thread budget */
    public int threads() {
        return capabilities.threadBudget();
    }

    /** @return the GEMM route */
    public GemmRoute gemmRoute() {
        return engine.gemmRoute();
    }

    /** @return the linear-algebra route */
    public LinalgRoute linalgRoute() {
        return engine.linalgRoute();
    }

    /**
     * @return after how long an entry that waits without bound logs who holds its CPUs
     *     ({@link Builder#longWaitWarning})
     */
    public Duration longWaitWarning() {
        return Duration.ofNanos(engine.settings().longWaitWarningNanos());
    }

    /**
     * @return the number of arrays the buffer pool retains
     * @throws org.ferrite.api.error.RuntimeStateException at once while a session has the resources
     */
    public int bufferPoolLength() {
        return engine.resources().bufferPoolLength();
    }

    /**
     * @return a snapshot of the buffer pool
     * @throws org.ferrite.api.error.RuntimeStateException at once while a session has the resources
     */
    public BufferPoolStats bufferPoolStats() {
        return engine.resources().bufferPoolStats();
    }

    /**
     * @return a snapshot of the indexed-plan cache (gather, scatter, dynamic slices)
     * @throws org.ferrite.api.error.RuntimeStateException at once while a session has the resources
     */
    public CacheStats indexedPlanCacheStats() {
        return engine.resources().indexedPlanCacheStats();
    }

    /**
     * @return a snapshot of the contraction-plan cache
     * @throws org.ferrite.api.error.RuntimeStateException at once while a session has the resources
     */
    public CacheStats contractionPlanCacheStats() {
        return engine.resources().contractionPlanCacheStats();
    }

    /**
     * Sets the buffer pool's retention cap and evicts, smallest arrays first, down to it.
     *
     * @param bytes the cap, at least 0 (0 retains nothing)
     * @throws ValidationException if negative
     * @throws org.ferrite.api.error.RuntimeStateException at once while a session has the resources
     */
    public void setBufferPoolLimitBytes(long bytes) {
        if (bytes < 0) {
            throw ValidationException.invalidArgument("setBufferPoolLimitBytes", "bytes", ">= 0",
                    String.valueOf(bytes), null);
        }
        engine.resources().setBufferPoolLimitBytes(bytes);
    }

    /**
     * Drops every retained array.
     *
     * @throws org.ferrite.api.error.RuntimeStateException at once while a session has the resources
     */
    public void resetBufferPool() {
        engine.resources().resetBufferPool();
    }

    /** @return a snapshot of the session counters (never fails, never waits) */
    public SessionCounters sessionCounters() {
        return engine.counters().snapshot();
    }

    /**
     * Closes the backend. Idempotent. From the moment close begins, every new entry —
     * {@link #withSession}, {@link #openSession()}, {@link #openSession(Duration)},
     * {@link #tryOpenSession()}, and an entry already waiting for admission once it would be admitted —
     * fails with {@link org.ferrite.api.error.RuntimeStateException} naming this backend, before any
     * work runs. A held session open at close fails its <em>next</em> {@code withSession} or
     * {@code phase} with {@code RuntimeStateException}, and its {@code close()} still releases it
     * cleanly. A callback already running on another thread (a scoped entry, or a held session's
     * current call) runs to its end, with the worker pool. The worker pool and the buffers are released
     * when the last session has left — at once if none is open. Host tensors stay valid.
     *
     * <pre>{@code
     * CpuHeldSession held = backend.openSession();
     * backend.close();
     * backend.withSession(s -> null);           // RuntimeStateException: the backend is closed
     * held.withSession(s -> null);              // RuntimeStateException: its backend was closed
     * held.close();                             // releases it; the worker pool stops now
     * }</pre>
     */
    @Override
    public void close() {
        engine.close();
    }

    SessionEngine engine() {
        return engine;
    }

    @Override
    public String toString() {
        return "CpuBackend[cpus=" + domain + ", threads=" + threads() + ", gemmRoute=" + engine.gemmRoute()
                + ", linalgRoute=" + engine.linalgRoute() + "]";
    }

    /**
     * Configures a {@link CpuBackend}. Every setter validates its argument at once; {@link #build()}
     * validates how they combine. Each setter is one of the provider's settings, which the
     * {@code ServiceLoader} map of {@code Backends.create("cpu", Map)} and Configuration Admin (PIDs
     * {@code org.ferrite.cpu} and {@code org.ferrite.cpu.domain}) accept too, under the key each setter
     * names (the table in the OSGi guide, {@code docs/osgi.md}).
     *
     * <p>Not thread-safe. Lifetime: a builder may build several backends.
     */
    public static final class Builder {
        private CpuDomain cpus;
        private int threads;
        private boolean pinCaller = true;
        private long bufferPoolLimitBytes = -1;
        private int planCacheMaxEntries = DEFAULT_PLAN_CACHE_MAX_ENTRIES;
        private long planCacheMaxBytes = DEFAULT_PLAN_CACHE_MAX_BYTES;
        private GemmRoute gemmRoute = GemmRoute.AUTO;
        private LinalgRoute linalgRoute = LinalgRoute.AUTO;
        private Boolean leakDetection;
        private Duration longWaitWarning = DEFAULT_LONG_WAIT_WARNING;
        private AffinityControl affinity;
        private AdmissionArbiter arbiter;

        private Builder() {
        }

        /**
         * Key {@code threads}.
         *
         * @param budget the thread budget, at least 1 and at most the domain's size; 1 runs kernels on
         *     the session's thread without a pool (default: the domain's size)
         * @return this builder
         * @throws ValidationException if less than 1
         */
        public Builder threads(int budget) {
            CpuSetting.THREADS.checkAtLeast("CpuBackend.Builder.threads", "budget", budget);
            this.threads = budget;
            return this;
        }

        /**
         * Key {@code cpus} (a list such as {@code "0-3,8"}, {@link CpuDomain#parse}).
         *
         * @param domain the CPU set, within the CPUs the process may use (default: all of them)
         * @return this builder
         */
        public Builder cpus(CpuDomain domain) {
            this.cpus = Objects.requireNonNull(domain, "domain");
            return this;
        }

        /**
         * Key {@code pinCaller}.
         *
         * @param pin narrow the calling thread to the domain during sessions when the domain is
         *     narrower than the process's CPUs (default {@code true}); {@code false} keeps the caller's
         *     affinity (workers are pinned either way)
         * @return this builder
         */
        public Builder pinCaller(boolean pin) {
            this.pinCaller = pin;
            return this;
        }

        /**
         * Key {@code bufferPoolLimitBytes} (where a negative value stands for the default).
         *
         * @param bytes the buffer pool's retention cap, at least 0 (default
         *     {@value #BUFFER_POOL_LIMIT_PROPERTY}, else {@value #BUFFER_POOL_LIMIT_ENVIRONMENT}, else
         *     100 MiB)
         * @return this builder
         * @throws ValidationException if negative
         */
        public Builder bufferPoolLimitBytes(long bytes) {
            CpuSetting.BUFFER_POOL_LIMIT_BYTES.checkAtLeast("CpuBackend.Builder.bufferPoolLimitBytes", "bytes", bytes);
            this.bufferPoolLimitBytes = bytes;
            return this;
        }

        /**
         * Key {@code indexedPlanCacheMaxEntries}.
         *
         * @param maxEntries the indexed-plan cache's entry limit, at least 0 (default
         *     {@value #DEFAULT_PLAN_CACHE_MAX_ENTRIES}); 0 disables retention
         * @return this builder
         * @throws ValidationException if negative
         */
        public Builder indexedPlanCacheMaxEntries(int maxEntries) {
            return indexedPlanCacheLimits("indexedPlanCacheMaxEntries", maxEntries, planCacheMaxBytes);
        }

        /**
         * Key {@code indexedPlanCacheMaxBytes}.
         *
         * @param maxBytes the indexed-plan cache's byte limit, at least 0 (default 8 MiB); 0 disables
         *     retention
         * @return this builder
         * @throws ValidationException if negative
         */
        public Builder indexedPlanCacheMaxBytes(long maxBytes) {
            return indexedPlanCacheLimits("indexedPlanCacheMaxBytes", planCacheMaxEntries, maxBytes);
        }

        /**
         * Both limits of the indexed-plan cache at once ({@link #indexedPlanCacheMaxEntries},
         * {@link #indexedPlanCacheMaxBytes}).
         *
         * @param maxEntries the indexed-plan cache's entry limit, at least 0 (default 256)
         * @param maxBytes its byte limit, at least 0 (default 8 MiB); a 0 in either disables retention
         * @return this builder
         * @throws ValidationException if either is negative (nothing is set then)
         */
        public Builder indexedPlanCacheLimits(int maxEntries, long maxBytes) {
            return indexedPlanCacheLimits("indexedPlanCacheLimits", maxEntries, maxBytes);
        }

        private Builder indexedPlanCacheLimits(String method, int maxEntries, long maxBytes) {
            String op = "CpuBackend.Builder." + method;
            CpuSetting.INDEXED_PLAN_CACHE_MAX_ENTRIES.checkAtLeast(op, "maxEntries", maxEntries);
            CpuSetting.INDEXED_PLAN_CACHE_MAX_BYTES.checkAtLeast(op, "maxBytes", maxBytes);
            this.planCacheMaxEntries = maxEntries;
            this.planCacheMaxBytes = maxBytes;
            return this;
        }

        /**
         * Key {@code gemmRoute}.
         *
         * @param route which GEMM kernels contractions may use (default {@link GemmRoute#AUTO})
         * @return this builder
         */
        public Builder gemmRoute(GemmRoute route) {
            this.gemmRoute = Objects.requireNonNull(route, "route");
            return this;
        }

        /**
         * Key {@code linalgRoute}.
         *
         * @param route which linear-algebra kernels {@code LinalgKernels} may use (default
         *     {@link LinalgRoute#AUTO}: chosen per call by size)
         * @return this builder
         */
        public Builder linalgRoute(LinalgRoute route) {
            this.linalgRoute = Objects.requireNonNull(route, "route");
            return this;
        }

        /**
         * Key {@code leakDetection} (where {@code false} stands for the default: the system property).
         *
         * @param on record where each held session is opened and log it if the session is never
         *     closed (default: the system property {@value #LEAK_DETECTION_PROPERTY}); costs a stack
         *     trace per {@code openSession}
         * @return this builder
         */
        public Builder leakDetection(boolean on) {
            this.leakDetection = on;
            return this;
        }

        /**
         * After how long an entry that waits without bound — {@code openSession()} and the scoped
         * {@code withSession} — logs once, through {@code System.Logger} {@code org.ferrite.cpu.session} at
         * {@code WARNING}, which thread holds the CPUs it waits for and for how long (at least); it then
         * keeps waiting. Default {@link #DEFAULT_LONG_WAIT_WARNING} (10 s). To silence it, configure that
         * logger above {@code WARNING}. Key {@code longWaitWarningMillis} (whole milliseconds, at least 1).
         *
         * @param after a positive duration
         * @return this builder
         * @throws ValidationException if {@code after} is not positive
         */
        public Builder longWaitWarning(Duration after) {
            if (after == null || after.isNegative() || after.isZero()) {
                throw ValidationException.invalidArgument("CpuBackend.Builder.longWaitWarning", "after",
                        "a positive duration", String.valueOf(after), null);
            }
            this.longWaitWarning = after;
            return this;
        }

        Builder affinityControl(AffinityControl control) {
            this.affinity = control;
            return this;
        }

        Builder arbiter(AdmissionArbiter admission) {
            this.arbiter = admission;
            return this;
        }

        /**
         * @return a new backend, owned by the caller
         * @throws ValidationException if the domain is outside the process's CPUs (where affinity is
         *     supported), the budget exceeds the domain, or a default from the environment is invalid
         */
        public CpuBackend build() {
            AffinityControl control = affinity != null ? affinity : Affinities.platform();
            CpuDomain allowed = CpuDomain.ofMask(control.processCpus());
            CpuDomain domain = cpus != null ? cpus : allowed;
            if (control.isSupported() && !allowed.containsAll(domain)) {
                throw ValidationException.invalidArgument("CpuBackend.Builder.build", "cpus",
                        "CPUs the process may use (" + allowed + ")", domain.toString(),
                        "choose CPUs within the process's affinity mask");
            }
            int budget = threads == 0 ? domain.size() : threads;
            if (budget > domain.size()) {
                throw ValidationException.invalidArgument("CpuBackend.Builder.build", "threads",
                        "at most the " + domain.size() + " CPUs of the domain " + domain, String.valueOf(budget),
                        "a budget above the domain's size oversubscribes its CPUs");
            }
            long poolLimit = bufferPoolLimitBytes >= 0 ? bufferPoolLimitBytes : defaultBufferPoolLimit();
            boolean leaks = leakDetection != null ? leakDetection : Boolean.getBoolean(LEAK_DETECTION_PROPERTY);
            EngineSettings settings = new EngineSettings(domain.mask(), budget, pinCaller, poolLimit,
                    planCacheMaxEntries, planCacheMaxBytes, gemmRoute, linalgRoute, leaks,
                    saturatedNanos(longWaitWarning), arbiter != null ? arbiter : AdmissionArbiter.process(), control);
            BackendCapabilities capabilities = CpuCapabilities.describe(budget, control.isSupported(),
                    control.unsupportedReason(), linalgRoute);
            return new CpuBackend(new SessionEngine(settings), domain, capabilities);
        }

        private static long saturatedNanos(Duration d) {
            try {
                return d.toNanos();
            } catch (ArithmeticException e) {
                return Long.MAX_VALUE; // beyond 292 years: never
            }
        }

        private static long defaultBufferPoolLimit() {
            String source = BUFFER_POOL_LIMIT_PROPERTY;
            String value = System.getProperty(BUFFER_POOL_LIMIT_PROPERTY);
            if (value == null) {
                source = BUFFER_POOL_LIMIT_ENVIRONMENT;
                value = System.getenv(BUFFER_POOL_LIMIT_ENVIRONMENT);
            }
            if (value == null || value.isBlank()) {
                return DEFAULT_BUFFER_POOL_LIMIT_BYTES;
            }
            try {
                long bytes = Long.parseLong(value.trim().replace("_", ""));
                if (bytes >= 0) {
                    return bytes;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw ValidationException.invalidArgument("CpuBackend.Builder.build", source,
                    "a number of bytes >= 0", "\"" + value + "\"", "fix or unset " + source);
        }
    }
}
