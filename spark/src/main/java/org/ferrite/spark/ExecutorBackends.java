package org.ferrite.spark;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.SparkEnv;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.spark.internal.ProcessCpus;
import org.ferrite.spark.internal.SlotCpus;

/**
 * The backends of one executor JVM for one {@link BackendSpec}: made lazily, on the first task that needs
 * them (or at executor start by the {@link FerritePlugin}), kept for the JVM's life and closed at executor
 * shutdown (the plugin's {@code shutdown}, else a JVM shutdown hook).
 *
 * <pre>{@code
 * ExecutorBackendStats stats = ExecutorBackends.of(spec).stats();   // on an executor, or a local[N] driver
 * }</pre>
 *
 * <h2>Task slots</h2>
 * A Spark executor runs up to {@code spark.executor.cores / spark.task.cpus} tasks at once, on reused
 * threads. Under {@link TaskSlots#DISJOINT_CPUS} each running task leases a <em>slot</em>: its own backend
 * on its own {@code spark.task.cpus} CPUs ({@link SlotCpus}: the k-th run of the process's CPU ids), with a
 * thread budget of {@code spark.task.cpus} and caller pinning off (task threads are reused, so a task must
 * leave its thread's affinity alone). A task takes the lowest free slot; slots are made on first need and
 * kept. Slots' CPU sets are disjoint while the executor has the CPUs for them, so two tasks' sessions never
 * wait for each other's admission. An executor with more task slots than CPUs (say {@code local[4]} on two
 * cores) wraps around: the extra slots share CPUs, their tasks take turns (the CPUs are full anyway), and
 * {@link ExecutorBackendStats#sharedCpuSlots()} and {@link ExecutorBackendStats#admissionWaits()} show it
 * (logged once at {@code WARNING}). Under {@link TaskSlots#SHARED} every task leases the one backend.
 *
 * <p>Thread-safe. Lifetime: from the first {@link #of} for a spec until {@link #close()} or
 * {@link #closeAll()}; a later {@code of} makes a fresh holder. The backends belong to the holder: tasks
 * never close them.
 */
public final class ExecutorBackends implements AutoCloseable {
    private static final System.Logger LOG = System.getLogger("org.ferrite.spark");
    private static final Map<BackendSpec, ExecutorBackends> HOLDERS = new ConcurrentHashMap<>();
    private static final AtomicBoolean CLOSE_AT_EXIT = new AtomicBoolean();

    private final BackendSpec spec;
    private final String providerName;
    private final TaskSlots policy;
    private final SlotCpus cpus;
    /** Guarded by {@code this}. Slot k is at index k; slots are never removed before close. */
    private final List<Slot> slots = new ArrayList<>();
    /** Guarded by {@code this}. */
    private boolean closed;
    private final AtomicBoolean warnedSharing = new AtomicBoolean();
    final AtomicLong sessionsOpened = new AtomicLong();
    final AtomicLong sessionsClosed = new AtomicLong();
    final AtomicLong admissionWaits = new AtomicLong();
    final AtomicLong batches = new AtomicLong();
    final AtomicLong rows = new AtomicLong();

    private ExecutorBackends(BackendSpec spec, String providerName, SlotCpus cpus) {
        this.spec = spec;
        this.providerName = providerName;
        this.policy = spec.resolvedSlots(providerName);
        this.cpus = cpus;
    }

    /**
     * @param spec the backends' description
     * @return this JVM's holder for {@code spec}, made on first use
     * @throws org.ferrite.api.error.NoBackendException if the spec names no provider of this JVM
     */
    public static ExecutorBackends of(BackendSpec spec) {
        ExecutorBackends holder = HOLDERS.get(spec);
        if (holder != null) {
            return holder;
        }
        closeAtExit();
        return HOLDERS.computeIfAbsent(spec,
                s -> new ExecutorBackends(s, s.resolvedProvider(), new SlotCpus(ProcessCpus.ids(), taskCpus())));
    }

    /** Closes every holder of this JVM (the plugin's executor shutdown; tests between Spark contexts). */
    public static void closeAll() {
        for (ExecutorBackends holder : List.copyOf(HOLDERS.values())) {
            holder.close();
        }
    }

    private static void closeAtExit() {
        if (CLOSE_AT_EXIT.compareAndSet(false, true)) {
            Thread hook = new Thread(ExecutorBackends::closeAll, "ferrite-spark-close");
            hook.setDaemon(true);
            Runtime.getRuntime().addShutdownHook(hook);
        }
    }

    /** @return {@code spark.task.cpus} of this executor's configuration (1 outside Spark) */
    private static int taskCpus() {
        SparkEnv env = SparkEnv.get();
        return env == null ? 1 : Math.max(1, env.conf().getInt("spark.task.cpus", 1));
    }

    /** @return the spec these backends were made from */
    public BackendSpec spec() {
        return spec;
    }

    /** @return a snapshot of the counters */
    public ExecutorBackendStats stats() {
        int made;
        int sharing;
        synchronized (this) {
            made = slots.size();
            sharing = policy == TaskSlots.DISJOINT_CPUS ? (int) slots.stream().filter(s -> cpus.shares(s.index)).count()
                    : 0;
        }
        return new ExecutorBackendStats(providerName, policy, made, sharing, sessionsOpened.get(), sessionsClosed.get(),
                admissionWaits.get(), batches.get(), rows.get());
    }

    /**
     * The backends made so far, by slot — for diagnostics and tests (a provider's own counters). They
     * belong to this holder: do not close them.
     *
     * @return slot index to backend (insertion order)
     */
    public synchronized Map<Integer, Backend> backends() {
        Map<Integer, Backend> made = new LinkedHashMap<>();
        for (Slot slot : slots) {
            if (slot.backend != null) {
                made.put(slot.index, slot.backend);
            }
        }
        return made;
    }

    /**
     * Makes the backends of the first {@code count} slots now (the plugin, at executor start), so that the
     * first tasks do not pay for them.
     *
     * @param count slots to prepare
     */
    public void prepare(int count) {
        for (int k = 0; k < (policy == TaskSlots.SHARED ? Math.min(count, 1) : count); k++) {
            Slot slot;
            synchronized (this) {
                requireOpen();
                while (slots.size() <= k) {
                    slots.add(new Slot(slots.size()));
                }
                slot = slots.get(k);
            }
            slot.backend();
        }
    }

    /**
     * Leases a slot for one task: the lowest free one (any, under {@code SHARED}), made if none is free.
     * Never waits.
     *
     * @return the lease; the caller releases it
     * @throws RuntimeStateException if this holder is closed
     */
    Lease lease() {
        Slot chosen = null;
        synchronized (this) {
            requireOpen();
            if (policy == TaskSlots.SHARED && !slots.isEmpty()) {
                chosen = slots.get(0);
            }
            for (int k = 0; chosen == null && k < slots.size(); k++) {
                if (slots.get(k).leases == 0) {
                    chosen = slots.get(k);
                }
            }
            if (chosen == null) {
                chosen = new Slot(slots.size());
                slots.add(chosen);
            }
            chosen.leases++;
        }
        if (policy == TaskSlots.DISJOINT_CPUS && cpus.shares(chosen.index) && warnedSharing.compareAndSet(false, true)) {
            LOG.log(Level.WARNING, "ferrite-spark: task slot " + chosen.index + " shares CPUs with a lower slot ("
                    + cpus + "): more concurrent tasks than CPUs / spark.task.cpus; their sessions take turns");
        }
        try {
            return new Lease(this, chosen, chosen.backend());
        } catch (RuntimeException | Error e) {
            release(chosen);
            throw e;
        }
    }

    synchronized void release(Slot slot) {
        slot.leases--;
    }

    private void requireOpen() {
        if (closed) {
            throw new RuntimeStateException("ExecutorBackends.lease", "the executor's Ferrite backends for " + spec
                    + " are closed (executor shutdown); a new task makes a fresh holder through ExecutorBackends.of");
        }
    }

    /** Closes every slot's backend and forgets this holder. Idempotent. */
    @Override
    public void close() {
        List<Slot> made;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            made = List.copyOf(slots);
        }
        HOLDERS.remove(spec, this);
        RuntimeException first = null;
        for (Slot slot : made) {
            try {
                slot.close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @Override
    public String toString() {
        return "ExecutorBackends[" + spec + ", " + stats() + "]";
    }

    /** One task slot: its backend, made once. Its fields are guarded by the holder, except {@link #backend}. */
    final class Slot {
        final int index;
        /** Guarded by the holder. */
        int leases;
        /** Written once under {@code this}; read by {@link #backends()} without it. */
        private volatile Backend backend;

        Slot(int index) {
            this.index = index;
        }

        synchronized Backend backend() {
            if (backend == null) {
                backend = Backends.create(providerName, settings());
            }
            return backend;
        }

        /** @return the spec's settings, with this slot's CPUs under {@code DISJOINT_CPUS} */
        Map<String, String> settings() {
            Map<String, String> settings = new LinkedHashMap<>(spec.settings());
            if (policy == TaskSlots.DISJOINT_CPUS) {
                int[] ids = cpus.of(index);
                settings.put("cpus", ProcessCpus.format(ids));
                settings.put("threads", String.valueOf(ids.length));
                settings.putIfAbsent("pinCaller", "false");
            }
            return settings;
        }

        synchronized void close() {
            if (backend != null) {
                backend.close();
            }
        }
    }

    /** A task's hold on a slot. Confined to the task's thread. */
    static final class Lease {
        final ExecutorBackends holder;
        final Slot slot;
        final Backend backend;
        private boolean released;

        Lease(ExecutorBackends holder, Slot slot, Backend backend) {
            this.holder = holder;
            this.slot = slot;
            this.backend = backend;
        }

        void release() {
            if (!released) {
                released = true;
                holder.release(slot);
            }
        }
    }
}
