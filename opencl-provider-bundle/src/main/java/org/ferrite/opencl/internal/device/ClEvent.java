package org.ferrite.opencl.internal.device;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.session.Event;
import org.ferrite.api.spi.session.StreamEvent;
import org.ferrite.api.tensor.Placement;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_event;

/**
 * An event of the OpenCL provider: a read of the recording session's error word, queued behind the work
 * the event covers — its OpenCL event is the marker, and the word it read says whether that work failed
 * (a check kernel's record not yet reported). It settles the API's {@link StreamEvent} exactly once — from
 * the driver's completion callback, or from whoever polls or waits first — completing it, or failing it
 * with that failure (or with a host-side failure the session had not reported when it recorded the event).
 * A session of the same backend waits for it on its own queue ({@link #retainedMarker()}, a device-side
 * barrier); anyone else on the host.
 *
 * <p>Thread-safe: the marker is guarded by this object; the StreamEvent is thread-safe. Lifetime: a value;
 * the marker is released once the event settled.
 */
final class ClEvent implements Event {
    private final StreamEvent state;
    private final DeviceContext context;
    private final ByteBuffer word = ByteBuffer.allocateDirect(2 * Sizeof.cl_int).order(ByteOrder.nativeOrder());
    private final Map<Integer, String[]> checks;
    private final String session;
    private final TensorException hostFailure;
    /** The OpenCL event of the read; null once settled. Guarded by this. */
    private cl_event marker;

    ClEvent(DeviceContext context, Placement placement, Lane lane, String session, TensorException hostFailure) {
        this.state = new StreamEvent(placement);
        this.context = context;
        this.checks = lane.checksSnapshot();
        this.session = session;
        this.hostFailure = hostFailure;
        cl_event e = new cl_event();
        int rc = CL.clEnqueueReadBuffer(lane.queue(), lane.errorWord(), CL.CL_FALSE, 0, 2L * Sizeof.cl_int,
                Pointer.to(word), 0, null, e);
        if (rc != CL.CL_SUCCESS) { // the queue is broken: the event fails with that
            state.fail(hostFailure != null ? hostFailure : org.ferrite.opencl.internal.cl.Cl.failure("recordEvent",
                    "clEnqueueReadBuffer", rc));
            return;
        }
        synchronized (this) {
            marker = e;
        }
        CL.clSetEventCallback(e, CL.CL_COMPLETE, (event, status, data) -> settle(), null);
    }

    DeviceContext context() {
        return context;
    }

    /** Completes or fails the StreamEvent from the word the marker read; idempotent. */
    void settle() {
        cl_event e;
        synchronized (this) {
            e = marker;
            if (e == null) {
                return;
            }
            marker = null;
        }
        int code = word.getInt(0);
        if (hostFailure != null) {
            state.fail(hostFailure);
        } else if (code != 0) {
            state.fail(Lane.failure(checks, code, session));
        } else {
            state.complete();
        }
        CL.clReleaseEvent(e);
    }

    /** @return the marker, retained for the caller (who releases it), or {@code null} once settled */
    synchronized cl_event retainedMarker() {
        if (marker != null) {
            CL.clRetainEvent(marker);
        }
        return marker;
    }

    /** @return the failure of a settled, failed event */
    java.util.Optional<TensorException> failure() {
        return state.failure();
    }

    private boolean markerComplete() {
        cl_event e;
        synchronized (this) {
            e = marker;
            if (e == null) {
                return true;
            }
            int[] status = new int[1];
            int rc = CL.clGetEventInfo(e, CL.CL_EVENT_COMMAND_EXECUTION_STATUS, Sizeof.cl_int, Pointer.to(status), null);
            if (rc == CL.CL_SUCCESS && status[0] > CL.CL_COMPLETE) {
                return false;
            }
        }
        settle();
        return true;
    }

    @Override
    public Placement placement() {
        return state.placement();
    }

    @Override
    public boolean isComplete() {
        return state.isComplete() || markerComplete() && state.isComplete();
    }

    @Override
    public void await() {
        if (!state.isComplete()) {
            cl_event e = retainedMarker();
            if (e != null) {
                CL.clWaitForEvents(1, new cl_event[] {e});
                CL.clReleaseEvent(e);
                settle();
            }
        }
        state.await();
    }

    @Override
    public boolean await(Duration maxWait) {
        Objects.requireNonNull(maxWait, "maxWait");
        if (isComplete()) {
            return state.await(Duration.ZERO);
        }
        return state.await(maxWait);
    }

    @Override
    public String toString() {
        return "OpenCL " + state;
    }
}
