package org.ferrite.einsum;

import org.ferrite.api.session.Accumulation;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A provider's own einsum, for fused or device-native contractions: a session extension
 * ({@code session.extension(EinsumKernels.class)}, advertised in {@code BackendCapabilities.extensions()}).
 * Every einsum entry point — {@link Einsum}'s and {@link EinsumExpression}'s — validates its arguments
 * first, then offers the call to the extension; if there is none, or it declines, the portable path
 * (parsed, planned and lowered onto the session's operations) runs. The portable path is the reference
 * the conformance suite holds an extension to.
 *
 * <p>Implemented by providers. The object a session returns is bound to that session view, as every
 * extension: valid during the callback, confined to its thread.
 */
@ProviderType
public interface EinsumKernels {
    /**
     * Computes {@code out = alpha · einsum(operands) + beta · out} for the expression (with
     * {@code beta == 0}, {@code out} is not read), or declines.
     *
     * <p>Called after validation: the operands match {@link EinsumExpression#operands()} and live on the
     * session's placement, {@code out} has {@link EinsumExpression#resultDtype()} and
     * {@link EinsumExpression#resultShape()}, is writable and shares no memory with an operand, and the
     * scalars suit the dtype. An implementation must either write all of {@code out} and return
     * {@code true}, or write nothing and return {@code false}. It must not modify the array.
     *
     * @param expression the compiled expression: subscripts, operand specs, options and the portable plan's
     *     path report
     * @param operands the operands, in term order
     * @param accumulation alpha and beta (no conjugation flags)
     * @param out the output
     * @return true if {@code out} was written, false to run the portable path
     */
    boolean evaluate(EinsumExpression expression, TensorRead[] operands, Accumulation accumulation, TensorWrite out);
}
