package org.ferrite.offheap;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.random.Distribution;
import org.ferrite.api.random.RandomKey;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.Event;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.PreparedContraction;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ReductionOps;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.spi.DotGeneralLayouts;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.spi.IndexingShapes;
import org.ferrite.api.spi.OpChecks;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.spi.Overlap;
import org.ferrite.api.spi.ScatterShapes;
import org.ferrite.api.spi.Widening;
import org.ferrite.api.spi.session.ViewGuard;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.offheap.device.DeviceContext;
import org.ferrite.offheap.device.DeviceOperands;
import org.ferrite.offheap.device.DeviceScope;
import org.ferrite.offheap.device.DotKernel;
import org.ferrite.offheap.device.ElementKernels;
import org.ferrite.offheap.device.IndexKernels;
import org.ferrite.offheap.device.OffHeapStorage;
import org.ferrite.offheap.device.Operand;
import org.ferrite.offheap.device.RandomKernel;
import org.ferrite.offheap.device.ReduceKernel;
import org.ferrite.offheap.device.Transfers;

/**
 * The off-heap provider's session view: implements the hooks of {@link BackendSession} for a device.
 * Each hook validates everything on the caller's thread with the API's shared checks — dtypes, shapes,
 * placement (every operand on the backend's device, {@code other:N}: a host operand is rejected with the
 * transfer advice), aliasing by allocation identity and byte range, live device memory of this backend —
 * and then queues its kernel on the backend's stream and returns; nothing is written before the checks
 * passed. Every other operation is the interface's portable default, running on these hooks.
 *
 * <p>The device parts of the SPI are the provider's own: {@link #transferInto} also copies between this
 * device and another off-heap backend's (device to device, on this stream); {@link #recordEvent} queues a
 * marker and {@link #waitEvent} a device-side wait; {@link #allocatePersistent} and {@link #free} manage
 * the backend's own memory (the API's {@code PersistentMemory} rules); {@link #randomInto} generates on the
 * stream with the API's reference implementation.
 *
 * <p>Its lifecycle — liveness, confinement, child executions, {@link #sessionLocal} — is the API's
 * provider-support layer ({@link ViewGuard}). {@link #extension} offers none.
 *
 * <p>Confined to the thread that opened the session. Lifetime: valid only during the callback that
 * received it; afterwards every hook throws {@code RuntimeStateException} (it escaped); from another
 * thread, {@code SessionEntryException.IncompatibleContext}.
 */
final class OffHeapSession implements BackendSession {
    private final ViewGuard guard;
    /** The device of this session's backend. */
    private final DeviceContext device;
    private final DeviceScope scope;
    private final DeviceOperands operands;
    /** Where the session computes: its backend's device. */
    private final Placement here;

    OffHeapSession(ViewGuard guard, DeviceContext device, DeviceScope scope) {
        this.guard = guard;
        this.device = device;
        this.scope = scope;
        this.operands = new DeviceOperands(device);
        this.here = device.placement();
    }

    private void enter(String op) {
        guard.enter(op);
    }

    private static String name(Enum<?> op) {
        return op.name().toLowerCase(Locale.ROOT);
    }

    // ------------------------------------------------------------------ session

    @Override
    public <T> Optional<T> extension(Class<T> type) {
        enter("extension");
        Objects.requireNonNull(type, "type");
        return Optional.empty();
    }

    @Override
    public ChildExecution childExecution() {
        return guard.childExecution();
    }

    @Override
    public Placement placement() {
        enter("placement");
        return here;
    }

    @Override
    public void synchronize() {
        enter("synchronize");
        scope.synchronize("synchronize");
    }

    @Override
    public <T> T sessionLocal(Object key, Supplier<T> create) {
        return guard.sessionLocal(key, create);
    }

    @Override
    public void transferInto(TensorRead src, TensorWrite out) {
        String op = "transferInto";
        enter(op);
        OperandChecks.requireTransfer(op, src, out, here, OffHeapSession::isPeer);
        operands.requireLiveIfDevice(op, "src", src);
        operands.requireLiveIfDevice(op, "out", out);
        Transfers.transfer(scope, src, out);
    }

    /** The placements of the provider's other devices (their storage is checked as the provider's own). */
    private static boolean isPeer(Placement p) {
        return p.device() == DeviceKind.OTHER;
    }

    @Override
    public Tensor allocate(DType dtype, long... shape) {
        enter("allocate");
        Objects.requireNonNull(dtype, "dtype");
        return scope.allocate("allocate", dtype, shape);
    }

    /**
     * Frees a device tensor of this backend, stream-ordered; a host tensor or another backend's tensor
     * has nothing to free here and is accepted, as {@code BufferOps.reclaim} says.
     */
    @Override
    public void reclaim(Tensor tensor) {
        enter("reclaim");
        Objects.requireNonNull(tensor, "tensor");
        if (operands.isOwn(tensor)) {
            scope.reclaim("reclaim", operands.live("reclaim", "tensor", tensor));
        }
    }

    // ------------------------------------------------------------------ events

    /** Queues a marker behind the work issued so far; the event fails with that work's unreported failure. */
    @Override
    public Event recordEvent() {
        enter("recordEvent");
        return scope.recordEvent("recordEvent");
    }

    /** A device-side wait: the stream blocks until the event completed; the host returns at once. */
    @Override
    public void waitEvent(Event event) {
        enter("waitEvent");
        Objects.requireNonNull(event, "event");
        scope.waitEvent("waitEvent", event);
    }

    // ------------------------------------------------------------------ backend-owned memory

    @Override
    public Tensor allocatePersistent(DType dtype, long... shape) {
        enter("allocatePersistent");
        Objects.requireNonNull(dtype, "dtype");
        return device.allocatePersistent("allocatePersistent", dtype, shape);
    }

    /**
     * Frees a persistent tensor of this backend, stream-ordered (behind every kernel queued so far, of any
     * session: they share the stream); a host tensor is accepted and nothing happens.
     */
    @Override
    public void free(Tensor tensor) {
        String op = "free";
        enter(op);
        Objects.requireNonNull(tensor, "tensor");
        if (tensor.placement().isHost()) {
            return;
        }
        operands.requireLiveIfDevice(op, "tensor", tensor); // freed or closed: runtime state; another provider's
        if (!operands.isOwn(tensor)) {
            throw ValidationException.invalidArgument(op, "tensor", "a persistent tensor of this backend (" + here
                    + ") or a host tensor", "a tensor of another off-heap backend, on " + tensor.placement(),
                    "free a persistent tensor in a session of the backend that allocated it");
        }
        scope.free(op, (OffHeapStorage) tensor.storage()); // a session's tensor: reclaim instead
    }

    // ------------------------------------------------------------------ random numbers

    /** Generates on the stream with the API's reference implementation; a host output is written in place. */
    @Override
    public void randomInto(Distribution distribution, RandomKey key, TensorWrite out) {
        Objects.requireNonNull(distribution, "distribution");
        String op = distribution.operation();
        enter(op);
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(out, "out");
        distribution.requireDtype(op, "out", out.dtype());
        OperandChecks.requireWritable(op, out);
        if (out.placement().isHost()) {
            distribution.fill(key, out);
            return;
        }
        scope.submit(op, RandomKernel.fill(distribution, key, operands.of(op, "out", out)));
    }

    // ------------------------------------------------------------------ elementwise

    @Override
    public void binaryInto(BinaryOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        String n = name(op);
        enter(n);
        if (Widening.binaryInto(this, op, lhs, rhs, out)) {
            return;
        }
        DType d = lhs.dtype();
        OperandChecks.requireDtype(n, "rhs", rhs, d);
        OpChecks.requireDefined(op, d);
        OperandChecks.requireSameShape(n, "rhs", lhs, rhs);
        OperandChecks.requireOutput(n, out, d, lhs);
        OperandChecks.requireNoPartialAlias(n, out, placed(n, "lhs", lhs), "lhs");
        OperandChecks.requireNoPartialAlias(n, out, placed(n, "rhs", rhs), "rhs");
        scope.submit(n, ElementKernels.binary(op, operands.of(n, "lhs", lhs), operands.of(n, "rhs", rhs),
                operands.of(n, "out", out)));
    }

    @Override
    public void unaryInto(UnaryOp op, TensorRead x, TensorWrite out) {
        String n = name(op);
        enter(n);
        if (Widening.unaryInto(this, op, x, out)) {
            return;
        }
        DType d = x.dtype();
        OpChecks.requireDefined(op, d);
        DType outType = OpTable.of(op).resultType(d);
        OperandChecks.requireOutput(n, out, outType, x);
        placed(n, "x", x);
        if (outType == d) {
            OperandChecks.requireNoPartialAlias(n, out, x, "x");
        } else {
            OperandChecks.requireNoAlias(n, out, x, "x");
        }
        scope.submit(n, ElementKernels.unary(op, operands.of(n, "x", x), operands.of(n, "out", out)));
    }

    @Override
    public void compareInto(CompareOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        String n = name(op);
        enter(n);
        DType d = lhs.dtype();
        OperandChecks.requireDtype(n, "rhs", rhs, d);
        OpChecks.requireDefined(op, d);
        OperandChecks.requireSameShape(n, "rhs", lhs, rhs);
        OperandChecks.requireOutput(n, out, DType.BOOL, lhs);
        OperandChecks.requireNoAlias(n, out, placed(n, "lhs", lhs), "lhs");
        OperandChecks.requireNoAlias(n, out, placed(n, "rhs", rhs), "rhs");
        scope.submit(n, ElementKernels.compare(op, operands.of(n, "lhs", lhs), operands.of(n, "rhs", rhs),
                operands.of(n, "out", out)));
    }

    @Override
    public void selectInto(TensorRead predicate, TensorRead onTrue, TensorRead onFalse, TensorWrite out) {
        String n = "select";
        enter(n);
        OperandChecks.requireDtype(n, "predicate", predicate, DType.BOOL);
        OperandChecks.requireDtype(n, "onFalse", onFalse, onTrue.dtype());
        OperandChecks.requireSameShape(n, "predicate", onTrue, predicate);
        OperandChecks.requireSameShape(n, "onFalse", onTrue, onFalse);
        OperandChecks.requireOutput(n, out, onTrue.dtype(), onTrue);
        OperandChecks.requireNoAlias(n, out, placed(n, "predicate", predicate), "predicate");
        OperandChecks.requireNoAlias(n, out, placed(n, "onTrue", onTrue), "onTrue");
        OperandChecks.requireNoAlias(n, out, placed(n, "onFalse", onFalse), "onFalse");
        scope.submit(n, ElementKernels.select(operands.of(n, "predicate", predicate), operands.of(n, "onTrue", onTrue),
                operands.of(n, "onFalse", onFalse), operands.of(n, "out", out)));
    }

    // ------------------------------------------------------------------ structural

    @Override
    public void copyInto(TensorRead src, TensorWrite out) {
        enter("copy");
        OperandChecks.requireOutput("copy", out, src.dtype(), src);
        OperandChecks.requireNoAlias("copy", out, placed("copy", "src", src), "src");
        scope.submit("copy", ElementKernels.copy(operands.of("copy", "src", src), operands.of("copy", "out", out)));
    }

    @Override
    public void castInto(TensorRead src, TensorWrite out) {
        enter("cast");
        OperandChecks.requireOutput("cast", out, out.dtype(), src);
        OperandChecks.requireNoAlias("cast", out, placed("cast", "src", src), "src");
        scope.submit("cast", ElementKernels.cast(operands.of("cast", "src", src), operands.of("cast", "out", out)));
    }

    // ------------------------------------------------------------------ reductions, indexing, contraction

    @Override
    public void reduceInto(ReduceOp op, TensorRead x, int[] axes, TensorWrite out) {
        String n = name(op);
        enter(n);
        if (Widening.reduceInto(this, op, x, axes, out)) {
            return;
        }
        OpChecks.requireDefined(op, x.dtype());
        axes = Shapes.normalizeAxes(n, "axes", axes, x.rank());
        long[] shape = OperandChecks.reducedShape(n, x, axes);
        OperandChecks.requireDtype(n, "out", out, ReductionOps.resultType(op, x.dtype()));
        OperandChecks.requireShape(n, "out", shape, out);
        OperandChecks.requireWritable(n, out);
        OperandChecks.requireNoAlias(n, out, placed(n, "x", x), "x");
        if (op == ReduceOp.MAX || op == ReduceOp.MIN) {
            for (int axis : axes) {
                if (x.dim(axis) == 0) {
                    throw ValidationException.invalidAxisArgument(n, "axes", axis, "a non-empty axis (" + n
                            + " has no identity)", "extent 0");
                }
            }
        }
        scope.submit(n, ReduceKernel.reduce(op, operands.of(n, "x", x), axes.clone(), operands.of(n, "out", out)));
    }

    @Override
    public void gatherInto(TensorRead operand, TensorRead startIndices, GatherConfig config, TensorWrite out) {
        String n = "gather";
        enter(n);
        IndexingShapes.checkGather(operand, startIndices, config, out);
        IndexingShapes.checkGatherCall(here, operand, startIndices, out);
        scope.submit(n, IndexKernels.gather(operands.of(n, "operand", operand),
                operands.of(n, "startIndices", startIndices), config, operands.of(n, "out", out)));
    }

    @Override
    public void scatterInto(TensorRead operand, TensorRead scatterIndices, TensorRead updates, ScatterConfig config,
            TensorWrite out) {
        String n = "scatter";
        enter(n);
        OpChecks.requireDefined(config.mode(), operand.dtype());
        ScatterShapes.checkScatter(operand, scatterIndices, updates, config, out);
        ScatterShapes.checkScatterCall(here, operand, scatterIndices, updates, out);
        Operand source = operands.of(n, "operand", operand);
        Operand indices = operands.of(n, "scatterIndices", scatterIndices);
        Operand values = operands.of(n, "updates", updates);
        Operand target = operands.of(n, "out", out);
        if (!Overlap.identicalLayout(out, operand)) {
            scope.submit(n, ElementKernels.copy(source, target));
        }
        scope.submit(n, IndexKernels.scatter(indices, values, config, target));
    }

    @Override
    public void dotGeneralAccumulate(TensorRead lhs, TensorRead rhs, DotGeneralConfig config,
            Accumulation accumulation, TensorWrite out) {
        String n = "dotGeneral";
        enter(n);
        DotGeneralShapes.checkAccumulate(here, lhs, rhs, config, accumulation, out);
        scope.submit(n, DotKernel.accumulate(operands.of(n, "lhs", lhs), operands.of(n, "rhs", rhs), config,
                accumulation, operands.of(n, "out", out)));
    }

    @Override
    public PreparedContraction prepareDotGeneral(TensorRead lhs, TensorRead rhs, DotGeneralConfig config,
            TensorWrite out) {
        enter("prepareDotGeneral");
        DotGeneralLayouts layouts = DotGeneralLayouts.of(here, lhs, rhs, config, out);
        return new OffHeapPreparedContraction(device, layouts, DotKernel.plan(lhs.shape(), rhs.shape(), config,
                lhs.dtype()));
    }

    /** @return true if this is a session of the backend whose device is {@code d} */
    boolean belongsTo(DeviceContext d) {
        return device == d;
    }

    /** A prepared contraction's run (see {@link OffHeapPreparedContraction}): every check, then the kernel queued. */
    void runPrepared(DotGeneralLayouts layouts, DotKernel.Plan kernel, TensorRead lhs, TensorRead rhs,
            Accumulation accumulation, TensorWrite out) {
        String n = "dotGeneral";
        enter(n);
        layouts.requireMatch(lhs, rhs, out);
        DotGeneralShapes.checkCall(here, lhs, rhs, accumulation, out);
        scope.submit(n, kernel.accumulate(operands.of(n, "lhs", lhs), operands.of(n, "rhs", rhs), accumulation,
                operands.of(n, "out", out)));
    }

    /** Checks that {@code t} is on this session's placement (with the transfer advice); returns it. */
    private TensorRead placed(String op, String argument, TensorRead t) {
        OperandChecks.requirePlacement(op, argument, t, here);
        return t;
    }
}
