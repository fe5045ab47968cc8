package org.ferrite.einsum;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * A precompiled einsum: parsed, bound to operand dtypes and shapes, its path chosen and its lowering
 * onto session operations planned — once, by {@link Einsum#compile}. Evaluating it does no planning:
 * it checks the operands against the specs and runs the plan (per-operand views and sums, one
 * {@code dotGeneral} per pairwise step, the last one into the caller's output).
 *
 * <pre>{@code
 * EinsumExpression chain = Einsum.compile("ij,jk,kl->il", a, b, c);   // example tensors give the specs
 * Tensor out = Tensor.zeros(DType.F64, 64, 64);
 * try (HeldSession held = backend.openSession()) {
 *     for (int step = 0; step < 1_000; step++) {
 *         held.withSession(s -> { chain.evaluateInto(s, out, a, b, c); return null; });
 *     }
 * }
 * }</pre>
 *
 * <p>Operands may have any strides and may be views; they must have exactly the compiled dtypes and
 * shapes and live on the session's placement. A provider that offers {@link EinsumKernels} is asked
 * first. Intermediates come from the session ({@code allocate}) and go back to it ({@code reclaim}),
 * also when an operation fails.
 *
 * <p>Thread-safe (immutable): one expression may be evaluated concurrently by many sessions, of any
 * providers. Lifetime: as long as it is referenced; it holds no session resources.
 */
public final class EinsumExpression {
    private final EinsumPlan plan;
    private final EinsumOptions options;
    private final ContractionPath path;

    private EinsumExpression(EinsumPlan plan, EinsumOptions options) {
        this.plan = plan;
        this.options = options;
        this.path = PathReport.of(plan);
    }

    static EinsumExpression compile(Subscripts subscripts, EinsumOptions options, OperandSpec[] specs) {
        Objects.requireNonNull(subscripts, "subscripts");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(specs, "operands");
        for (int k = 0; k < specs.length; k++) {
            Objects.requireNonNull(specs[k], "operands[" + k + "]");
        }
        return new EinsumExpression(EinsumPlan.plan(Binding.bind(subscripts, specs), options), options);
    }

    /** @return the subscripts */
    public Subscripts subscripts() {
        return plan.binding.subscripts;
    }

    /** @return the operand specs, in term order */
    public List<OperandSpec> operands() {
        return List.of(plan.binding.specs);
    }

    /** @return the result's dtype: the NumPy promotion of the operand dtypes */
    public DType resultDtype() {
        return plan.binding.resultDtype;
    }

    /** @return a copy of the result's shape */
    public long[] resultShape() {
        return plan.binding.resultShape.clone();
    }

    /** @return the options it was planned with */
    public EinsumOptions options() {
        return options;
    }

    /** @return the plan's path report, as {@code numpy.einsum_path} */
    public ContractionPath path() {
        return path;
    }

    /**
     * @param s the session
     * @param operands one per term, matching {@link #operands()}
     * @return a new tensor from {@code s.allocate}, of {@link #resultDtype()} and {@link #resultShape()}
     * @throws ValidationException naming {@code operands[k]} for a wrong count, dtype, shape or placement
     */
    public Tensor evaluate(BackendSession s, TensorRead... operands) {
        checkOperands(s, operands);
        Tensor out = s.allocate(plan.binding.resultDtype, plan.binding.resultShape);
        try {
            dispatch(s, operands, Accumulation.OVERWRITE, out);
        } catch (RuntimeException | Error e) {
            s.reclaim(out);
            throw e;
        }
        return out;
    }

    /**
     * {@code out = einsum(operands)}.
     *
     * @param s the session
     * @param out the output: {@link #resultDtype()} and {@link #resultShape()} exactly, writable, any
     *     strides, sharing no memory with an operand
     * @param operands one per term, matching {@link #operands()}
     * @throws ValidationException naming {@code operands[k]} or {@code out}; nothing has been written
     */
    public void evaluateInto(BackendSession s, TensorWrite out, TensorRead... operands) {
        evaluateAccumulate(s, Accumulation.OVERWRITE, out, operands);
    }

    /**
     * {@code out = alpha · einsum(operands) + beta · out}, as {@code dotGeneralAccumulate}: with
     * {@code beta == 0} the old {@code out} is not read. For a floating result the scalars are complex
     * (real for real dtypes); for integers they must be integral; for BOOL, 0 or 1 ({@code ·} is and,
     * {@code +} is or). The conjugation flags must be off.
     *
     * @param s the session
     * @param accumulation alpha and beta
     * @param out the output (see {@link #evaluateInto})
     * @param operands one per term
     * @throws ValidationException naming {@code operands[k]}, {@code out} or {@code accumulation};
     *     nothing has been written
     */
    public void evaluateAccumulate(BackendSession s, Accumulation accumulation, TensorWrite out,
            TensorRead... operands) {
        Objects.requireNonNull(accumulation, "accumulation");
        checkOperands(s, operands);
        checkOutput(s, out, operands);
        Accumulator.check(plan.binding.resultDtype, accumulation);
        dispatch(s, operands, accumulation, out);
    }

    private void dispatch(BackendSession s, TensorRead[] operands, Accumulation acc, TensorWrite out) {
        Optional<EinsumKernels> kernels = s.extension(EinsumKernels.class);
        if (kernels.isPresent() && kernels.get().evaluate(this, operands, acc, out)) {
            return;
        }
        plan.run(s, operands, acc, out);
    }

    /** @return the plan, for tests of the lowering */
    EinsumPlan plan() {
        return plan;
    }

    /** @return true if the operands have exactly the compiled dtypes and shapes (allocates nothing) */
    boolean matches(TensorRead[] operands) {
        OperandSpec[] specs = plan.binding.specs;
        if (operands.length != specs.length) {
            return false;
        }
        for (int k = 0; k < specs.length; k++) {
            if (operands[k] == null || !specs[k].matches(operands[k])) {
                return false;
            }
        }
        return true;
    }

    private void checkOperands(BackendSession s, TensorRead[] operands) {
        Objects.requireNonNull(s, "session");
        Objects.requireNonNull(operands, "operands");
        OperandSpec[] specs = plan.binding.specs;
        if (operands.length != specs.length) {
            throw ValidationException.invalidArgument(SubscriptErrors.OP, "operands", specs.length + " operands (one"
                    + " per input term of \"" + TensorException.excerpt(subscripts().notation()) + "\")",
                    operands.length + " operands", null);
        }
        Placement placement = s.placement();
        for (int k = 0; k < specs.length; k++) {
            TensorRead t = operands[k];
            // one branch over cheap tests on the hot path; the argument's name is built only to report
            if (t == null || !specs[k].matches(t) || !onPlacement(t, placement)) {
                reportOperand(placement, specs[k], t, k);
            }
        }
    }

    private static void reportOperand(Placement placement, OperandSpec spec, TensorRead t, int k) {
        String name = "operands[" + k + "]";
        Objects.requireNonNull(t, name);
        if (t.dtype() != spec.dtype()) {
            throw ValidationException.dtypeMismatch(SubscriptErrors.OP, name, spec.dtype() + " (as compiled)",
                    t.dtype().name());
        }
        if (!spec.matches(t)) {
            throw ValidationException.shapeMismatch(SubscriptErrors.OP, name, spec.shape(), t.shape());
        }
        requireOnSession(placement, t, name);
    }

    private void checkOutput(BackendSession s, TensorWrite out, TensorRead[] operands) {
        Objects.requireNonNull(out, "out");
        if (out.dtype() != plan.binding.resultDtype) {
            throw ValidationException.dtypeMismatch(SubscriptErrors.OP, "out", plan.binding.resultDtype
                    + " (the promotion of the operand dtypes)", out.dtype().name());
        }
        if (!OperandSpec.hasShape(out, plan.binding.resultShape)) {
            throw ValidationException.shapeMismatch(SubscriptErrors.OP, "out", plan.binding.resultShape, out.shape());
        }
        if (!out.isWritable()) {
            throw ValidationException.invalidArgument(SubscriptErrors.OP, "out", "a writable tensor or view",
                    "a view that reaches one element through several indices (broadcast or overlapping strides)",
                    "write into a compact tensor");
        }
        requireOnSession(s.placement(), out, "out");
        for (int k = 0; k < operands.length; k++) {
            if (Aliasing.mayOverlap(out, operands[k])) {
                throw ValidationException.invalidArgument(SubscriptErrors.OP, "out", "an output that shares no memory"
                        + " with the operands", "out overlaps operands[" + k + "]", "write into a separate tensor");
            }
        }
    }

    /** Identity first: placements are usually the same constant, and a record's equals is an indy call. */
    private static boolean onPlacement(TensorRead t, Placement placement) {
        Placement p = t.placement();
        return p == placement || p.equals(placement);
    }

    private static void requireOnSession(Placement placement, TensorRead t, String name) {
        if (!onPlacement(t, placement)) {
            throw ValidationException.invalidArgument(SubscriptErrors.OP, name, "a tensor on " + placement
                    + " (where the session computes)", "a tensor on " + t.placement(), "transfer it first with"
                    + " session.to(t, session.placement())");
        }
    }

    @Override
    public String toString() {
        return "EinsumExpression[" + subscripts().notation() + ", operands=" + operands() + ", " + path.method() + "]";
    }
}
