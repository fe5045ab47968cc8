package org.ferrite.reference;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.spi.OpChecks;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.spi.Widening;
import org.ferrite.api.spi.session.ViewGuard;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.linalg.LinalgKernels;

/**
 * The reference provider's session view: implements <em>only</em> the kernel hooks of
 * {@link BackendSession}, each naively (one element at a time through the public accessors, see
 * {@link ElementMath}, {@link NaiveReduction}, {@link NaiveIndexing}, {@link NaiveContraction}),
 * validating every argument with the API's shared checks before the first write. Every other operation
 * is the interface's portable default, so the reference provider proves that the narrow SPI is enough.
 *
 * <p>{@link #allocate} hands out tensors filled with garbage (NaN, {@code 0x5A5A}, {@code true}) since
 * their contents are unspecified; {@link #reclaim} drops the tensor. It computes on the host
 * ({@link #placement()}), synchronously, so every call returns complete; {@link #transferInto} is a
 * host-to-host copy. Its one extension is {@link LinalgKernels} ({@link NaiveLinalg}: textbook kernels, one
 * member at a time). Its session lifecycle — liveness, confinement, children, {@link #sessionLocal} —
 * is the API's provider-support layer ({@link ViewGuard}, {@code org.ferrite.api.spi.session}).
 *
 * <p>Confined to the thread that opened the session. Lifetime: a view made by {@link ReferenceBackend}
 * is valid only during the callback that received it; afterwards every hook throws
 * {@code RuntimeStateException} (it escaped), and a hook called from another thread throws
 * {@code SessionEntryException.IncompatibleContext}. A {@link #detached()} view is always valid, on
 * any thread, for unit tests of portable defaults.
 */
public final class ReferenceSession implements BackendSession {

    /** The view's liveness and confinement, or {@code null} for a detached view. */
    private final ViewGuard guard;
    /** The session-local values of a detached view (a live view keeps them in its guard). */
    private final Map<Object, Object> detachedLocals;
    /** The linear-algebra extension bound to this view. */
    private final NaiveLinalg linalg = new NaiveLinalg(this);

    ReferenceSession(ViewGuard guard) {
        this.guard = guard;
        this.detachedLocals = guard == null ? new HashMap<>() : null;
    }

    /**
     * A view with no backend behind it: always live, on any thread; its child execution runs the work
     * on another detached view. For unit tests of the API's default methods.
     *
     * @return a new detached view
     */
    public static ReferenceSession detached() {
        return new ReferenceSession(null);
    }

    private void enter(String op) {
        if (guard != null) {
            guard.enter(op);
        }
    }

    private static String name(Enum<?> op) {
        return op.name().toLowerCase(Locale.ROOT);
    }

    // ------------------------------------------------------------------ session

    @Override
    public <T> Optional<T> extension(Class<T> type) {
        enter("extension");
        Objects.requireNonNull(type, "type");
        return type == LinalgKernels.class ? Optional.of(type.cast(linalg)) : Optional.empty();
    }

    /**
     * The liveness and thread check of every hook, for the extensions bound to this view.
     *
     * @param op the hook
     */
    void enterKernel(String op) {
        enter(op);
    }

    @Override
    public ChildExecution childExecution() {
        if (guard != null) {
            return guard.childExecution();
        }
        return new ChildExecution() {
            @Override
            public <R> R withSession(org.ferrite.api.session.SessionFunction<R> work) {
                return work.apply(detached());
            }
        };
    }

    @Override
    public Placement placement() {
        enter("placement");
        return Placement.HOST;
    }

    @Override
    public <T> T sessionLocal(Object key, Supplier<T> create) {
        if (guard != null) {
            return guard.sessionLocal(key, create);
        }
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(create, "create");
        Object value = detachedLocals.computeIfAbsent(key, k -> Objects.requireNonNull(create.get(),
                "create returned null"));
        @SuppressWarnings("unchecked") // one value type per key, as sessionLocal's contract requires
        T typed = (T) value;
        return typed;
    }

    @Override
    public void transferInto(TensorRead src, TensorWrite out) {
        enter("transferInto");
        OperandChecks.requireTransfer("transferInto", src, out, Placement.HOST);
        IndexSpace.forEach(out.shape(), i -> ElementMath.copy(src, i, out, i));
    }

    @Override
    public Tensor allocate(DType dtype, long... shape) {
        enter("allocate");
        Objects.requireNonNull(dtype, "dtype");
        return Tensor.full(dtype, dtype.isFloating() ? Double.NaN : 0x5A5A, shape);
    }

    @Override
    public void reclaim(Tensor tensor) {
        enter("reclaim");
        Objects.requireNonNull(tensor, "tensor");
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
        requireHost(n, "lhs", lhs, "rhs", rhs, out);
        OperandChecks.requireNoPartialAlias(n, out, lhs, "lhs");
        OperandChecks.requireNoPartialAlias(n, out, rhs, "rhs");
        if (d.isInteger()) {
            requireIntegerDivisors(n, op, rhs);
        }
        IndexSpace.forEach(out.shape(), i -> ElementMath.binary(op, lhs, rhs, out, i));
    }

    private static void requireIntegerDivisors(String n, BinaryOp op, TensorRead rhs) {
        boolean[] zero = {false};
        boolean[] negative = {false};
        IndexSpace.forEach(rhs.shape(), i -> {
            long v = rhs.getLong(i);
            zero[0] |= v == 0;
            negative[0] |= v < 0;
        });
        boolean divides = op == BinaryOp.DIV || op == BinaryOp.REM || op == BinaryOp.FLOOR_DIVIDE
                || op == BinaryOp.REMAINDER;
        if (divides && zero[0]) {
            throw new NumericalFailureException(n, "integer division by zero: argument 'rhs' holds a 0; nothing"
                    + " was written");
        }
        if (op == BinaryOp.POW && negative[0]) {
            throw ValidationException.invalidArgument(n, "rhs", "integer exponents >= 0", "a negative exponent",
                    "convert to a floating dtype for negative powers");
        }
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
        requireHost(n, "x", x, null, null, out);
        if (outType == d) {
            OperandChecks.requireNoPartialAlias(n, out, x, "x");
        } else {
            OperandChecks.requireNoAlias(n, out, x, "x");
        }
        IndexSpace.forEach(out.shape(), i -> ElementMath.unary(op, x, out, i));
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
        requireHost(n, "lhs", lhs, "rhs", rhs, out);
        OperandChecks.requireNoAlias(n, out, lhs, "lhs");
        OperandChecks.requireNoAlias(n, out, rhs, "rhs");
        IndexSpace.forEach(out.shape(), i -> out.setBoolean(ElementMath.compare(op, lhs, rhs, i), i));
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
        OperandChecks.requirePlacement(n, "predicate", predicate, Placement.HOST);
        requireHost(n, "onTrue", onTrue, "onFalse", onFalse, out);
        OperandChecks.requireNoAlias(n, out, predicate, "predicate");
        OperandChecks.requireNoAlias(n, out, onTrue, "onTrue");
        OperandChecks.requireNoAlias(n, out, onFalse, "onFalse");
        IndexSpace.forEach(out.shape(), i -> ElementMath.copy(predicate.getBoolean(i) ? onTrue : onFalse, i, out, i));
    }

    /** Every operand on the host, where this session computes (the second input may be absent). */
    private static void requireHost(String n, String first, TensorRead a, String second, TensorRead b,
            TensorWrite out) {
        OperandChecks.requirePlacement(n, first, a, Placement.HOST);
        if (b != null) {
            OperandChecks.requirePlacement(n, second, b, Placement.HOST);
        }
        OperandChecks.requirePlacement(n, "out", out, Placement.HOST);
    }

    // ------------------------------------------------------------------ structural

    @Override
    public void copyInto(TensorRead src, TensorWrite out) {
        enter("copy");
        OperandChecks.requireOutput("copy", out, src.dtype(), src);
        requireHost("copy", "src", src, null, null, out);
        OperandChecks.requireNoAlias("copy", out, src, "src");
        IndexSpace.forEach(out.shape(), i -> ElementMath.copy(src, i, out, i));
    }

    @Override
    public void castInto(TensorRead src, TensorWrite out) {
        enter("cast");
        OperandChecks.requireOutput("cast", out, out.dtype(), src);
        requireHost("cast", "src", src, null, null, out);
        OperandChecks.requireNoAlias("cast", out, src, "src");
        IndexSpace.forEach(out.shape(), i -> ElementMath.cast(src, out, i));
    }

    // ------------------------------------------------------------------ reductions, indexing, contraction

    @Override
    public void reduceInto(ReduceOp op, TensorRead x, int[] axes, TensorWrite out) {
        String n = name(op);
        enter(n);
        if (Widening.reduceInto(this, op, x, axes, out)) {
            return;
        }
        NaiveReduction.reduceInto(n, op, x, Shapes.normalizeAxes(n, "axes", axes, x.rank()), out);
    }

    @Override
    public void gatherInto(TensorRead operand, TensorRead startIndices, GatherConfig config, TensorWrite out) {
        enter("gather");
        NaiveIndexing.gatherInto(operand, startIndices, config, out);
    }

    @Override
    public void scatterInto(TensorRead operand, TensorRead scatterIndices, TensorRead updates, ScatterConfig config,
            TensorWrite out) {
        enter("scatter");
        NaiveIndexing.scatterInto(this, operand, scatterIndices, updates, config, out);
    }

    @Override
    public void dotGeneralAccumulate(TensorRead lhs, TensorRead rhs, DotGeneralConfig config,
            Accumulation accumulation, TensorWrite out) {
        enter("dotGeneral");
        NaiveContraction.accumulate(lhs, rhs, config, accumulation, out);
    }
}
