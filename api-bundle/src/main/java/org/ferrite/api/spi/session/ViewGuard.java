package org.ferrite.api.spi.session;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.session.ChildExecution;

/**
 * The liveness of one session view, made by {@link SessionLifecycle} for each callback and handed to the
 * provider's {@link SessionLifecycle#newView}: every hook of the view starts with {@link #enter(String)},
 * which refuses a view used after its callback returned ({@link RuntimeStateException}, "it escaped") and
 * a view used from another thread ({@link SessionEntryException.IncompatibleContext}) — on every
 * provider, with the same messages. The view's {@code childExecution()} and {@code sessionLocal(…)}
 * delegate here: children are gated by the root session, and the session-local values (at most
 * {@value #SESSION_LOCAL_LIMIT} per root session, least recently used evicted) are shared by the views of
 * one root session — a held session's for its whole life, a scoped entry's for its callback; each child
 * entry has its own.
 *
 * <pre>{@code
 * public void binaryInto(BinaryOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
 *     guard.enter("binaryInto");
 *     // validate, then compute
 * }
 * }</pre>
 *
 * <p>Confined to the thread of its callback (its methods may be called from any thread; they refuse all
 * but that one). Lifetime: one callback; dead for ever afterwards.
 */
public final class ViewGuard {
    /** The most values {@link #sessionLocal} keeps per root session. */
    public static final int SESSION_LOCAL_LIMIT = 64;

    private final Thread owner;
    private final SessionLifecycle<?> lifecycle;
    private final ChildGate children;
    private final Map<Object, Object> locals;
    /** True until the callback returns. Written by the owner; read by any thread. */
    private volatile boolean live = true;

    ViewGuard(Thread owner, SessionLifecycle<?> lifecycle, ChildGate children, Map<Object, Object> locals) {
        this.owner = owner;
        this.lifecycle = lifecycle;
        this.children = children;
        this.locals = locals;
    }

    /** @return a new bounded least-recently-used map for one root session's session-local values */
    static Map<Object, Object> newLocals() {
        return new LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<Object, Object> eldest) {
                return size() > SESSION_LOCAL_LIMIT;
            }
        };
    }

    /**
     * The guard at the top of every hook: the view must be live and called from its thread.
     *
     * @param op the hook, for the error
     * @throws RuntimeStateException if the callback that received the view returned (it escaped)
     * @throws SessionEntryException.IncompatibleContext from another thread
     */
    public void enter(String op) {
        if (!live) {
            throw new RuntimeStateException(op, "this session view was used after the callback that received it"
                    + " returned (it escaped); use a view only inside its callback, and enter again for more work");
        }
        if (Thread.currentThread() != owner) {
            throw new SessionEntryException.IncompatibleContext(op, "this session view belongs to thread '"
                    + owner.getName() + "' but was called from thread '" + Thread.currentThread().getName()
                    + "'; hand a child execution (childExecution()) to other threads instead");
        }
    }

    /** @return true until the callback that received the view returned */
    public boolean isLive() {
        return live;
    }

    /** @return the thread whose callback the view serves */
    public Thread owner() {
        return owner;
    }

    /**
     * The view's {@code childExecution()}: a handle that runs work on another thread under the root
     * session's admission, valid while the root session is open.
     *
     * @return the handle
     */
    public ChildExecution childExecution() {
        enter("childExecution");
        return lifecycle.newChildExecution(children);
    }

    /**
     * The view's {@code sessionLocal(key, create)}: the value cached under {@code key} for the root
     * session, made by {@code create} when absent.
     *
     * @param key the key, compared with {@code equals}
     * @param create makes the value when absent; must not return {@code null}
     * @param <T> the value type (one per key)
     * @return the cached or new value
     * @throws NullPointerException if {@code key}, {@code create} or its result is {@code null}
     */
    public <T> T sessionLocal(Object key, Supplier<T> create) {
        enter("sessionLocal");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(create, "create");
        Object value = locals.get(key);
        if (value == null) {
            value = Objects.requireNonNull(create.get(), "create returned null");
            locals.put(key, value);
        }
        @SuppressWarnings("unchecked") // one value type per key, as sessionLocal's contract requires
        T typed = (T) value;
        return typed;
    }

    /** Ends the view: its callback returned. */
    void end() {
        live = false;
    }
}
