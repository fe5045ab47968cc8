package org.ferrite.opencl.internal.device;

import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.ferrite.api.error.RuntimeStateException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.spi.session.PersistentMemory;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.opencl.internal.cl.Cl;
import org.ferrite.opencl.internal.cl.ClDevice;
import org.ferrite.opencl.internal.kernel.KernelSource;
import org.jocl.CL;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;

/**
 * One backend's OpenCL device: its context, its compiled programs (built once per backend), its memory
 * ({@link Arena}), its pool of {@link Lane}s (one in-order queue per session), and the backend-owned
 * (persistent) part of its memory, whose rules are the API's {@link PersistentMemory}. Sessions work on it
 * through {@link DeviceScope}s.
 *
 * <p>Thread-safe. Lifetime: created with the backend; {@link #release()} (when the closed backend's last
 * session has left) drains and releases the queues, closes the persistent memory, and releases the
 * buffers, the programs and the context.
 */
public final class DeviceContext {
    private final ClDevice device;
    private final Placement placement;
    private final Set<DType> dtypes;
    private final boolean synchronous;
    private final cl_context context;
    private final Programs programs;
    private final Arena arena;
    private final PersistentMemory<Block> persistent;
    private final ConcurrentLinkedDeque<Lane> lanes = new ConcurrentLinkedDeque<>();
    private final AtomicInteger sessions = new AtomicInteger();
    private final AtomicBoolean released = new AtomicBoolean();

    /**
     * @param name the backend's name, for messages
     * @param device the device
     * @param placement where its tensors live
     * @param dtypes the dtypes the backend advertises
     * @param memoryLimitBytes the most device memory the backend uses
     * @param chunkBytes the size of a shared buffer of the arena
     * @param synchronous true to wait for every launch and report its failure at the call
     */
    public DeviceContext(String name, ClDevice device, Placement placement, Set<DType> dtypes, long memoryLimitBytes,
            long chunkBytes, boolean synchronous) {
        this.device = device;
        this.placement = placement;
        this.dtypes = Set.copyOf(dtypes);
        this.synchronous = synchronous;
        cl_context_properties properties = new cl_context_properties();
        properties.addProperty(CL.CL_CONTEXT_PLATFORM, device.platform());
        int[] status = new int[1];
        this.context = CL.clCreateContext(properties, 1, new cl_device_id[] {device.device()}, null, null, status);
        Cl.check("create", "clCreateContext", status[0]);
        this.programs = new Programs(context, device.device(), new KernelSource(device.hasFp64(), this.dtypes));
        this.arena = new Arena(context, chunkBytes, memoryLimitBytes, device.maxAllocationBytes());
        this.persistent = new PersistentMemory<>(name + " (" + placement + ")", this::releaseLeaked);
    }

    /** @return where the device's tensors live */
    public Placement placement() {
        return placement;
    }

    /** @return the device's facts */
    public ClDevice device() {
        return device;
    }

    /** @return the dtypes the backend advertises */
    public Set<DType> dtypes() {
        return dtypes;
    }

    /** @return true if the device computes in double precision */
    public boolean hasFp64() {
        return device.hasFp64();
    }

    /** @return true if every launch is waited for and reported at the call */
    public boolean synchronous() {
        return synchronous;
    }

    /** @return the device memory */
    public Arena arena() {
        return arena;
    }

    /** @return how many persistent tensors are live (a snapshot) */
    public int persistentCount() {
        return persistent.liveCount();
    }

    /** @return how many programs are compiled (a snapshot) */
    public int programCount() {
        return programs.builtCount();
    }

    /** Compiles every program now (the warm-up option). */
    public void buildAllPrograms() {
        programs.buildAll();
    }

    /**
     * @param role what the scope is for ("held", "scoped", "child"), for its name
     * @return a new scope for one session, on a lane of the pool
     */
    public DeviceScope newScope(String role) {
        if (released.get()) {
            throw new RuntimeStateException("openSession", "the OpenCL device of " + placement + " was released");
        }
        Lane lane = lanes.pollFirst();
        if (lane == null) {
            lane = new Lane(context, device.device(), device.isOpenCl2(), programs);
        }
        return new DeviceScope(this, lane, role + " session " + sessions.incrementAndGet() + " on " + placement);
    }

    /**
     * Runs {@code work} on this backend's service scope: a lane of its own, for another backend's session
     * that copies from this device (device to device across contexts). One caller at a time.
     *
     * @param work what to run (it must drain what it queues)
     * @param <T> its result
     * @return its result
     */
    public synchronized <T> T withServiceScope(java.util.function.Function<DeviceScope, T> work) {
        DeviceScope scope = newScope("service");
        try {
            return work.apply(scope);
        } finally {
            scope.end("transferInto");
        }
    }

    void giveBack(Lane lane) {
        lanes.addFirst(lane);
    }

    /**
     * A tensor of the backend's own memory: valid until {@code free} or {@link #release()}.
     *
     * @param op the operation
     * @param dtype the element type
     * @param shape the extents
     * @return the tensor, contents unspecified
     */
    public Tensor allocatePersistent(String op, DType dtype, long[] shape) {
        long elements = Shapes.elementCount(op, "shape", shape);
        Block block = arena.allocate(op, bytes(op, dtype, shape, elements));
        ClStorage storage;
        try {
            storage = persistent.register(block, lease -> new ClStorage(this, lease.allocation(), elements,
                    dtype.byteSize(), null, lease));
        } catch (RuntimeStateException e) {
            arena.freeAfter(block, null);
            throw e;
        }
        return Tensor.wrapDevice(dtype, storage, shape);
    }

    /** @return the byte size of {@code elements} elements of {@code dtype}, checked */
    static long bytes(String op, DType dtype, long[] shape, long elements) {
        try {
            return Math.multiplyExact(elements, dtype.byteSize());
        } catch (ArithmeticException e) {
            throw ValidationException.invalidArgument(op, "shape", "a tensor whose byte size fits a long",
                    Arrays.toString(shape) + " of " + dtype, null);
        }
    }

    /**
     * The leak backstop's release: the queued work that used the block kept its storage reachable until its
     * session drained ({@link DeviceScope#using}), so nothing queued uses it now.
     */
    private void releaseLeaked(Block block) {
        arena.freeAfter(block, null);
    }

    /** Drains and releases the queues, closes the persistent memory, releases memory, programs and context. */
    public void release() {
        if (!released.compareAndSet(false, true)) {
            return;
        }
        for (Lane lane = lanes.pollFirst(); lane != null; lane = lanes.pollFirst()) {
            CL.clFinish(lane.queue());
            lane.release();
        }
        persistent.close();
        arena.close();
        programs.release();
        CL.clReleaseContext(context);
    }
}
