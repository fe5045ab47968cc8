package org.ferrite.offheap.device;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;
import org.ferrite.api.error.BackendFailureException;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.Event;
import org.ferrite.api.spi.session.StreamEvent;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;

/**
 * What one session (a held or scoped root session, or one child entry) owns on the device: the memory
 * of every tensor it allocated, and the failures of the work it submitted, kept for its next
 * synchronisation point. The memory and completion contracts of {@code BackendSession}, in one place:
 * <ul>
 * <li>{@link #reclaim} and {@link #free}: the handle is marked freed at once (later use fails typed); the
 * block goes back to the arena <em>on the stream</em>, behind every queued kernel that may still read or
 * write it, so memory is never reused under pending work. {@code reclaim} takes this session's tensors,
 * {@code free} the backend's persistent ones.</li>
 * <li>{@link #recordEvent}: a marker on the stream completes the event, or fails it with this scope's
 * failure not yet reported (which {@link #synchronize} still reports).</li>
 * <li>{@link #waitEvent}: a kernel that blocks the stream until the event completed — the device-side
 * wait — and keeps the event's failure for this scope's next synchronisation point.</li>
 * <li>{@link #end}: marks every remaining handle freed, queues their release, waits for the stream, and
 * reports a failure not yet reported.</li>
 * </ul>
 *
 * <p>Thread-safe: the session thread allocates and submits while the stream thread records failures;
 * both lists are guarded by this object. Lifetime: one session; after {@link #end} it allocates
 * nothing.
 */
public final class DeviceScope {
    private final DeviceContext context;
    /** Handles allocated and not yet freed. Guarded by this. */
    private final List<OffHeapStorage> live = new ArrayList<>();
    /** The events this scope recorded (weakly held): waiting for one is already stream-ordered. Guarded by this. */
    private final Set<Event> recorded = Collections.newSetFromMap(new WeakHashMap<>());
    /** The first failure of submitted work not yet reported, later ones suppressed in it. Guarded by this. */
    private TensorException failure;
    /** True after end. Guarded by this. */
    private boolean ended;

    DeviceScope(DeviceContext context) {
        this.context = context;
    }

    DeviceContext context() {
        return context;
    }

    /**
     * @param op the operation
     * @param dtype the element type
     * @param shape the extents (any size the device memory holds)
     * @return a new device tensor, contents unspecified, owned by this scope
     * @throws BackendFailureException if the device memory is full
     */
    public Tensor allocate(String op, DType dtype, long[] shape) {
        long elements = Shapes.elementCount(op, "shape", shape);
        Block block = context.arena().allocate(op, DeviceContext.bytes(op, dtype, shape, elements));
        OffHeapStorage storage = new OffHeapStorage(context, block, elements, this);
        synchronized (this) {
            if (ended) {
                context.arena().free(block);
                throw new RuntimeStateException(op, "the session that would own this tensor has ended");
            }
            live.add(storage);
        }
        return Tensor.wrapDevice(dtype, storage, shape);
    }

    /**
     * Queues {@code kernel} on the stream; whatever it throws is kept for this scope's next
     * synchronisation point.
     *
     * @param op the operation
     * @param kernel the work, already validated
     */
    public void submit(String op, Runnable kernel) {
        context.stream().submit(op, () -> {
            try {
                kernel.run();
            } catch (TensorException e) {
                record(e);
            } catch (RuntimeException | Error e) {
                record(new BackendFailureException(op, "an off-heap kernel failed: " + e, e));
            }
        });
    }

    private synchronized void record(TensorException e) {
        if (failure == null) {
            failure = e;
        } else if (failure != e) {
            failure.addSuppressed(e);
        }
    }

    private synchronized TensorException pendingFailure() {
        return failure;
    }

    /**
     * A synchronisation point: waits until everything submitted so far ran, then reports (once) the first
     * failure of this scope's work.
     *
     * @param op the operation
     * @throws TensorException the failure, typed as the kernel threw it
     */
    public void synchronize(String op) {
        context.stream().drain(op);
        TensorException f;
        synchronized (this) {
            f = failure;
            failure = null;
        }
        if (f != null) {
            throw f;
        }
    }

    /**
     * Records an event behind this scope's submitted work: a marker on the stream completes it, or fails it
     * with this scope's failure not yet reported (kept for {@link #synchronize} too).
     *
     * @param op the operation
     * @return the event
     */
    public Event recordEvent(String op) {
        StreamEvent event = new StreamEvent(context.placement());
        synchronized (this) {
            recorded.add(event);
        }
        context.stream().submit(op, () -> {
            TensorException f = pendingFailure();
            if (f == null) {
                event.complete();
            } else {
                event.fail(f);
            }
        });
        return event;
    }

    /**
     * Makes this scope's later work wait for {@code event}: nothing to do for an event this scope recorded
     * (the stream is in order); otherwise a kernel that blocks the stream until the event completed — an
     * event of another session of this backend is complete by then (the stream is in order), one of a peer
     * device or of another provider is awaited — and keeps its failure for this scope's next synchronisation
     * point.
     *
     * @param op the operation
     * @param event the event
     */
    public void waitEvent(String op, Event event) {
        synchronized (this) {
            if (recorded.contains(event)) {
                return;
            }
        }
        submit(op, event::await);
    }

    /**
     * Frees one tensor's memory, stream-ordered.
     *
     * @param op the operation
     * @param storage a live handle of this scope
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code tensor}) for a handle of another session
     *     or a persistent one
     */
    public void reclaim(String op, OffHeapStorage storage) {
        synchronized (this) {
            if (storage.isPersistent()) {
                throw ValidationException.invalidArgument(op, "tensor", "a tensor this session allocated",
                        "a persistent tensor (owned by the backend)", "free a persistent tensor with free(t)");
            }
            if (storage.owner() != this || !live.remove(storage)) {
                throw ValidationException.invalidArgument(op, "tensor", "a tensor this session allocated",
                        "a tensor of another session", "reclaim a tensor in the session that allocated it");
            }
            storage.markFreed();
        }
        Block block = storage.block();
        context.stream().submit(op, () -> context.arena().free(block));
    }

    /**
     * Frees a persistent tensor of this scope's backend, stream-ordered: behind every kernel submitted so
     * far (of any session of the backend: they share the stream).
     *
     * @param op the operation
     * @param storage a persistent handle of this scope's backend
     * @throws RuntimeStateException if it was freed already or the backend closed
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code tensor}) for a session's tensor
     */
    public void free(String op, OffHeapStorage storage) {
        if (!storage.isPersistent()) {
            throw ValidationException.invalidArgument(op, "tensor", "a persistent tensor (allocatePersistent,"
                    + " toPersistent)", "a tensor of a session", "give a session's tensors back with reclaim(t)");
        }
        Block block = storage.lease().free(op);
        context.stream().submit(op, () -> context.arena().free(block));
    }

    /**
     * Ends the scope: frees every remaining tensor (stream-ordered), waits for the stream, and reports a
     * failure of its work not yet reported. Idempotent.
     *
     * @param op the operation
     * @throws TensorException a failure of the scope's work not reported before
     */
    public void end(String op) {
        List<OffHeapStorage> remaining;
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
            remaining = new ArrayList<>(live);
            live.clear();
            remaining.forEach(OffHeapStorage::markFreed);
        }
        context.stream().submit(op, () -> remaining.forEach(s -> context.arena().free(s.block())));
        synchronize(op);
    }
}
