package org.ferrite.opencl.internal.session;

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
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ReductionOps;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.spi.IndexingShapes;
import org.ferrite.api.spi.OpChecks;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.spi.Overlap;
import org.ferrite.api.spi.ScatterShapes;
import org.ferrite.api.spi.session.ViewGuard;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.opencl.internal.device.ClStorage;
import org.ferrite.opencl.internal.device.DeviceContext;
import org.ferrite.opencl.internal.device.DeviceScope;

/**
 * The OpenCL provider's session view: the hooks of {@link BackendSession} on a device. Each hook validates
 * everything on the caller's thread with the API's shared checks — dtypes (the operation table's verdict,
 * and the device's dtypes), shapes, placement (every operand on this backend's device: a host operand is
 * rejected with the transfer advice), aliasing by allocation identity and byte range, live device memory
 * of this backend — then queues its kernel on the session's in-order command queue and returns; nothing is
 * written before the checks passed. Every other operation is the interface's portable default on these
 * hooks (einsum included).
 *
 * <p>The device parts of the SPI: {@link #transferInto} (host ↔ device ↔ device), {@link #recordEvent} and
 * {@link #waitEvent} (a device-side barrier for an event of this backend), {@link #allocatePersistent} and
 * {@link #free} (the API's {@code PersistentMemory} rules), {@link #randomInto} (Philox on the device, the
 * same bits as every provider). {@link #extension} offers none: linear algebra is not provided.
 *
 * <p>Confined to the thread that opened the session. Lifetime: valid only during the callback that received
 * it; afterwards every hook throws {@code RuntimeStateException} (it escaped).
 */
public final class OpenClSession implements BackendSession {
    private final ViewGuard guard;
    private final DeviceContext device;
    private final DeviceScope scope;
    private final DeviceOperands operands;
    private final Placement here;

    /**
     * @param guard the view's lifecycle guard
     * @param device the backend's device
     * @param scope what the session owns on it
     */
    public OpenClSession(ViewGuard guard, DeviceContext device, DeviceScope scope) {
        this.guard = guard;
        this.device = device;
        this.scope = scope;
        this.operands = new DeviceOperands(device, scope);
        this.here = device.placement();
    }

    private void enter(String op) {
        guard.enter(op);
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
        OperandChecks.requireTransfer(op, src, out, here, OpenClSession::isPeer);
        operands.requireLiveIfDevice(op, "src", src);
        operands.requireLiveIfDevice(op, "out", out);
        Transfers.transfer(scope, src, out);
    }

    /** The placements of other OpenCL devices (their storage is then checked to be an OpenCL backend's). */
    private static boolean isPeer(Placement p) {
        return p.device() == org.ferrite.api.tensor.DeviceKind.OTHER;
    }

    @Override
    public Tensor allocate(DType dtype, long... shape) {
        enter("allocate");
        Objects.requireNonNull(dtype, "dtype");
        operands.requireComputed("allocate", dtype);
        return scope.allocate("allocate", dtype, shape);
    }

    /** Frees a device tensor of this backend, stream-ordered; a host or another backend's tensor is accepted. */
    @Override
    public void reclaim(Tensor tensor) {
        enter("reclaim");
        Objects.requireNonNull(tensor, "tensor");
        if (operands.isOwn(tensor)) {
            scope.reclaim("reclaim", operands.live("reclaim", "tensor", tensor));
        }
    }

    // ------------------------------------------------------------------ events, persistent memory, random numbers

    @Override
    public Event recordEvent() {
        enter("recordEvent");
        return scope.recordEvent("recordEvent");
    }

    @Override
    public void waitEvent(Event event) {
        enter("waitEvent");
        Objects.requireNonNull(event, "event");
        scope.waitEvent("waitEvent", event);
    }

    @Override
    public Tensor allocatePersistent(DType dtype, long... shape) {
        enter("allocatePersistent");
        Objects.requireNonNull(dtype, "dtype");
        operands.requireComputed("allocatePersistent", dtype);
        return device.allocatePersistent("allocatePersistent", dtype, shape);
    }

    /** Frees a persistent tensor of this backend, stream-ordered behind this session's queued work. */
    @Override
    public void free(Tensor tensor) {
        String op = "free";
        enter(op);
        Objects.requireNonNull(tensor, "tensor");
        if (tensor.placement().isHost()) {
            return;
        }
        operands.requireLiveIfDevice(op, "tensor", tensor);
        if (!operands.isOwn(tensor)) {
            throw ValidationException.invalidArgument(op, "tensor", "a persistent tensor of this backend (" + here
                    + ") or a host tensor", "a tensor of another OpenCL backend, on " + tensor.placement(),
                    "free a persistent tensor in a session of the backend that allocated it");
        }
        scope.free(op, (ClStorage) tensor.storage());
    }

    /** Generates on the device (Philox, the API's layout); a host output is written in place by the reference. */
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
        IndexedLaunches.random(scope, distribution, key, operands.of(op, "out", out));
    }

    // ------------------------------------------------------------------ elementwise

    @Override
    public void binaryInto(BinaryOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        String n = ElementLaunches.name(op);
        enter(n);
        DType d = lhs.dtype();
        OperandChecks.requireDtype(n, "rhs", rhs, d);
        OpChecks.requireDefined(op, d);
        OperandChecks.requireSameShape(n, "rhs", lhs, rhs);
        DType outType = OpTable.of(op).resultType(d);
        OperandChecks.requireOutput(n, out, outType, lhs);
        requireNoAlias(n, out, placed(n, "lhs", lhs), "lhs", outType == d);
        requireNoAlias(n, out, placed(n, "rhs", rhs), "rhs", outType == d);
        ElementLaunches.binary(scope, op, operands.of(n, "lhs", lhs), operands.of(n, "rhs", rhs),
                operands.of(n, "out", out));
    }

    @Override
    public void unaryInto(UnaryOp op, TensorRead x, TensorWrite out) {
        String n = ElementLaunches.name(op);
        enter(n);
        DType d = x.dtype();
        OpChecks.requireDefined(op, d);
        DType outType = OpTable.of(op).resultType(d);
        OperandChecks.requireOutput(n, out, outType, x);
        requireNoAlias(n, out, placed(n, "x", x), "x", outType == d);
        ElementLaunches.unary(scope, op, operands.of(n, "x", x), operands.of(n, "out", out));
    }

    @Override
    public void compareInto(CompareOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        String n = ElementLaunches.name(op);
        enter(n);
        DType d = lhs.dtype();
        OperandChecks.requireDtype(n, "rhs", rhs, d);
        OpChecks.requireDefined(op, d);
        OperandChecks.requireSameShape(n, "rhs", lhs, rhs);
        OperandChecks.requireOutput(n, out, DType.BOOL, lhs);
        OperandChecks.requireNoAlias(n, out, placed(n, "lhs", lhs), "lhs");
        OperandChecks.requireNoAlias(n, out, placed(n, "rhs", rhs), "rhs");
        ElementLaunches.compare(scope, op, operands.of(n, "lhs", lhs), operands.of(n, "rhs", rhs),
                operands.of(n, "out", out));
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
        ElementLaunches.select(scope, operands.of(n, "predicate", predicate), operands.of(n, "onTrue", onTrue),
                operands.of(n, "onFalse", onFalse), operands.of(n, "out", out));
    }

    // ------------------------------------------------------------------ structural

    @Override
    public void copyInto(TensorRead src, TensorWrite out) {
        enter("copy");
        OperandChecks.requireOutput("copy", out, src.dtype(), src);
        OperandChecks.requireNoAlias("copy", out, placed("copy", "src", src), "src");
        ElementLaunches.copy(scope, "copy", operands.of("copy", "src", src), operands.of("copy", "out", out));
    }

    @Override
    public void castInto(TensorRead src, TensorWrite out) {
        enter("cast");
        OperandChecks.requireOutput("cast", out, out.dtype(), src);
        OperandChecks.requireNoAlias("cast", out, placed("cast", "src", src), "src");
        ElementLaunches.cast(scope, operands.of("cast", "src", src), operands.of("cast", "out", out));
    }

    // ------------------------------------------------------------------ reductions, indexing, contraction

    @Override
    public void reduceInto(ReduceOp op, TensorRead x, int[] axes, TensorWrite out) {
        String n = ElementLaunches.name(op);
        enter(n);
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
        IndexedLaunches.reduce(scope, op, operands.of(n, "x", x), axes.clone(), operands.of(n, "out", out));
    }

    @Override
    public void gatherInto(TensorRead operand, TensorRead startIndices, GatherConfig config, TensorWrite out) {
        String n = "gather";
        enter(n);
        IndexingShapes.checkGather(operand, startIndices, config, out);
        IndexingShapes.checkGatherCall(here, operand, startIndices, out);
        IndexedLaunches.gather(scope, operands.of(n, "operand", operand), operands.of(n, "startIndices", startIndices),
                config, operands.of(n, "out", out));
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
            ElementLaunches.copy(scope, n, source, target);
        }
        IndexedLaunches.scatter(scope, indices, values, config, target);
    }

    @Override
    public void dotGeneralAccumulate(TensorRead lhs, TensorRead rhs, DotGeneralConfig config,
            Accumulation accumulation, TensorWrite out) {
        String n = "dotGeneral";
        enter(n);
        DotGeneralShapes.checkAccumulate(here, lhs, rhs, config, accumulation, out);
        IndexedLaunches.dot(scope, operands.of(n, "lhs", lhs), operands.of(n, "rhs", rhs), config, accumulation,
                operands.of(n, "out", out));
    }

    /**
     * An output of its input's dtype may be exactly that input (each work item reads its element before it
     * writes it); one of another dtype (a widening row: {@code exp} of I32 into F64) must not overlap it.
     */
    private static void requireNoAlias(String op, TensorWrite out, TensorRead in, String argument, boolean sameType) {
        if (sameType) {
            OperandChecks.requireNoPartialAlias(op, out, in, argument);
        } else {
            OperandChecks.requireNoAlias(op, out, in, argument);
        }
    }

    /** Checks that {@code t} is on this session's placement (with the transfer advice); returns it. */
    private TensorRead placed(String op, String argument, TensorRead t) {
        OperandChecks.requirePlacement(op, argument, t, here);
        return t;
    }
}
