package org.ferrite.api.session;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.TensorRead;

/**
 * The shape rule of {@code stack}: inputs of one shape, each seen as a view with an extent-1 axis inserted
 * at the new axis (no copy), so that stacking is a concatenation along it. Thread-safe (stateless).
 * Lifetime: static helpers only.
 */
final class StackShapes {
    private StackShapes() {
    }

    /**
     * @param axis the new axis, in {@code [-(rank + 1), rank + 1)}
     * @param inputs the inputs, at least one
     * @return the new axis in {@code [0, rank]}
     */
    static int axis(int axis, TensorRead[] inputs) {
        if (inputs.length == 0) {
            throw ValidationException.invalidArgument("stack", "inputs", "at least one tensor", "none", null);
        }
        return Shapes.normalizeAxis("stack", "axis", axis, inputs[0].rank() + 1);
    }

    /**
     * @param axis the new axis, in {@code [-(rank + 1), rank + 1)}
     * @param inputs at least one tensor, all of one shape
     * @return the stacked shape: the inputs' shape with {@code inputs.length} inserted at {@code axis}
     * @throws ValidationException as {@link #expanded}
     */
    static long[] stackedShape(int axis, TensorRead[] inputs) {
        long[] shape = expanded(axis, inputs)[0].shape();
        shape[axis(axis, inputs)] = inputs.length;
        return shape;
    }

    /**
     * @param axis the new axis, in {@code [-(rank + 1), rank + 1)}
     * @param inputs at least one tensor, all of one shape
     * @return each input as a view with an extent-1 axis at {@code axis}
     * @throws ValidationException for no inputs, a bad axis, or an input of another shape (SHAPE_MISMATCH)
     */
    static TensorRead[] expanded(int axis, TensorRead[] inputs) {
        int a = axis(axis, inputs);
        long[] shape = inputs[0].shape();
        long[] withAxis = new long[shape.length + 1];
        for (int d = 0, k = 0; d < withAxis.length; d++) {
            withAxis[d] = d == a ? 1 : shape[k++];
        }
        TensorRead[] out = new TensorRead[inputs.length];
        for (int i = 0; i < inputs.length; i++) {
            OperandChecks.requireShape("stack", "inputs[" + i + "]", shape, inputs[i]);
            out[i] = inputs[i].reshape(withAxis);
        }
        return out;
    }
}
