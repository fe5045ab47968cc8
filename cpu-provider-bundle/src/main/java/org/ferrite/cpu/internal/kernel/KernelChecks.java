package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.error.ValidationException;
import java.util.Arrays;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.TensorRead;

/**
 * The CPU kernels' additions to the shared {@link OperandChecks}: host placement (the shared placement
 * rule, with the host as the session's placement) and the bound of the {@code int} index space the
 * kernels run in. Which (operation, dtype) pairs are defined, and the refusal of the others, is the
 * API's operation table ({@code org.ferrite.api.spi.OpChecks}).
 * Thread-safe (stateless); it has no instances and holds no resources.
 */
public final class KernelChecks {
    private KernelChecks() {
    }

    /**
     * The CPU session computes on the host: {@link OperandChecks#requirePlacement} with
     * {@link Placement#HOST}.
     *
     * @param op the operation
     * @param argument the argument name
     * @param t the operand
     * @throws ValidationException (INVALID_ARGUMENT) unless {@code t} lives on the host, saying where it
     *     lives and how to transfer it
     */
    public static void requireHost(String op, String argument, TensorRead t) {
        OperandChecks.requirePlacement(op, argument, t, Placement.HOST);
    }

    /**
     * The CPU kernels index in {@code int}: the metadata of an operand is narrowed once, when a layout or
     * plan is built. An output (writable, on a host array) always fits; an input whose index space is not
     * tied to an output's — a reduction's, a contraction's or an indexed operation's, which may be a
     * broadcast view of any size — is checked here: the product of its non-zero extents, times the
     * scalars per element, must not exceed {@link Shapes#MAX_HOST_SCALARS}. Depends only on dtype and
     * extents, so a plan cache hit proves it.
     *
     * @param op the operation
     * @param argument the argument name
     * @param t the operand
     * @throws ValidationException (INVALID_ARGUMENT) naming the shape and its size
     */
    public static void requireIndexSpace(String op, String argument, TensorRead t) {
        long bound = t.dtype().isComplex() ? Shapes.MAX_HOST_SCALARS / 2 : Shapes.MAX_HOST_SCALARS;
        long nonZero = 1;
        for (int a = 0; a < t.rank(); a++) {
            // each factor is checked against bound (< 2^31) first, so the product cannot overflow a long
            long extent = Math.max(t.dim(a), 1);
            if (extent > bound || (nonZero *= extent) > bound) {
                throw ValidationException.invalidArgument(op, argument, "at most " + Shapes.MAX_HOST_SCALARS
                        + " scalars in one operand's index space (the CPU backend's kernels index with int)",
                        "shape " + Arrays.toString(t.shape()) + " of " + t.dtype() + " (" + t.size()
                                + " elements)", "split the operation into smaller ones");
            }
        }
    }
}
