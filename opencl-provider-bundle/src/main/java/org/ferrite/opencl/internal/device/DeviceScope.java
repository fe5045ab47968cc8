package org.ferrite.opencl.internal.device;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.Event;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.opencl.internal.cl.Cl;
import org.ferrite.opencl.internal.kernel.ProgramKey;
import org.jocl.CL;
import org.jocl.cl_event;

/**
 * What one session (a held or scoped root session, or one child entry) owns on the device: its
 * {@link Lane} (the in-order queue all its work goes to), the memory of every tensor it allocated, and the
 * failures of its work, kept for its next synchronisation point. The completion and memory contracts of
 * {@code BackendSession}, in one place:
 * <ul>
 * <li>work is queued and the call returns; a failure — an OpenCL call's error, or a check kernel's record
 * in the lane's error word — is reported once, typed, naming the operation and this session, at the next
 * {@link #synchronize} (or at the call itself with the backend's synchronous setting);</li>
 * <li>{@link #reclaim} and {@link #free}: the handle is marked freed at once (later use fails typed); the
 * block returns to the arena after a marker behind the work queued so far, so memory is never reused under
 * pending work;</li>
 * <li>{@link #recordEvent}/{@link #waitEvent}: a marker, and a device-side barrier for an event of this
 * backend (a host wait for any other); a waited event's failure is reported at the next synchronisation
 * point;</li>
 * <li>{@link #end}: frees the remaining tensors, drains the queue, reports what was not reported, and gives
 * the lane back.</li>
 * </ul>
 *
 * <p>Not thread-safe: confined to its session's thread (the lane is). Lifetime: one session; after
 * {@link #end} it allocates nothing.
 */
public final class DeviceScope {
    private final DeviceContext context;
    private final Lane lane;
    private final String name;
    private final List<ClStorage> live = new ArrayList<>();
    private final Set<Event> recorded = Collections.newSetFromMap(new WeakHashMap<>());
    private final List<ClEvent> awaited = new ArrayList<>();
    /** Persistent storages that queued work uses: kept reachable (no leak release) until the next drain. */
    private final List<ClStorage> inFlight = new ArrayList<>();
    private TensorException failure;
    private boolean ended;

    DeviceScope(DeviceContext context, Lane lane, String name) {
        this.context = context;
        this.lane = lane;
        this.name = name;
    }

    DeviceContext context() {
        return context;
    }

    Lane lane() {
        return lane;
    }

    /** @return this session's name, for messages ("session 3 of opencl:0") */
    public String name() {
        return name;
    }

    /**
     * @param op the operation
     * @param dtype the element type
     * @param shape the extents
     * @return a new device tensor, contents unspecified, owned by this scope
     * @throws org.ferrite.api.error.MemoryExhaustedException if the device memory is full
     */
    public Tensor allocate(String op, DType dtype, long[] shape) {
        if (ended) {
            throw new RuntimeStateException(op, "the session that would own this tensor has ended");
        }
        long elements = Shapes.elementCount(op, "shape", shape);
        Block block = context.arena().allocate(op, DeviceContext.bytes(op, dtype, shape, elements));
        ClStorage storage = new ClStorage(context, block, elements, dtype.byteSize(), this, null);
        live.add(storage);
        return Tensor.wrapDevice(dtype, storage, shape);
    }

    /** @return a launch of kernel {@code kernel} of program {@code key} on this session's queue */
    public Launch launch(String op, ProgramKey key, String kernel) {
        return new Launch(this, op, key, kernel);
    }

    /** @return this session's queue, for transfers */
    public org.jocl.cl_command_queue queue() {
        return lane.queue();
    }

    /**
     * @param op the operation that launches a checked kernel
     * @param negativeExponent the exponent check (else the divisor check)
     * @return the code its check kernel records
     */
    public int checkedLaunch(String op, boolean negativeExponent) {
        return lane.checkedLaunch(op, negativeExponent);
    }

    /** Keeps a persistent storage reachable while queued work uses it (until the next drain). */
    public void using(ClStorage storage) {
        if (storage.isPersistent()) {
            inFlight.add(storage);
        }
    }

    /** Keeps {@code f} for the next synchronisation point (the first one; later ones are suppressed in it). */
    void record(TensorException f) {
        if (failure == null) {
            failure = f;
        } else if (failure != f) {
            failure.addSuppressed(f);
        }
    }

    /**
     * Records the status of an OpenCL call made for {@code op} (nothing on success).
     *
     * @param op the operation
     * @param call the OpenCL function
     * @param status its status
     */
    public void check(String op, String call, int status) {
        if (status != CL.CL_SUCCESS) {
            record(Cl.failure(op, call + " in " + name, status));
        }
    }

    /**
     * After each launch (a kernel, or a library call on this session's queue): with the synchronous
     * setting, waits and reports now.
     *
     * @param op the operation
     */
    public void afterLaunch(String op) {
        if (context.synchronous()) {
            synchronize(op);
        }
    }

    /**
     * A synchronisation point: waits until the queue drained, then reports (once) the first failure of this
     * session's work — an OpenCL error, a check kernel's record, or the failure of an event it waited for.
     *
     * @param op the operation
     * @throws TensorException the failure, typed
     */
    public void synchronize(String op) {
        int rc = CL.clFinish(lane.queue());
        if (rc != CL.CL_SUCCESS) {
            record(Cl.failure(op, "clFinish in " + name, rc));
        }
        inFlight.clear();
        TensorException checked = lane.takeFailure(name);
        if (checked != null) {
            record(checked);
        }
        for (ClEvent e : awaited) {
            e.settle();
            e.failure().ifPresent(this::record);
        }
        awaited.clear();
        TensorException f = failure;
        failure = null;
        if (f != null) {
            throw f;
        }
    }

    /**
     * Records an event behind this session's queued work.
     *
     * @param op the operation
     * @return the event
     */
    public Event recordEvent(String op) {
        ClEvent event = new ClEvent(context, context.placement(), lane, name, failure);
        recorded.add(event);
        return event;
    }

    /**
     * Makes this session's later work wait for {@code event}: nothing for an event it recorded itself (its
     * queue is in order); a barrier on its queue for another session's event of this backend; a host wait
     * for any other event, whose failure is then kept for the next synchronisation point.
     *
     * @param op the operation
     * @param event the event
     */
    public void waitEvent(String op, Event event) {
        if (recorded.contains(event)) {
            return;
        }
        if (event instanceof ClEvent && ((ClEvent) event).context() == context) {
            ClEvent e = (ClEvent) event;
            cl_event marker = e.retainedMarker();
            if (marker != null) {
                check(op, "clEnqueueBarrierWithWaitList", CL.clEnqueueBarrierWithWaitList(lane.queue(), 1,
                        new cl_event[] {marker}, null));
                CL.clReleaseEvent(marker);
            }
            awaited.add(e);
            return;
        }
        try {
            event.await();
        } catch (TensorException f) {
            record(f);
        }
    }

    /**
     * Frees one of this session's tensors, stream-ordered.
     *
     * @param op the operation
     * @param storage a live handle of this backend
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code tensor}) for another session's or a
     *     persistent tensor
     */
    public void reclaim(String op, ClStorage storage) {
        if (storage.isPersistent()) {
            throw ValidationException.invalidArgument(op, "tensor", "a tensor this session allocated",
                    "a persistent tensor (owned by the backend)", "free a persistent tensor with free(t)");
        }
        if (storage.owner() != this || !live.remove(storage)) {
            throw ValidationException.invalidArgument(op, "tensor", "a tensor this session allocated",
                    "a tensor of another session", "reclaim a tensor in the session that allocated it");
        }
        storage.markFreed();
        context.arena().freeAfter(storage.block(), marker(op));
    }

    /**
     * Frees a persistent tensor of this backend, stream-ordered behind this session's queued work.
     *
     * @param op the operation
     * @param storage a persistent handle of this backend
     * @throws RuntimeStateException if it was freed already or the backend closed
     * @throws ValidationException (INVALID_ARGUMENT) for a session's tensor
     */
    public void free(String op, ClStorage storage) {
        if (!storage.isPersistent()) {
            throw ValidationException.invalidArgument(op, "tensor", "a persistent tensor (allocatePersistent,"
                    + " toPersistent)", "a tensor of a session", "give a session's tensors back with reclaim(t)");
        }
        Block block = storage.lease().free(op);
        context.arena().freeAfter(block, marker(op));
    }

    /** @return a marker behind the work queued so far, or {@code null} (and the failure kept) if none was made */
    private cl_event marker(String op) {
        cl_event e = new cl_event();
        int rc = CL.clEnqueueMarkerWithWaitList(lane.queue(), 0, null, e);
        if (rc != CL.CL_SUCCESS) {
            record(Cl.failure(op, "clEnqueueMarkerWithWaitList in " + name, rc));
            CL.clFinish(lane.queue());
            return null;
        }
        return e;
    }

    /**
     * Ends the scope: frees every remaining tensor, drains the queue, reports a failure not reported
     * before, and gives the lane back to the backend. Idempotent.
     *
     * @param op the operation
     * @throws TensorException a failure of the scope's work not reported before
     */
    public void end(String op) {
        if (ended) {
            return;
        }
        ended = true;
        try {
            synchronize(op);
        } finally {
            for (ClStorage s : live) {
                s.markFreed();
                context.arena().freeAfter(s.block(), null);
            }
            live.clear();
            context.giveBack(lane);
        }
    }

    @Override
    public String toString() {
        return "DeviceScope[" + name + (ended ? ", ended" : "") + "]";
    }
}
