package org.ferrite.offheap.device;

import java.util.ArrayList;
import java.util.List;
import org.ferrite.api.error.BackendFailureException;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;

/**
 * What one session (a held or scoped root session, or one child entry) owns on the device: the memory
 * of every tensor it allocated, and the failures of the work it submitted, kept for its next
 * synchronisation point. The memory contract of {@code BackendSession}, in one place:
 * <ul>
 * <li>{@link #reclaim}: the handle is marked freed at once (later use fails typed); the block goes back
 * to the arena <em>on the stream</em>, behind every queued kernel that may still read or write it, so
 * memory is never reused under pending work.</li>
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
        long bytes;
        try {
            bytes = Math.multiplyExact(elements, dtype.byteSize());
        } catch (ArithmeticException e) {
            throw ValidationException.invalidArgument(op, "shape", "a tensor whose byte size fits a long",
                    java.util.Arrays.toString(shape) + " of " + dtype, null);
        }
        Block block = context.arena().allocate(op, bytes);
        OffHeapStorage storage = new OffHeapStorage(context.placement(), block, elements, this);
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
        } else {
            failure.addSuppressed(e);
        }
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
     * Frees one tensor's memory, stream-ordered.
     *
     * @param op the operation
     * @param storage a live handle of this scope
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code tensor}) for a handle of another session
     */
    public void reclaim(String op, OffHeapStorage storage) {
        synchronized (this) {
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
