package org.ferrite.cpu.internal.session;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Cleaner;
import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Releases held sessions that become unreachable without being closed — the job of a
 * {@link Cleaner}, done with a cheaper protocol because it sits on the held open/close path.
 *
 * <p>A {@code Cleaner} keeps each registration reachable in a synchronised list and unregisters it
 * with a native {@code Reference.clear()}: about 70 ns per session. Here each engine owns one
 * {@link Slot} (an engine has at most one held session open: its sessions exclude each other), and
 * the slot is reachable from a static set for the engine's lifetime. Opening stores the session's
 * {@link HeldState} — a {@link PhantomReference} to the session handle — into the slot; closing stores
 * {@code null}, which makes the reference unreachable, so the collector drops it without ever
 * enqueuing it — no synchronisation and no native call. A session dropped while open leaves its
 * reference in the slot; the collector enqueues it, and the daemon thread
 * {@code ferrite-session-cleaner} releases the session ({@link HeldState#run()}).
 *
 * <p>The thread runs while any engine is registered: an engine unregisters when it is closed and has
 * no held session open (else when that session is released), or through a {@code Cleaner} when it
 * becomes unreachable unclosed; the thread ends when none is left (so a stopped OSGi bundle leaves no
 * thread behind).
 *
 * <p>Thread-safe.
 */
final class LeakGuards {
    /** Where the collector enqueues the state of a held session whose handle became unreachable. */
    static final ReferenceQueue<Object> QUEUE = new ReferenceQueue<>();
    private static final Set<Slot> SLOTS = ConcurrentHashMap.newKeySet();
    private static final Object LOCK = new Object();
    private static final Cleaner ENGINES = Cleaner.create();
    // Guarded by LOCK.
    private static Thread drainer;

    private LeakGuards() {
    }

    /**
     * Registers an engine's slot for the engine's lifetime.
     *
     * @param engine the engine; when it becomes unreachable unclosed, its slot is unregistered
     * @return the slot
     */
    static Slot register(Object engine) {
        Slot slot = new Slot();
        synchronized (LOCK) {
            SLOTS.add(slot);
            if (drainer == null) {
                drainer = new Thread(LeakGuards::drain, "ferrite-session-cleaner");
                drainer.setDaemon(true);
                drainer.setContextClassLoader(null);
                drainer.start();
            }
        }
        ENGINES.register(engine, slot::unregister);
        return slot;
    }

    private static void drain() {
        for (;;) {
            HeldState guard;
            try {
                guard = (HeldState) QUEUE.remove();
            } catch (InterruptedException e) {
                synchronized (LOCK) {
                    if (drainer != Thread.currentThread()) {
                        return; // replaced or stopped: every engine is gone
                    }
                }
                continue;
            }
            Slot slot = guard.engine().leakSlot();
            slot.clearIf(guard);
            guard.run();
            slot.unregisterIfRetired();
        }
    }

    /** @return the number of registered engines (for tests) */
    static int engines() {
        return SLOTS.size();
    }

    /**
     * One engine's place for the guard of its open held session. Thread-safe.
     *
     * <pre>
     * Implementation notes.
     * guard is written by the session's owner (open, close) with release stores and cleared by the
     * drainer with a CAS; it never references the engine except through an open session's state, so
     * an engine with no open session can become unreachable.
     * </pre>
     */
    static final class Slot {
        private static final VarHandle GUARD;

        static {
            try {
                GUARD = MethodHandles.lookup().findVarHandle(Slot.class, "guard", HeldState.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private volatile HeldState guard;
        private volatile boolean retired;

        /**
         * Watches a session's handle: if it becomes unreachable before {@link #clear()}, the drainer
         * runs {@code state.run()}.
         *
         * @param state the session's state, a phantom reference to its handle
         */
        void watch(HeldState state) {
            GUARD.setRelease(this, state);
        }

        /** Stops watching (the session was closed); the guard becomes garbage, never enqueued. */
        void clear() {
            GUARD.setRelease(this, (HeldState) null);
            if (retired) {
                unregisterIfRetired();
            }
        }

        /** The engine closed: unregister now, or when its open held session is released. */
        void retire() {
            retired = true;
            unregisterIfRetired();
        }

        void unregisterIfRetired() {
            if (retired && guard == null) {
                unregister();
            }
        }

        void clearIf(HeldState expected) {
            GUARD.compareAndSet(this, expected, (HeldState) null);
        }

        /** Unregisters the slot; the drainer ends when no slot is left. */
        void unregister() {
            synchronized (LOCK) {
                SLOTS.remove(this);
                if (SLOTS.isEmpty() && drainer != null) {
                    Thread stopping = drainer;
                    drainer = null;
                    stopping.interrupt();
                }
            }
        }
    }
}
