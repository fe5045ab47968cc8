package org.ferrite.cpu.internal.admission;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * Where the admission state lives that every copy of the CPU provider in the process shares — every
 * revision of an updated OSGi bundle, every class loader that loaded the provider — so that two copies
 * never admit sessions on the same CPUs, and a release by one copy admits the waiters of every copy.
 *
 * <p>The state is made of JDK types only ({@link AtomicLong}, {@code long[]}, {@code Object[]},
 * {@link Thread}, {@link Boolean}): a class of this bundle in it would be a different class in each
 * copy (unusable by the others) and would pin the copy that created it in memory. It is anchored in
 * the process through the JDK's registry of MBean servers ({@link MBeanServerFactory#findMBeanServer}):
 * a private MBean server whose default domain is {@value #DOMAIN} holds one MBean, a completed
 * {@link CompletableFuture} of the state, registered under {@value #NAME}. The first copy creates both;
 * later copies find them. A JDK-typed monitor that every copy can name without sharing a class — the
 * interned string {@value #DOMAIN} — serialises the creation.
 *
 * <p>The layout below is a protocol between copies: {@value #PROTOCOL} names it, and a copy that
 * speaks another protocol uses another domain (so copies of different protocols do not share; they
 * could not anyway). Where the registry is unusable (no {@code java.management} module, a security
 * manager that refuses), the state is this copy's own, and {@link #isProcessWide()} says so.
 *
 * <p>The operations on the state that run inside its monitor live here too ({@code …Locked}); the
 * public synchronizer around them is {@link AdmissionArbiter}.
 *
 * <p>Thread-safe: every {@code …Locked} method is called with the state array's monitor held.
 * Lifetime: the process's (the MBean server is never released).
 *
 * <pre>
 * Protocol 2. The state array is the monitor of every critical section of every copy.
 * state[WORD]     AtomicLong: bits 0..62 = CPUs 0..62 held by active permits; bit 63 = QUEUED, set
 *                 whenever the queue is non-empty (it may stay set for a moment with an empty queue).
 *                 Changed by CAS only: outside the monitor while QUEUED is clear, else only inside it.
 * state[HIGH]     long[HIGH_WORDS]: CPUs 63 and up held by active permits, in CpuMask word layout
 *                 (bit 63 of word 0 is CPU 63; bits 0..62 of word 0 unused). Inside the monitor only.
 * state[HEAD], state[TAIL]  the FIFO queue of waiters of all copies (nodes, below), or null.
 * state[HELD_SCRATCH], state[BLOCKED_SCRATCH]  long[HIGH_WORDS] work space of a settle pass.
 * state[STATS]    long[1]: {waiters granted by a periodic re-check}.
 * node            Object[NODE_SLOTS]: [PREV, NEXT] Object[] links; [THREAD] the waiting Thread;
 *                 [CPUS] long[] its CPUs in CpuMask word layout; [STATUS] null while waiting,
 *                 Boolean.TRUE once granted (its CPUs taken for it), Boolean.FALSE once cancelled;
 *                 [MARK] what the running settle pass decided for it (null: nothing).
 * </pre>
 */
public final class SharedAdmissionState {
    /** The protocol of the state's layout, part of the domain name. */
    static final int PROTOCOL = 2;
    /** The default domain of the MBean server that anchors the state. */
    static final String DOMAIN = "org.ferrite.cpu.admission.v2";
    /** The name of the MBean that holds the state. */
    static final String NAME = DOMAIN + ":type=AdmissionState";
    /** Slots of the state array. */
    static final int WORD = 0;
    static final int HIGH = 1;
    static final int HEAD = 2;
    static final int TAIL = 3;
    static final int HELD_SCRATCH = 4;
    static final int BLOCKED_SCRATCH = 5;
    static final int STATS = 6;
    private static final int STATE_SLOTS = 7;
    /** Slots of a queue node. */
    static final int PREV = 0;
    static final int NEXT = 1;
    static final int THREAD = 2;
    static final int CPUS = 3;
    static final int STATUS = 4;
    static final int MARK = 5;
    static final int NODE_SLOTS = 6;
    static final int HIGH_WORDS = CpuMask.MAX_CPU / 64 + 1;

    private static final System.Logger LOG = System.getLogger("org.ferrite.cpu.admission");

    /** Bit 63 of the word: somebody is queued. */
    static final long QUEUED = 1L << 63;
    /** Bit 63 of word 0 of a mask: CPU 63, kept in the high words (bit 63 of the word is QUEUED). */
    private static final long CPU_63 = 1L << 63;
    static final Boolean GRANTED = Boolean.TRUE;
    static final Boolean CANCELLED = Boolean.FALSE;

    private final Object[] state;
    private final boolean processWide;
    private final AtomicLong word;
    private final long[] high;
    private final long[] heldScratch;
    private final long[] blockedScratch;

    private SharedAdmissionState(Object[] state, boolean processWide) {
        this.state = state;
        this.processWide = processWide;
        this.word = (AtomicLong) state[WORD];
        this.high = (long[]) state[HIGH];
        this.heldScratch = (long[]) state[HELD_SCRATCH];
        this.blockedScratch = (long[]) state[BLOCKED_SCRATCH];
    }

    /** @return the process's state, created by the first copy of the provider that asks */
    static SharedAdmissionState processWide() {
        try {
            return new SharedAdmissionState(anchored(), true);
        } catch (Exception | LinkageError e) {
            LOG.log(System.Logger.Level.WARNING, "CPU admission is shared only within this copy of the CPU"
                    + " provider (its class loader): the JDK's MBean server registry is unusable here (" + e
                    + "). Another copy (an updated bundle's old revision) may admit sessions on the same CPUs.");
            return new SharedAdmissionState(newState(), false);
        }
    }

    /** @return a state of its own (for tests and for arbiters built outside the process-wide one) */
    static SharedAdmissionState local() {
        return new SharedAdmissionState(newState(), false);
    }

    private static Object[] anchored() throws Exception {
        ObjectName name = new ObjectName(NAME);
        synchronized (DOMAIN) { // an interned literal: the same monitor in every class loader
            MBeanServer server = find();
            if (server == null) {
                server = MBeanServerFactory.createMBeanServer(DOMAIN);
            }
            if (!server.isRegistered(name)) {
                server.registerMBean(new StandardMBean(CompletableFuture.completedFuture(newState()), Future.class),
                        name);
            }
            Object[] state = (Object[]) server.invoke(name, "get", new Object[0], new String[0]);
            if (state.length != STATE_SLOTS) {
                throw new IllegalStateException("the admission state under " + NAME + " has " + state.length
                        + " slots, protocol " + PROTOCOL + " expects " + STATE_SLOTS);
            }
            return state;
        }
    }

    private static MBeanServer find() {
        List<MBeanServer> servers = MBeanServerFactory.findMBeanServer(null);
        for (MBeanServer server : servers) {
            if (DOMAIN.equals(server.getDefaultDomain())) {
                return server;
            }
        }
        return null;
    }

    private static Object[] newState() {
        Object[] state = new Object[STATE_SLOTS];
        state[WORD] = new AtomicLong();
        state[HIGH] = new long[HIGH_WORDS];
        state[HELD_SCRATCH] = new long[HIGH_WORDS];
        state[BLOCKED_SCRATCH] = new long[HIGH_WORDS];
        state[STATS] = new long[1];
        return state;
    }

    /** @return the state array: the monitor of the arbiters' critical sections, and their data */
    Object[] array() {
        return state;
    }

    /** @return true if the state is shared process-wide, false if it is this copy's own */
    public boolean isProcessWide() {
        return processWide;
    }

    // ------------------------------------------------------------------ inside the monitor (see AdmissionArbiter's notes)

    /**
     * Takes the CPUs if they are free and no waiter wants them; otherwise, with a {@code node},
     * queues it. One commit either way, and nothing called after it.
     *
     * @return true if taken
     */
    boolean takeOrEnqueueLocked(CpuMask cpus, Object[] node) {
        long bits = cpus.low();
        long[] mine = cpus.highWords();
        boolean blocked = overlapsQueuedLocked(cpus);
        for (int i = 0; i < mine.length && !blocked; i++) {
            blocked = (high[i] & mine[i]) != 0;
        }
        boolean queueEmpty = state[HEAD] == null;
        for (;;) {
            long current = word.get();
            boolean take = !blocked && (current & bits) == 0;
            if (!take && node == null) {
                return false;
            }
            long next = take ? (current | bits) & (queueEmpty ? ~QUEUED : ~0L) : current | QUEUED;
            if (next == current || word.compareAndSet(current, next)) {
                // Committed: call-free from here.
                if (take) {
                    for (int i = 0; i < mine.length; i++) {
                        high[i] |= mine[i];
                    }
                    return true;
                }
                Object[] tail = (Object[]) state[TAIL];
                if (tail == null) {
                    state[HEAD] = node;
                } else {
                    tail[NEXT] = node;
                    node[PREV] = tail;
                }
                state[TAIL] = node;
                return false;
            }
        }
    }

    private boolean overlapsQueuedLocked(CpuMask cpus) {
        for (Object[] node = (Object[]) state[HEAD]; node != null; node = (Object[]) node[NEXT]) {
            long[] words = (long[]) node[SharedAdmissionState.CPUS];
            for (int i = 0; i < words.length; i++) {
                if ((words[i] & cpus.word(i)) != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * A settle pass: releases {@code releasing} (may be null), removes {@code leaving} as cancelled
     * (may be null), and grants, head first, every waiter whose CPUs are then free and wanted by no
     * earlier waiter. Decide, wake, commit (see the notes).
     *
     * @return the number of waiters granted
     */
    int settleLocked(CpuMask releasing, Object[] leaving) {
        long[] held = heldScratch;
        long[] blocked = blockedScratch;
        long current = word.get();
        long releaseLow = releasing == null ? 0 : releasing.low();
        long[] releaseHigh = releasing == null ? CpuMask.EMPTY.highWords() : releasing.highWords();
        int span = Math.max(1, releaseHigh.length); // the words any decision below reads
        for (Object[] node = (Object[]) state[HEAD]; node != null; node = (Object[]) node[NEXT]) {
            span = Math.max(span, ((long[]) node[SharedAdmissionState.CPUS]).length);
        }
        for (int i = 0; i < span; i++) {
            held[i] = high[i] & ~(i < releaseHigh.length ? releaseHigh[i] : 0);
            blocked[i] = 0;
        }
        held[0] |= current & ~QUEUED & ~releaseLow;
        long grantLow = 0;
        int granted = 0;
        boolean remains = false;
        for (Object[] node = (Object[]) state[HEAD]; node != null; node = (Object[]) node[NEXT]) {
            if (node == leaving) {
                node[MARK] = CANCELLED;
                continue;
            }
            long[] words = (long[]) node[SharedAdmissionState.CPUS];
            boolean free = true;
            for (int i = 0; i < words.length && free; i++) {
                free = ((held[i] | blocked[i]) & words[i]) == 0;
            }
            long[] into = free ? held : blocked;
            for (int i = 0; i < words.length; i++) {
                into[i] |= words[i];
            }
            node[MARK] = free ? GRANTED : null;
            grantLow |= free ? words[0] & ~CPU_63 : 0;
            granted += free ? 1 : 0;
            remains |= !free;
        }
        for (Object[] node = (Object[]) state[HEAD]; node != null; node = (Object[]) node[NEXT]) {
            if (node[MARK] == GRANTED) {
                LockSupport.unpark((Thread) node[SharedAdmissionState.THREAD]); // before the commit
            }
        }
        if (releaseLow != 0 || grantLow != 0 || ((current & QUEUED) != 0) != remains) {
            long now;
            long next;
            do {
                now = word.get();
                next = (now & ~releaseLow & ~QUEUED) | grantLow | (remains ? QUEUED : 0);
            } while (!word.compareAndSet(now, next));
        }
        // Committed: call-free from here.
        for (int i = 0; i < releaseHigh.length; i++) {
            high[i] &= ~releaseHigh[i];
        }
        for (Object[] node = (Object[]) state[HEAD]; node != null;) {
            Object[] next = (Object[]) node[NEXT];
            Object mark = node[MARK];
            if (mark != null) {
                if (mark == GRANTED) {
                    long[] words = (long[]) node[SharedAdmissionState.CPUS];
                    high[0] |= words[0] & CPU_63;
                    for (int i = 1; i < words.length; i++) {
                        high[i] |= words[i];
                    }
                }
                Object[] prev = (Object[]) node[PREV];
                if (prev == null) {
                    state[HEAD] = next;
                } else {
                    prev[NEXT] = next;
                }
                if (next == null) {
                    state[TAIL] = prev;
                } else {
                    next[PREV] = prev;
                }
                node[PREV] = null;
                node[NEXT] = null;
                node[MARK] = null;
                node[STATUS] = mark;
            }
            node = next;
        }
        return granted;
    }
}
