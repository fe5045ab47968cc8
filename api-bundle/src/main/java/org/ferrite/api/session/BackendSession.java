package org.ferrite.api.session;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.random.Distribution;
import org.ferrite.api.random.RandomKey;
import org.ferrite.api.spi.OpChecks;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A view of an entered session: every operation family, buffer allocation, transfers, extensions,
 * per-session state and child execution. Handed to a {@link SessionFunction} by a backend's scoped
 * entry or by a held session's {@code withSession}; the same interface either way.
 *
 * <p>Confined to the thread that opened it. Lifetime: valid only during the {@link SessionFunction}
 * call that received it; using it afterwards (it escaped) throws
 * {@link org.ferrite.api.error.RuntimeStateException}.
 *
 * <h2>Completion</h2>
 * Operations of one session are <b>stream-ordered</b>: each observes the effects of every operation
 * issued earlier in the same session — across the {@code withSession} calls of one held session too —
 * whatever a provider runs asynchronously. A provider may return from an operation before its work is
 * done (a device provider queues it on its stream); the results become visible to the host only at a
 * <b>synchronisation point</b> of the session:
 * <ul>
 * <li>{@link #transferInto} (and {@link #toHost}, {@link #to}) with a host output returns only when
 * that output is complete;</li>
 * <li>{@link #synchronize()} returns when all work issued so far in the session is complete;</li>
 * <li>the session's end — a held session's {@code close()}, the return of a scoped
 * {@code Backend.withSession} — waits for all of its work.</li>
 * </ul>
 * The return of a held session's {@code withSession} is <em>not</em> a synchronisation point, so small
 * calls pipeline. Validation is always synchronous: a {@link ValidationException} (or another refusal)
 * is thrown at submission, on the caller's thread, before anything is written. The only checks that
 * need element values rather than metadata — integer division by zero, a negative integer exponent —
 * an asynchronous provider makes in its kernel, before that kernel writes anything, and reports like a
 * failure of asynchronous work, with the exception type a synchronous provider throws at submission.
 * A failure of asynchronous work is reported once, typed
 * ({@link org.ferrite.api.error.BackendFailureException},
 * {@link org.ferrite.api.error.NumericalFailureException}), at the session's next synchronisation point;
 * later work of the session runs normally.
 * These are CUDA's stream semantics (in order within a stream; the host sees results after a
 * synchronising copy or a stream synchronisation), which is what PyTorch and DJL users rely on: ops
 * run asynchronously and synchronise on {@code .cpu()}, {@code .item()} or {@code toArray()}. A host
 * provider that computes synchronously satisfies all of this trivially: each call returns complete.
 *
 * <p><b>Events</b> order work <em>across</em> sessions: {@link #recordEvent()} marks a point in this
 * session's stream, and another session's {@link #waitEvent} makes its later work run after that point —
 * on its own stream where the provider can, without blocking the host; the host may poll or block on an
 * {@link Event} too. Sessions of one backend run one at a time and a session's end waits for its work, so
 * an event is needed where work may overlap: child executions beside their root, and sessions of two
 * devices of one provider (a device-to-device {@link #transferInto}).
 *
 * <h2>Memory</h2>
 * Device memory of tensors allocated through a session ({@link #allocate}, and every allocating form)
 * is owned by that session. It is freed by {@link #reclaim} — stream-ordered: reused only after work
 * already queued on it completed — and at the latest when the session ends; the backend's
 * {@code close()} frees whatever remains. A provider never relies on the garbage collector to free
 * device memory (a {@link java.lang.ref.Cleaner} may serve only as a leak backstop). A device tensor
 * used after its memory was freed is rejected with {@link org.ferrite.api.error.RuntimeStateException}.
 * Host providers may treat {@code synchronize} and a session's end as no-ops for memory: host tensors
 * are ordinary Java arrays and stay valid after the session and the backend are closed.
 *
 * <p>Memory that must outlive a session — model weights, a state kept on the device across held sessions
 * and threads — is <b>backend-owned</b>: {@link #allocatePersistent} or {@link #toPersistent}, freed by
 * {@link #free} (stream-ordered) or the backend's {@code close()}, never by the garbage collector.
 *
 * <h2>For providers</h2>
 * Providers implement the hooks of each family ({@code binaryInto}, {@code unaryInto},
 * {@code compareInto}, {@code selectInto}, {@code copyInto}, {@code castInto}, {@code reduceInto},
 * {@code gatherInto}, {@code scatterInto}, {@code dotGeneralAccumulate}, {@code allocate},
 * {@code reclaim}, {@code placement}), {@link #transferInto}, {@link #extension} and
 * {@link #childExecution}; everything else has a portable default, which providers may override for
 * speed and for their own semantics where the default says so ({@link #synchronize},
 * {@link #sessionLocal}; a device provider overrides {@link #recordEvent}, {@link #waitEvent},
 * {@link #allocatePersistent}, {@link #free} and {@link #randomInto}, whose defaults suit host
 * providers). Every hook validates with the shared checks of {@code org.ferrite.api.spi}.
 */
@ProviderType
public interface BackendSession extends ScalarOps, IndexingOps, ReductionOps, ContractionOps, RandomOps,
        SearchingOps {

    /**
     * Looks up an optional capability of the provider: an extension interface that a portable library
     * defines for providers to implement (e.g. {@code org.ferrite.einsum.EinsumKernels}), or one of the
     * provider's own. The extensions a
     * backend offers are listed, without opening a session, by
     * {@code BackendCapabilities.extensions()}.
     *
     * <p>The object returned is bound to this session view: valid only during the callback that
     * received the view, and confined to its thread, exactly as the view is. Do not keep it; look it
     * up again in a later callback.
     *
     * @param type the extension interface
     * @param <T> its type
     * @return the provider's implementation, or empty if it has none
     */
    <T> Optional<T> extension(Class<T> type);

    /**
     * A handle that lets a worker thread of an enclosing pool run work under this session's
     * admission, with private scratch resources.
     *
     * @return the handle, valid while this session is open
     */
    ChildExecution childExecution();

    /**
     * Hook: copies {@code src} into {@code out}, {@code out[i] = src[i]} — the only operation that may
     * cross placements: host to this session's {@link #placement()}, back, or within it (for a host
     * provider, host to host); a provider with several devices may also copy between this session's
     * placement and another device of the same provider (device to device, on this session's stream;
     * order it against the other device's work on either tensor with events: {@link #waitEvent} before,
     * {@link #recordEvent} after). Between two providers, data goes through the host: {@link #toHost} in a
     * session of one, {@link #to} in a session of the other. Same dtype and shape, any strides; {@code out} must be writable and must
     * not overlap {@code src} ({@code org.ferrite.api.spi.Overlap}). Everything is validated before the
     * first write ({@code OperandChecks.requireTransfer}). With a host {@code out} it returns only when
     * {@code out} is complete (a synchronisation point); otherwise the copy is stream-ordered like any
     * operation.
     *
     * @param src the source, on the host or this session's placement (or a device of the same provider
     *     this session reaches)
     * @param out the destination, on the host or this session's placement (or such a device)
     * @throws ValidationException (DTYPE_MISMATCH, SHAPE_MISMATCH or INVALID_ARGUMENT) for a mismatch,
     *     an unwritable or overlapping output, or a tensor on a placement this session does not reach (a
     *     tensor of another provider: with the advice to go through the host)
     * @throws org.ferrite.api.error.BackendFailureException if earlier asynchronous work of the session
     *     failed (reported at this synchronisation point)
     */
    @Override
    void transferInto(TensorRead src, TensorWrite out);

    /**
     * A complete host copy of {@code t}: allocates a compact host tensor of {@code t}'s dtype and
     * shape, {@link #transferInto transfers} into it and returns it, complete (a synchronisation
     * point). Always a new tensor owned by the caller, also when {@code t} is already on the host.
     *
     * <pre>{@code
     * double[] values = held.withSession(s -> s.toHost(deviceResult)).f64Data();
     * }</pre>
     *
     * @param t a tensor on the host or this session's placement
     * @return the host copy
     * @throws ValidationException if {@code t} lives on a placement this session does not reach, or is
     *     too large for one host array
     */
    default Tensor toHost(TensorRead t) {
        Objects.requireNonNull(t, "t");
        Tensor out = placement().isHost() ? allocate(t.dtype(), t.shape()) : Tensor.zeros(t.dtype(), t.shape());
        transferInto(t, out);
        return out;
    }

    /**
     * A copy of {@code t} on {@code target}: {@link #toHost} for the host; for this session's
     * {@link #placement()}, {@link #allocate} there and {@link #transferInto}.
     *
     * <pre>{@code
     * Tensor onDevice = s.to(hostInput, s.placement());   // inputs in
     * Tensor result = s.toHost(s.matmul(onDevice, onDevice)); // results out
     * }</pre>
     *
     * @param t the tensor to copy
     * @param target the host or this session's placement
     * @return a new tensor on {@code target}, owned by the caller
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code placement}) for any other target
     */
    @Override
    default Tensor to(TensorRead t, Placement target) {
        Objects.requireNonNull(t, "t");
        Objects.requireNonNull(target, "target");
        if (target.isHost()) {
            return toHost(t);
        }
        if (!target.equals(placement())) {
            throw ValidationException.invalidArgument("to", "placement", "host or " + placement()
                    + " (the placements this session reaches)", String.valueOf(target),
                    "open a session of the backend that owns " + target + " and transfer through the host");
        }
        Tensor out = allocate(t.dtype(), t.shape());
        transferInto(t, out);
        return out;
    }

    /**
     * A backend-owned copy of {@code t} on this session's placement: {@link #allocatePersistent} and
     * {@link #transferInto}. It outlives the session; {@link #free} it when done.
     *
     * <pre>{@code
     * Tensor weights = held.withSession(s -> s.toPersistent(hostWeights));
     * }</pre>
     *
     * @param t the tensor to copy, on the host or this session's placement
     * @return the persistent copy
     * @throws org.ferrite.api.error.UnsupportedOpException if the provider has no backend-owned memory
     */
    default Tensor toPersistent(TensorRead t) {
        Objects.requireNonNull(t, "t");
        Tensor out = allocatePersistent(t.dtype(), t.shape());
        transferInto(t, out);
        return out;
    }

    /**
     * {@inheritDoc}
     *
     * <p>The portable default generates with the reference implementation of
     * {@code org.ferrite.api.random}: a host {@code out} is written in place (a host provider needs nothing
     * more); for an {@code out} on a device, the values are generated on the host and transferred. A device
     * provider overrides it to generate on the device.
     */
    @Override
    default void randomInto(Distribution distribution, RandomKey key, TensorWrite out) {
        Objects.requireNonNull(distribution, "distribution");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(out, "out");
        String op = distribution.operation();
        Placement here = placement();
        distribution.requireDtype(op, "out", out.dtype());
        OperandChecks.requireWritable(op, out);
        if (out.placement().isHost()) {
            distribution.fill(key, out);
        } else {
            OperandChecks.requirePlacement(op, "out", out, here);
            transferInto(distribution.sample(key, out.dtype(), out.shape()), out);
        }
    }

    /**
     * Waits until all work issued so far in this session is complete (a synchronisation point). The
     * default does nothing: right for providers that compute synchronously. A provider that runs work
     * asynchronously overrides it.
     *
     * @throws org.ferrite.api.error.BackendFailureException if asynchronous work of the session failed
     * @throws org.ferrite.api.error.NumericalFailureException if asynchronous work hit a numerical failure
     */
    default void synchronize() {
    }

    /**
     * Records an {@link Event} at this point of the session's stream: it completes when every operation
     * issued before it in this session is complete, and fails with the first failure of that work not yet
     * reported (which this session still reports at its next synchronisation point). Recording is not a
     * synchronisation point for a device provider: it queues a marker and returns.
     *
     * <p>The default suits providers that compute synchronously: it {@link #synchronize() synchronizes}
     * and returns {@link Event#completed(Placement) a complete event}. A device provider overrides it.
     *
     * <pre>{@code
     * Event written = s.recordEvent();          // after the writes to a persistent tensor
     * }</pre>
     *
     * @return the event, valid after this session ends (see {@link Event})
     * @throws org.ferrite.api.error.TensorException (default only) a failure of earlier asynchronous work,
     *     reported here because the default synchronizes
     */
    default Event recordEvent() {
        Placement here = placement();
        synchronize();
        return Event.completed(here);
    }

    /**
     * Makes the work this session issues after the call wait for {@code event}: device-side where the
     * provider can (its stream waits; the call returns at once), else by blocking the caller until the
     * event completes. The event may come from any session of this backend, or of another device of the
     * same provider; an event of another provider is waited for on the host. If the event failed, this
     * session reports that failure at its next synchronisation point (the default, which blocks, throws it
     * here).
     *
     * <p>The default blocks: {@link Event#await()}. It is right for synchronous providers and correct,
     * though not asynchronous, for any other.
     *
     * <pre>{@code
     * s.waitEvent(written);                     // the writer's work on the tensor happens before ours
     * Tensor y = s.matmul(persistentWeights, x);
     * }</pre>
     *
     * @param event the event to wait for
     * @throws NullPointerException if {@code event} is {@code null}
     * @throws org.ferrite.api.error.TensorException (default only) the event's failure
     */
    default void waitEvent(Event event) {
        Objects.requireNonNull(event, "event");
        placement();
        event.await();
    }

    /**
     * Per-session state for portable code: the value cached under {@code key}, created with
     * {@code create} if absent. Portable libraries keep plan caches here (einsum's ad-hoc plans) so that
     * they live with the provider's resources instead of in global state.
     *
     * <p>Keys are compared with {@code equals}; use a key object of your own (a {@code static final
     * Object}, or a record of your own type) so that no other library shares it, and one value type
     * per key — a mismatch surfaces as a {@link ClassCastException} at the caller.
     *
     * <p>Lifetime and thread: the default keeps nothing and returns {@code create.get()} on every call.
     * A provider that keeps state documents its bound and lifetime; the contract is that an entry may
     * be evicted at any time (so it must be a cache, recomputable from its key), that it lives no longer
     * than the backend, and that a value is used by one session thread at a time: it may be reused by a
     * later session of the same backend on another thread, never concurrently. Child executions and
     * phase lanes have their own state. {@code create} runs on the calling thread.
     *
     * @param key the key
     * @param create makes the value when absent; must not return {@code null}
     * @param <T> the value type
     * @return the cached or new value
     * @throws NullPointerException if {@code key}, {@code create} or its result is {@code null}
     */
    default <T> T sessionLocal(Object key, Supplier<T> create) {
        Objects.requireNonNull(key, "key");
        return Objects.requireNonNull(create.get(), "create returned null");
    }

    /**
     * Sets every element of {@code out} to {@code value} (converted as {@link Tensor#full}): transfers the
     * host value to {@code out}'s placement as a broadcast view, so it works where {@code out} lives —
     * on a device too, where a host operand of {@code copyInto} is rightly rejected.
     *
     * @param out the destination, on the host or this session's placement
     * @param value the value
     */
    @Override
    default void fill(TensorWrite out, double value) {
        transferInto(Tensor.full(out.dtype(), value).broadcastTo(out.shape()), out);
    }

    /**
     * Softmax along one axis of a real floating tensor:
     * {@code out = exp(x - max(x)) / Σ exp(x - max(x))}, numerically stable. Built on {@code max},
     * {@code sub}, {@code exp}, {@code sum} and {@code div}; intermediate tensors go back to the pool
     * through {@link #reclaim}. An empty {@code x} gives an empty result.
     *
     * @param x the operand
     * @param axis the axis to normalise along, in {@code [-rank, rank)} (negative counts from the end)
     * @return a new tensor of {@code x}'s shape
     * @throws org.ferrite.api.error.UnsupportedOpException for a dtype {@link OpTable#SOFTMAX} does not
     *     accept (every one but F32 and F64)
     * @throws org.ferrite.api.error.ValidationException for a bad axis
     */
    default Tensor softmax(TensorRead x, int axis) {
        axis = checkSoftmaxOperand(OpTable.SOFTMAX, x, axis);
        if (x.size() == 0) {
            return allocate(x.dtype(), x.shape());
        }
        Tensor shifted = shiftedByMax(x, axis);
        Tensor e = exp(shifted);
        reclaim(shifted);
        Tensor denominator = sum(e, axis);
        Tensor out = allocate(x.dtype(), x.shape());
        divInto(e, expandAxis(denominator, x, axis), out);
        reclaim(e);
        reclaim(denominator);
        return out;
    }

    /**
     * Log-softmax along one axis of a real floating tensor: {@code x - max(x) - log Σ exp(x - max(x))},
     * numerically stable.
     *
     * @param x the operand
     * @param axis the axis, in {@code [-rank, rank)}
     * @return a new tensor of {@code x}'s shape
     * @throws org.ferrite.api.error.UnsupportedOpException for a dtype {@link OpTable#LOG_SOFTMAX} does not
     *     accept (every one but F32 and F64)
     * @throws org.ferrite.api.error.ValidationException for a bad axis
     */
    default Tensor logSoftmax(TensorRead x, int axis) {
        axis = checkSoftmaxOperand(OpTable.LOG_SOFTMAX, x, axis);
        if (x.size() == 0) {
            return allocate(x.dtype(), x.shape());
        }
        Tensor shifted = shiftedByMax(x, axis);
        Tensor e = exp(shifted);
        Tensor sum = sum(e, axis);
        reclaim(e);
        Tensor logSum = log(sum);
        reclaim(sum);
        Tensor out = allocate(x.dtype(), x.shape());
        subInto(shifted, expandAxis(logSum, x, axis), out);
        reclaim(shifted);
        reclaim(logSum);
        return out;
    }

    private static int checkSoftmaxOperand(OpSpec row, TensorRead x, int axis) {
        OpChecks.requireDefined(row, x.dtype());
        return Shapes.normalizeAxis(row.name(), "axis", axis, x.rank());
    }

    private Tensor shiftedByMax(TensorRead x, int axis) {
        Tensor max = max(x, axis);
        Tensor out = allocate(x.dtype(), x.shape());
        subInto(x, expandAxis(max, x, axis), out);
        reclaim(max);
        return out;
    }

    private static TensorRead expandAxis(Tensor reduced, TensorRead like, int axis) {
        int rank = like.rank();
        int[] dims = new int[rank - 1];
        for (int a = 0, k = 0; a < rank; a++) {
            if (a != axis) {
                dims[k++] = a;
            }
        }
        return reduced.broadcastInDim(like.shape(), dims);
    }

    /**
     * Copies {@code src} into {@code out} where shapes differ only by broadcasting.
     *
     * @param src the source, broadcast-compatible with {@code out}
     * @param out the destination
     */
    default void broadcastCopyInto(TensorRead src, TensorWrite out) {
        copyInto(OperandChecks.broadcastOperand("broadcastCopy", "src", src, out.shape()), out);
    }
}
