package org.ferrite.opencl;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.ferrite.api.Backend;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.spi.session.FifoAdmission;
import org.ferrite.api.spi.session.SessionLifecycle;
import org.ferrite.api.spi.session.SessionRole;
import org.ferrite.api.spi.session.ViewGuard;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.ferrite.opencl.internal.cl.ClDevice;
import org.ferrite.opencl.internal.cl.ClPlatforms;
import org.ferrite.opencl.internal.device.DeviceContext;
import org.ferrite.opencl.internal.device.DeviceScope;
import org.ferrite.opencl.internal.session.BlasGemm;
import org.ferrite.opencl.internal.session.OpenClSession;

/**
 * A backend on one OpenCL device — a GPU of any vendor, or a CPU through POCL. Tensors live in device
 * buffers on placement {@code other:N} ({@code N} the device's index over every platform); users reach
 * them through transfers. Every operation is validated on the caller's thread and queued on the session's
 * own in-order command queue; kernels are generated from the operation table and compiled once per
 * backend (lazily, or all at once with {@link Builder#warmUp(boolean)}).
 *
 * <pre>{@code
 * try (OpenClBackend gpu = OpenClBackend.builder().device(0).build()) {
 *     Tensor c = gpu.withSession(s -> s.toHost(s.matmul(s.to(a, s.placement()), s.to(b, s.placement()))));
 * }
 * }</pre>
 *
 * <h2>Completion and memory</h2>
 * As {@code BackendSession} specifies: work is ordered per session; {@code toHost} and a transfer into a
 * host tensor return complete; {@code synchronize()} and a session's end wait for its queue. A failure of
 * queued work — an OpenCL error, or a check made by a kernel (an integer divisor 0:
 * {@code NumericalFailureException}; a negative integer exponent: {@code ValidationException}) — is
 * reported once, typed, naming the operation and the session, at the session's next synchronisation point;
 * with {@link Builder#synchronous(boolean)} every launch is waited for and reported at the call (for
 * debugging). Device memory belongs to the session that allocated it ({@code reclaim} frees it
 * stream-ordered, the session's end frees the rest); persistent tensors belong to the backend
 * ({@code free}, or the backend's close). An allocation beyond the device's memory (or the configured
 * limit, or one buffer's {@code CL_DEVICE_MAX_MEM_ALLOC_SIZE}) fails with {@code MemoryExhaustedException},
 * before anything is allocated; the backend stays usable.
 *
 * <h2>Admission and lifecycle</h2>
 * One root session at a time, FIFO ({@link FifoAdmission}); everything else about sessions — reentry,
 * confinement, escaped views, child executions (each on a queue of its own), the leak backstop, the order
 * of release — is the API's provider-support layer ({@link SessionLifecycle}). {@link #close()} is
 * idempotent; the device context, its queues, programs and memory are released when the last session has
 * left. Host tensors stay valid; device tensors of a closed backend fail typed.
 *
 * <p>Thread-safe. Lifetime: until {@link #close()} and the end of its last session.
 */
public final class OpenClBackend implements Backend {
    /** The backend's name. */
    public static final String NAME = "opencl";
    /** The device kind of OpenCL placements ({@code other:N}). */
    public static final DeviceKind DEVICE_KIND = DeviceKind.OTHER;
    /** The size of the shared device buffers the memory is carved from: 16 MiB. */
    static final long CHUNK_BYTES = 16L << 20;

    private final ClDevice clDevice;
    private final DeviceContext device;
    private final Lifecycle sessions;

    private OpenClBackend(Builder b) {
        this.clDevice = ClPlatforms.select(b.platform, b.device);
        int ordinal = ClPlatforms.scan().devices().indexOf(clDevice);
        // The dtypes this provider's kernels are written for; F64 and C128 only with cl_khr_fp64. A dtype added
        // to the API later is not advertised until the generator has its formulas.
        Set<DType> dtypes = EnumSet.of(DType.BOOL, DType.I32, DType.I64, DType.F32, DType.F64, DType.C64,
                DType.C128);
        if (!clDevice.hasFp64()) {
            dtypes.remove(DType.F64);
            dtypes.remove(DType.C128);
        }
        long limit = b.memoryLimitBytes > 0 ? Math.min(b.memoryLimitBytes, clDevice.globalMemoryBytes())
                : clDevice.globalMemoryBytes();
        this.device = new DeviceContext(NAME, clDevice, new Placement(DEVICE_KIND, ordinal), dtypes, limit, CHUNK_BYTES,
                b.synchronous);
        if (b.warmUp) {
            device.buildAllPrograms();
        }
        this.sessions = new Lifecycle(device);
    }

    /** @return a builder for a backend on the first OpenCL device */
    public static Builder builder() {
        return new Builder();
    }

    /** @return the OpenCL devices of this machine, "platform/device: name (platform, version)", in placement order */
    public static List<String> devices() {
        List<String> out = new ArrayList<>();
        for (ClDevice d : ClPlatforms.scan().devices()) {
            out.add(d.describe());
        }
        return out;
    }

    /** @return why no OpenCL backend can be made here ("" if a device is present) */
    public static String unavailableReason() {
        return ClPlatforms.scan().reason();
    }

    /** @return where this backend's tensors live */
    public Placement placement() {
        return device.placement();
    }

    /** @return how many persistent tensors are live (a snapshot, for tests and diagnostics) */
    public int persistentCount() {
        return device.persistentCount();
    }

    /** @return how many OpenCL programs this backend compiled so far (a snapshot) */
    public int compiledPrograms() {
        return device.programCount();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public DeviceKind device() {
        return DEVICE_KIND;
    }

    /** @return the capabilities; the available memory is a snapshot taken now */
    @Override
    public BackendCapabilities capabilities() {
        long limit = device.arena().limitBytes();
        return BackendCapabilities.builder(DEVICE_KIND).placement(device.placement()).dtypes(device.dtypes())
                .threadBudget(1).memory(limit, Math.max(0, limit - device.arena().usedBytes()))
                .detail(OpenClCapabilities.DEVICE_NAME, clDevice.name())
                .detail(OpenClCapabilities.PLATFORM_NAME, clDevice.platformName())
                .detail(OpenClCapabilities.DEVICE_VERSION, clDevice.version())
                .detail(OpenClCapabilities.MAX_ALLOCATION_BYTES, clDevice.maxAllocationBytes())
                .detail(OpenClCapabilities.FP64, clDevice.hasFp64())
                .detail(OpenClCapabilities.CLBLAST, BlasGemm.available())
                .detail(OpenClCapabilities.SYNCHRONOUS, device.synchronous()).build();
    }

    @Override
    public <R> R withSession(SessionFunction<R> work) {
        return sessions.withSession(work);
    }

    @Override
    public HeldSession openSession() {
        return sessions.openSession();
    }

    @Override
    public HeldSession openSession(Duration maxWait) {
        return sessions.openSession(maxWait);
    }

    @Override
    public Optional<HeldSession> tryOpenSession() {
        return sessions.tryOpenSession();
    }

    /** Refuses later entries; releases the device once the last session has left. Idempotent. */
    @Override
    public void close() {
        sessions.close();
    }

    /** @return true once {@link #close()} began (a snapshot) */
    public boolean isClosed() {
        return sessions.isClosed();
    }

    /** @return true if no session holds or waits for the backend (a snapshot) */
    public boolean isIdle() {
        return sessions.isIdle();
    }

    @Override
    public String toString() {
        return "OpenClBackend[" + device.placement() + " " + clDevice.name() + ", " + (isClosed() ? "closed"
                : isIdle() ? "idle" : "busy") + "]";
    }

    /**
     * The settings of an {@link OpenClBackend}; every one is also a ServiceLoader property and a
     * Configuration Admin attribute (docs/opencl.md). Not thread-safe. Lifetime: until {@link #build()}.
     */
    public static final class Builder {
        private int platform = -1;
        private int device;
        private long memoryLimitBytes;
        private boolean synchronous;
        private boolean warmUp;

        private Builder() {
        }

        /**
         * @param index the platform's index ({@code clGetPlatformIDs} order); with it, {@link #device} counts
         *     that platform's devices. Default: every platform, in order.
         * @return this
         */
        public Builder platform(int index) {
            if (index < 0) {
                throw ValidationException.invalidArgument("builder", "platform", "a platform index >= 0",
                        String.valueOf(index), null);
            }
            this.platform = index;
            return this;
        }

        /**
         * @param index the device's index (over every platform, or on {@link #platform}); default 0. A device that
         *     does not exist fails at {@link #build()} with the list of devices — never a silent fallback.
         * @return this
         */
        public Builder device(int index) {
            if (index < 0) {
                throw ValidationException.invalidArgument("builder", "device", "a device index >= 0",
                        String.valueOf(index), null);
            }
            this.device = index;
            return this;
        }

        /**
         * @param bytes the most device memory the backend uses ({@code > 0}); default: the device's global memory
         * @return this
         */
        public Builder memoryLimitBytes(long bytes) {
            if (bytes <= 0) {
                throw ValidationException.invalidArgument("builder", "memoryLimitBytes", "a positive number of bytes",
                        String.valueOf(bytes), null);
            }
            this.memoryLimitBytes = bytes;
            return this;
        }

        /**
         * @param on true to wait for every launch and report its failure at the call that queued it (a
         *     debugging aid: slower); default false
         * @return this
         */
        public Builder synchronous(boolean on) {
            this.synchronous = on;
            return this;
        }

        /**
         * @param on true to compile every program when the backend is built (seconds on a CPU runtime), so that
         *     no first call pays for it; default false (each program is compiled when first needed)
         * @return this
         */
        public Builder warmUp(boolean on) {
            this.warmUp = on;
            return this;
        }

        /**
         * @return a new backend, owned by the caller
         * @throws org.ferrite.api.error.BackendFailureException if no OpenCL platform is present (with the install
         *     hint) or the device's context cannot be made
         * @throws ValidationException if the platform or device index names no device (with the list)
         */
        public OpenClBackend build() {
            return new OpenClBackend(this);
        }
    }

    /**
     * The OpenCL provider's part of the lifecycle: a session holds a device scope (its queue, memory and
     * failures); the backend's close releases the device once the last session has left.
     */
    private static final class Lifecycle extends SessionLifecycle<DeviceScope> {
        private final DeviceContext device;

        Lifecycle(DeviceContext device) {
            super(NAME, new FifoAdmission("the " + NAME + " backend (" + device.placement() + ")"));
            this.device = device;
        }

        @Override
        protected DeviceScope begin(SessionRole role) {
            return device.newScope(role.name().toLowerCase(java.util.Locale.ROOT));
        }

        @Override
        protected BackendSession newView(ViewGuard guard, DeviceScope scope) {
            return new OpenClSession(guard, device, scope);
        }

        @Override
        protected void end(DeviceScope scope, SessionRole role) {
            scope.end(role == SessionRole.CHILD ? "childExecution.withSession" : "close");
        }

        @Override
        protected void closed() {
            device.release();
        }
    }

}
