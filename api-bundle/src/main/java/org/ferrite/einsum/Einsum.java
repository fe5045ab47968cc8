package org.ferrite.einsum;

import java.util.Objects;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * Einstein summation over any provider, in NumPy's notation ({@link Subscripts}), planned with
 * opt_einsum's path optimisers ({@link PathOptimizer}) and lowered onto {@code BackendSession}
 * operations only — diagonal, reshape and permute views, reductions, one {@code dotGeneral} with native
 * batch axes per pairwise step, the last step written straight into the output — so every provider runs
 * it unchanged, and a provider may take it over through {@link EinsumKernels}.
 *
 * <pre>{@code
 * Tensor c = Einsum.einsum(s, "ij,jk->ik", a, b);                 // matrix product
 * Tensor tr = Einsum.einsum(s, "ii", m);                          // trace
 * Einsum.einsumInto(s, "bij,bjk->bik", out, x, y);                // batched, into a caller's output
 * EinsumExpression e = Einsum.compile("ij,jk,kl->il", a, b, c);   // plan once, evaluate often
 * System.out.println(Einsum.path("ij,jk,kl->il", a, b, c));        // numpy.einsum_path's report
 * }</pre>
 *
 * <p><b>Ad-hoc calls</b> ({@code einsum}, {@code einsumInto}, {@code einsumAccumulate}) keep their plans
 * in a per-session cache (through {@link BackendSession#sessionLocal}; at most 32 plans per session,
 * least recently used replaced) keyed by the notation, the options and the operand dtypes and shapes, so
 * a repeated call neither parses nor plans; on a provider whose {@code sessionLocal} keeps nothing,
 * every call plans. {@link #compile} plans once for all sessions.
 *
 * <p>Result dtype: NumPy's promotion of the operand dtypes (operands of another dtype are converted
 * first). Integer and BOOL operands are computed exactly with elementwise products and sums (the
 * contraction kernels are floating-only); integers wrap on overflow as in Java and NumPy. Malformed
 * subscripts and mismatched operands are {@link ValidationException}s, thrown before anything is
 * written, whose messages point at the offending character or operand.
 *
 * <p>Thread-safe (stateless): no instances, no resources; what a call allocates comes from the session it
 * is given. Sessions are confined to their thread as always.
 */
public final class Einsum {
    /** The {@code sessionLocal} key of the ad-hoc plan cache. */
    private static final Object PLAN_CACHE = new Object();

    private Einsum() {
    }

    // ------------------------------------------------------------------ ad hoc

    /**
     * @param s the session
     * @param subscripts NumPy's notation, e.g. {@code "ij,jk->ik"}
     * @param operands one per input term
     * @return a new tensor from {@code s.allocate}
     * @throws ValidationException for malformed subscripts or mismatched operands
     */
    public static Tensor einsum(BackendSession s, String subscripts, TensorRead... operands) {
        return einsum(s, subscripts, EinsumOptions.DEFAULT, operands);
    }

    /**
     * @param s the session
     * @param subscripts NumPy's notation
     * @param options the optimiser, an explicit path or a memory limit
     * @param operands one per input term
     * @return a new tensor from {@code s.allocate}
     */
    public static Tensor einsum(BackendSession s, String subscripts, EinsumOptions options, TensorRead... operands) {
        return cached(s, Objects.requireNonNull(subscripts, "subscripts"), options, operands).evaluate(s, operands);
    }

    /**
     * The sublist form: {@code Einsum.einsum(s, Subscripts.of(new int[][] {{0, 1}, {1, 2}}), a, b)}.
     *
     * @param s the session
     * @param subscripts parsed subscripts (any labels)
     * @param options the options
     * @param operands one per input term
     * @return a new tensor from {@code s.allocate}
     */
    public static Tensor einsum(BackendSession s, Subscripts subscripts, EinsumOptions options,
            TensorRead... operands) {
        return cached(s, Objects.requireNonNull(subscripts, "subscripts"), options, operands).evaluate(s, operands);
    }

    /**
     * {@code out = einsum(operands)}, the last contraction written straight into {@code out}.
     *
     * @param s the session
     * @param subscripts NumPy's notation
     * @param out the output: the result dtype and shape, writable, any strides, no overlap with an operand
     * @param operands one per input term
     */
    public static void einsumInto(BackendSession s, String subscripts, TensorWrite out, TensorRead... operands) {
        einsumAccumulate(s, subscripts, EinsumOptions.DEFAULT, Accumulation.OVERWRITE, out, operands);
    }

    /**
     * @param s the session
     * @param subscripts NumPy's notation
     * @param options the options
     * @param out the output
     * @param operands one per input term
     */
    public static void einsumInto(BackendSession s, String subscripts, EinsumOptions options, TensorWrite out,
            TensorRead... operands) {
        einsumAccumulate(s, subscripts, options, Accumulation.OVERWRITE, out, operands);
    }

    /**
     * @param s the session
     * @param subscripts parsed subscripts
     * @param options the options
     * @param out the output
     * @param operands one per input term
     */
    public static void einsumInto(BackendSession s, Subscripts subscripts, EinsumOptions options, TensorWrite out,
            TensorRead... operands) {
        einsumAccumulate(s, subscripts, options, Accumulation.OVERWRITE, out, operands);
    }

    /**
     * {@code out = alpha · einsum(operands) + beta · out}; see {@link EinsumExpression#evaluateAccumulate}.
     *
     * @param s the session
     * @param subscripts NumPy's notation
     * @param accumulation alpha and beta (no conjugation flags)
     * @param out the output
     * @param operands one per input term
     */
    public static void einsumAccumulate(BackendSession s, String subscripts, Accumulation accumulation,
            TensorWrite out, TensorRead... operands) {
        einsumAccumulate(s, subscripts, EinsumOptions.DEFAULT, accumulation, out, operands);
    }

    /**
     * @param s the session
     * @param subscripts NumPy's notation
     * @param options the options
     * @param accumulation alpha and beta
     * @param out the output
     * @param operands one per input term
     */
    public static void einsumAccumulate(BackendSession s, String subscripts, EinsumOptions options,
            Accumulation accumulation, TensorWrite out, TensorRead... operands) {
        cached(s, Objects.requireNonNull(subscripts, "subscripts"), options, operands).evaluateAccumulate(s,
                accumulation, out, operands);
    }

    /**
     * @param s the session
     * @param subscripts parsed subscripts
     * @param options the options
     * @param accumulation alpha and beta
     * @param out the output
     * @param operands one per input term
     */
    public static void einsumAccumulate(BackendSession s, Subscripts subscripts, EinsumOptions options,
            Accumulation accumulation, TensorWrite out, TensorRead... operands) {
        cached(s, Objects.requireNonNull(subscripts, "subscripts"), options, operands).evaluateAccumulate(s,
                accumulation, out, operands);
    }

    private static EinsumExpression cached(BackendSession s, Object notation, EinsumOptions options,
            TensorRead[] operands) {
        Objects.requireNonNull(s, "session");
        Objects.requireNonNull(options, "options");
        Objects.requireNonNull(operands, "operands");
        return s.sessionLocal(PLAN_CACHE, PlanCache::new).get(notation, options, operands);
    }

    /** Compiles for the dtypes and shapes of {@code operands} (the plan cache's miss path). */
    static EinsumExpression compileFor(Object notation, EinsumOptions options, TensorRead[] operands) {
        Subscripts subscripts = notation instanceof Subscripts ? (Subscripts) notation
                : Subscripts.parse((String) notation);
        return EinsumExpression.compile(subscripts, options, specsOf(operands));
    }

    private static OperandSpec[] specsOf(TensorRead[] examples) {
        Objects.requireNonNull(examples, "operands");
        OperandSpec[] specs = new OperandSpec[examples.length];
        for (int k = 0; k < examples.length; k++) {
            specs[k] = OperandSpec.of(Objects.requireNonNull(examples[k], "operands[" + k + "]"));
        }
        return specs;
    }

    // ------------------------------------------------------------------ precompiled

    /**
     * @param subscripts NumPy's notation
     * @param operands the dtype and shape of each operand
     * @return the expression, planned with {@link EinsumOptions#DEFAULT}
     */
    public static EinsumExpression compile(String subscripts, OperandSpec... operands) {
        return compile(Subscripts.parse(subscripts), EinsumOptions.DEFAULT, operands);
    }

    /**
     * @param subscripts NumPy's notation
     * @param options the options
     * @param operands the dtype and shape of each operand
     * @return the expression
     */
    public static EinsumExpression compile(String subscripts, EinsumOptions options, OperandSpec... operands) {
        return compile(Subscripts.parse(subscripts), options, operands);
    }

    /**
     * @param subscripts parsed subscripts
     * @param options the options
     * @param operands the dtype and shape of each operand
     * @return the expression
     */
    public static EinsumExpression compile(Subscripts subscripts, EinsumOptions options, OperandSpec... operands) {
        return EinsumExpression.compile(subscripts, options, operands.clone());
    }

    /**
     * @param subscripts NumPy's notation
     * @param examples tensors whose dtypes and shapes the expression is planned for (only metadata is read)
     * @return the expression, planned with {@link EinsumOptions#DEFAULT}
     */
    public static EinsumExpression compile(String subscripts, TensorRead... examples) {
        return compile(Subscripts.parse(subscripts), EinsumOptions.DEFAULT, specsOf(examples));
    }

    /**
     * @param subscripts NumPy's notation
     * @param options the options
     * @param examples tensors whose dtypes and shapes the expression is planned for
     * @return the expression
     */
    public static EinsumExpression compile(String subscripts, EinsumOptions options, TensorRead... examples) {
        return compile(Subscripts.parse(subscripts), options, specsOf(examples));
    }

    // ------------------------------------------------------------------ path report

    /**
     * @param subscripts NumPy's notation
     * @param operands the dtype and shape of each operand
     * @return the path {@link EinsumOptions#DEFAULT} plans, as {@code numpy.einsum_path} reports it
     */
    public static ContractionPath path(String subscripts, OperandSpec... operands) {
        return compile(subscripts, operands).path();
    }

    /**
     * @param subscripts NumPy's notation
     * @param options the options
     * @param operands the dtype and shape of each operand
     * @return the path those options plan
     */
    public static ContractionPath path(String subscripts, EinsumOptions options, OperandSpec... operands) {
        return compile(subscripts, options, operands).path();
    }

    /**
     * The report for parsed subscripts — among them the integer sublist form ({@link Subscripts#of}), whose
     * labels are unbounded and have no string notation beyond 52.
     *
     * @param subscripts parsed subscripts
     * @param options the options
     * @param operands the dtype and shape of each operand
     * @return the path those options plan
     */
    public static ContractionPath path(Subscripts subscripts, EinsumOptions options, OperandSpec... operands) {
        return compile(subscripts, options, operands).path();
    }

    /**
     * @param subscripts NumPy's notation
     * @param examples tensors giving the dtypes and shapes
     * @return the path {@link EinsumOptions#DEFAULT} plans
     */
    public static ContractionPath path(String subscripts, TensorRead... examples) {
        return compile(subscripts, examples).path();
    }

    /**
     * @param subscripts NumPy's notation
     * @param options the options
     * @param examples tensors giving the dtypes and shapes
     * @return the path those options plan
     */
    public static ContractionPath path(String subscripts, EinsumOptions options, TensorRead... examples) {
        return compile(subscripts, options, examples).path();
    }
}
