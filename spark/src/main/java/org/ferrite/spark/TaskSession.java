package org.ferrite.spark;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.TaskContext;
import org.apache.spark.util.TaskCompletionListener;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.session.SessionAction;
import org.ferrite.api.session.SessionFunction;

/**
 * The held session of the running Spark task: opened on the task's thread by the first call of
 * {@link #current} in that task, shared by every later call in the same task (chained
 * {@link FerriteSpark#mapPartitionsWithSession} stages of one task use one session), and closed by the
 * task's completion listener ({@code TaskContext.addTaskCompletionListener}) — when the task ends, however
 * it ends: all rows read, a {@code take(n)} that stopped early, a failure or a kill. A retried task opens a
 * fresh one.
 *
 * <pre>{@code
 * rdd.map(x -> TaskSession.current(spec).withSession(s -> s.sum(...).getDouble()));  // one session per task
 * }</pre>
 *
 * <p>Opening leases a task slot of {@link ExecutorBackends#of}{@code (spec)} and enters it with
 * {@code tryOpenSession()} — which never waits — falling back to {@code openSession()}, counting the
 * fallback as an admission wait ({@link ExecutorBackendStats#admissionWaits()}).
 *
 * <p>Not serializable: it lives in one executor JVM for one task. Capturing it (or a {@code Backend}, a
 * session) in a closure fails; name the backend with a {@link BackendSpec} instead.
 *
 * <p>Confined to the thread that opened it (the task's). Lifetime: until its task completes.
 */
public final class TaskSession {
    private static final Map<Key, TaskSession> OPEN = new ConcurrentHashMap<>();

    private final Key key;
    private final ExecutorBackends.Lease lease;
    private final HeldSession held;
    private final Thread owner;
    private boolean closed;

    private TaskSession(Key key, ExecutorBackends.Lease lease, HeldSession held) {
        this.key = key;
        this.lease = lease;
        this.held = held;
        this.owner = Thread.currentThread();
    }

    /**
     * @param spec the backend
     * @return the running task's session for {@code spec}, opened by this call if it is the task's first
     * @throws RuntimeStateException if the calling thread runs no Spark task (the driver, a thread of your
     *     own): open a session of a {@code Backend} there instead
     * @throws org.ferrite.api.error.SessionEntryException if the provider refuses entry — for example
     *     {@code Reentered} when the task already holds a session of another spec on the same CPUs
     */
    public static TaskSession current(BackendSpec spec) {
        TaskContext task = TaskContext.get();
        if (task == null) {
            throw new RuntimeStateException("TaskSession.current", "thread '" + Thread.currentThread().getName()
                    + "' runs no Spark task: a task session is opened on an executor's task thread. On the driver"
                    + " (or a thread of your own) open a session of a Backend (Backends.get().openSession())");
        }
        Key key = new Key(task.taskAttemptId(), spec);
        TaskSession session = OPEN.get(key);
        if (session != null) {
            return session;
        }
        session = open(key, ExecutorBackends.of(spec));
        OPEN.put(key, session);
        TaskSession opened = session;
        TaskCompletionListener closeAtTaskEnd = context -> opened.close();
        task.addTaskCompletionListener(closeAtTaskEnd);
        return session;
    }

    /** @return the number of task sessions open in this JVM (a snapshot, for tests and diagnostics) */
    public static int openCount() {
        return OPEN.size();
    }

    private static TaskSession open(Key key, ExecutorBackends holder) {
        ExecutorBackends.Lease lease = holder.lease();
        try {
            Optional<HeldSession> free = lease.backend.tryOpenSession();
            HeldSession held;
            if (free.isPresent()) {
                held = free.get();
            } else {
                holder.admissionWaits.incrementAndGet();
                held = lease.backend.openSession();
            }
            holder.sessionsOpened.incrementAndGet();
            return new TaskSession(key, lease, held);
        } catch (RuntimeException | Error e) {
            lease.release();
            throw e;
        }
    }

    /**
     * Runs {@code work} in the task's session ({@link HeldSession#withSession}).
     *
     * @param work the work
     * @param <R> its result type
     * @return what {@code work} returned
     */
    public <R> R withSession(SessionFunction<R> work) {
        return held.withSession(work);
    }

    /**
     * {@link #withSession} for work that returns nothing.
     *
     * @param work the work
     */
    public void run(SessionAction work) {
        held.run(work);
    }

    /**
     * Runs one batch of {@code fn}, counted in the holder's statistics.
     *
     * @return the batch's results
     */
    <T, U> Iterable<U> apply(BatchFunction<T, U> fn, java.util.List<T> batch) {
        Iterable<U> out = held.withSession(s -> fn.apply(s, batch));
        lease.holder.batches.incrementAndGet();
        lease.holder.rows.addAndGet(batch.size());
        if (out == null) {
            throw new NullPointerException("the BatchFunction returned null for a batch of " + batch.size()
                    + " rows; return an empty list for no results");
        }
        return out;
    }

    /**
     * The slot's backend, for code that takes a {@code Backend} (such as {@code new IsingTrg(backend)}). It
     * belongs to the executor: never close it, and do not open another session of it on this thread.
     *
     * @return the backend of this task's slot
     */
    public Backend backend() {
        return lease.backend;
    }

    /** @return the index of this task's slot in its executor */
    public int slot() {
        return lease.slot.index;
    }

    /**
     * Closes the held session and returns the slot: the task's completion listener. Idempotent.
     */
    private void close() {
        if (closed) {
            return;
        }
        closed = true;
        OPEN.remove(key, this);
        try {
            if (Thread.currentThread() != owner) {
                throw new RuntimeStateException("TaskSession.close", "the task completion listener ran on thread '"
                        + Thread.currentThread().getName() + "', not on the task's thread '" + owner.getName()
                        + "' that opened the session; it is left to the provider's cleaner");
            }
            held.close();
            lease.holder.sessionsClosed.incrementAndGet();
        } finally {
            lease.release();
        }
    }

    @Override
    public String toString() {
        return "TaskSession[task " + key.taskAttemptId + ", slot " + lease.slot.index + ", " + lease.backend.name()
                + (closed ? ", closed]" : "]");
    }

    /** A task attempt and a spec. */
    private record Key(long taskAttemptId, BackendSpec spec) {
    }
}
