package org.ferrite.api.spi.session;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.ferrite.api.error.RuntimeStateException;

/**
 * The backend-owned memory of a device provider ({@code BufferOps.allocatePersistent}), its rules written
 * once: a provider allocates the memory and {@linkplain #register registers} it with the storage handle its
 * tensors carry; this class keeps the allocation's state — live, freed, or gone with its closed backend —
 * and owns the typed errors of using it afterwards ({@link PersistentAllocation#requireLive}), the single
 * {@linkplain PersistentAllocation#free free}, the backend's {@linkplain #close() close}, and the leak
 * backstop: a {@link java.lang.ref.Cleaner} watches each handle, and an allocation whose handle became
 * unreachable while still live is handed to the provider's {@code leakRelease} (which frees it
 * stream-ordered) with a warning through {@code System.Logger} "org.ferrite.api.spi.session" — and, with
 * {@code -Dferrite.leakDetection=true}, the stack trace of where it was allocated. The garbage collector
 * frees nothing otherwise.
 *
 * <pre>{@code
 * private final PersistentMemory<Block> persistent = new PersistentMemory<>("my", stream::freeLater);
 *
 * public Tensor allocatePersistent(DType dtype, long... shape) {
 *     Block block = arena.allocate(bytes(dtype, shape));
 *     MyStorage storage = persistent.register(block, lease -> new MyStorage(block, lease));
 *     return Tensor.wrapDevice(dtype, storage, shape);   // the cleaner watches the storage
 * }
 *
 * public void free(Tensor t) {
 *     Block block = storageOf(t).lease().free("free");   // typed if freed or closed
 *     stream.submit(() -> arena.free(block));            // after the work queued on it
 * }
 * }</pre>
 *
 * <p>Thread-safe. Lifetime: the backend's; {@link #close()} when the backend releases its device.
 *
 * @param <A> the provider's allocation (a block, a device pointer)
 */
public final class PersistentMemory<A> {
    private final String backend;
    private final Consumer<? super A> leakRelease;
    /** The allocations not freed. Removed from by free and by the cleaner. */
    private final Set<PersistentAllocation<A>> live = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /**
     * @param backend the backend's name, for messages
     * @param leakRelease frees an allocation whose handle became unreachable while live: called on the
     *     cleaner's thread, at most once per allocation, never after {@link #close()}; it must queue the
     *     release behind the work that may still use the memory, and must not throw
     */
    public PersistentMemory(String backend, Consumer<? super A> leakRelease) {
        this.backend = Objects.requireNonNull(backend, "backend");
        this.leakRelease = Objects.requireNonNull(leakRelease, "leakRelease");
    }

    /**
     * Registers a new allocation and makes the storage handle its tensors carry.
     *
     * @param allocation the provider's allocation
     * @param newHandle makes the handle (the {@code DeviceStorage} of the persistent tensors) from the
     *     allocation's state, which the handle keeps and checks; the state never references the handle, so
     *     the cleaner sees the handle become unreachable
     * @param <H> the handle's type
     * @return the handle, watched by the leak backstop
     * @throws RuntimeStateException if the backend's memory was closed (the caller frees {@code allocation})
     */
    public <H> H register(A allocation, Function<? super PersistentAllocation<A>, H> newHandle) {
        Objects.requireNonNull(newHandle, "newHandle");
        PersistentAllocation<A> a = new PersistentAllocation<>(this, allocation,
                LeakBackstop.site("persistent tensor allocated here"));
        live.add(a);
        if (closed) {
            live.remove(a);
            throw new RuntimeStateException("allocatePersistent", "the " + backend + " backend is closed");
        }
        H handle = Objects.requireNonNull(newHandle.apply(a), "newHandle returned null");
        a.watch(LeakBackstop.CLEANER.register(handle, a::leaked));
        return handle;
    }

    /**
     * The backend released its device: every live allocation becomes closed (using it fails typed, naming the
     * closed backend), later registrations fail, the leak backstop stops. The provider releases the memory
     * itself (all of it at once). Idempotent.
     */
    public void close() {
        closed = true;
        for (PersistentAllocation<A> a : live) {
            a.close();
        }
        live.clear();
    }

    /** @return how many allocations are live (a snapshot, for tests and diagnostics) */
    public int liveCount() {
        return live.size();
    }

    /** @return the backend's name */
    String backend() {
        return backend;
    }

    void forget(PersistentAllocation<A> a) {
        live.remove(a);
    }

    void leaked(PersistentAllocation<A> a) {
        live.remove(a);
        if (closed) {
            return;
        }
        leakRelease.accept(a.allocation());
        LeakBackstop.warn("a persistent tensor of the " + backend + " backend (" + a.allocation() + ") became"
                + " unreachable without free(); its memory was freed now. Free persistent tensors explicitly.",
                a.site());
    }

    @Override
    public String toString() {
        return "PersistentMemory[" + backend + ", " + liveCount() + " live" + (closed ? ", closed" : "") + "]";
    }
}
