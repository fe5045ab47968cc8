package org.ferrite.testkit;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceStorage;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The host tensors of one test, mirrored where the session computes, so that one test body checks a
 * host provider and a device provider alike. The suites prepare operands and expected values on the
 * host; {@link #of} hands the provider the same layout on its own placement, and when the work ends
 * {@link ProviderConformance#inSession(ProviderConformance.PlacedWork)} copies every mirrored storage
 * back over its host original, so the test then asserts on the host exactly as before — outputs
 * written, and nothing else touched.
 *
 * <p>For a host session every method is the identity: operands are the test's own tensors, no copy is
 * made, and strided views, broadcast views and aliasing reach the provider as written. For a device
 * session, {@link #of} transfers the <em>whole</em> host storage of a tensor once (with
 * {@code session.to}) and returns a tensor or view with the tensor's own shape, strides and offset over
 * that copy; views of one host storage share one device copy, so aliasing between them is preserved.
 * Tensors that are not on the host (a foreign placement, a tensor the provider returned) pass through.
 *
 * <p>Confined to the thread of the session it serves. Lifetime: one session callback; the mirrors are
 * memory of that session, reclaimed with it. Created by the kit only, one per
 * {@code inSession((session, mirror) -> …)} call.
 */
public final class Mirror {
    private final BackendSession session;
    private final boolean hostSession;
    private final List<Entry> entries = new ArrayList<>();

    /** One mirrored host storage: the host original as a 1-D tensor, and its copy on the placement. */
    private record Entry(Object hostStorage, DType dtype, Tensor host, Tensor there) {
    }

    /**
     * @param session the session whose placement the tensors are mirrored on
     */
    Mirror(BackendSession session) {
        this.session = Objects.requireNonNull(session, "session");
        this.hostSession = session.placement().isHost();
    }

    /**
     * @param t a host tensor of the test (any other placement passes through)
     * @return the tensor itself for a host session; else a tensor of its shape on the session's
     *     placement, over the mirror of its storage
     */
    public Tensor of(Tensor t) {
        if (!mirrored(t)) {
            return t;
        }
        return Tensor.wrapDevice(t.dtype(), (DeviceStorage) entry(t).there().storage(), t.shape());
    }

    /**
     * @param v a host view of the test (any other placement passes through)
     * @return the view itself for a host session; else a view of the same shape, strides and offset on
     *     the session's placement (writable exactly when {@code v} is)
     */
    public TensorView of(TensorView v) {
        if (!mirrored(v)) {
            return v;
        }
        return TensorView.of(v.dtype(), entry(v).there().storage(), v.shape(), v.strides(), v.offset());
    }

    /**
     * @param t a host operand of the test
     * @return {@link #of(Tensor)} or {@link #of(TensorView)}, as {@code t} is
     */
    public TensorRead of(TensorRead t) {
        return t instanceof Tensor ? of((Tensor) t) : of((TensorView) t);
    }

    /**
     * @param t a host output of the test
     * @return {@link #of(Tensor)} or {@link #of(TensorView)}, as {@code t} is
     */
    public TensorWrite of(TensorWrite t) {
        return t instanceof Tensor ? of((Tensor) t) : of((TensorView) t);
    }

    /**
     * @param t a tensor the provider returned, or a host tensor
     * @return {@code t} itself if it is on the host, else a complete host copy ({@code session.toHost})
     */
    public Tensor host(TensorRead t) {
        return t.placement().isHost() && t instanceof Tensor ? (Tensor) t : session.toHost(t);
    }

    /**
     * Copies every mirrored storage back over its host original (a synchronisation point). If the
     * session reports a failure of earlier asynchronous work here, the copies are made once more — so
     * the host shows the device's state after the failure, for "nothing was written" checks — and the
     * failure is then rethrown.
     *
     * @throws TensorException the failure the session reported
     */
    void writeBack() {
        TensorException failure = null;
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                for (Entry e : entries) {
                    session.transferInto(e.there(), e.host());
                }
                break;
            } catch (TensorException e) {
                if (failure != null) {
                    failure.addSuppressed(e);
                    break;
                }
                failure = e;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * {@link #writeBack} after the test's work threw {@code thrown}: a failure of the write-back is
     * added to {@code thrown} as suppressed.
     *
     * @param thrown what the work threw
     */
    void writeBackAfter(Throwable thrown) {
        try {
            writeBack();
        } catch (RuntimeException e) {
            if (e != thrown) {
                thrown.addSuppressed(e);
            }
        }
    }

    private boolean mirrored(TensorRead t) {
        return !hostSession && t.placement().isHost();
    }

    private Entry entry(TensorRead t) {
        Object storage = t.storage();
        for (Entry e : entries) {
            if (e.hostStorage() == storage && e.dtype() == t.dtype()) {
                return e;
            }
        }
        long capacity = Array.getLength(storage) / t.dtype().scalarsPerElement();
        Tensor host = Tensor.wrap(t.dtype(), storage, capacity);
        Entry e = new Entry(storage, t.dtype(), host, session.to(host, session.placement()));
        entries.add(e);
        return e;
    }
}
