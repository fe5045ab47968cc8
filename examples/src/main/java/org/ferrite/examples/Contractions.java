package org.ferrite.examples;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.einsum.Einsum;
import org.ferrite.einsum.EinsumExpression;
import org.ferrite.einsum.OperandSpec;

/**
 * The precompiled einsum expressions of one algorithm, compiled on first use per subscripts, dtypes
 * and shapes: bond dimensions grow over the first steps of a run and then stay, so a run compiles a
 * handful and evaluates each thousands of times. Thread-safe (a concurrent map of immutable
 * expressions); it lives as long as the algorithm object that owns it.
 */
final class Contractions {
    private final ConcurrentMap<String, EinsumExpression> compiled = new ConcurrentHashMap<>();

    /**
     * @param subscripts the einsum
     * @param operands example operands (only their dtypes and shapes are read)
     * @return the expression compiled for their dtypes and shapes
     */
    EinsumExpression of(String subscripts, TensorRead... operands) {
        StringBuilder key = new StringBuilder(subscripts);
        for (TensorRead operand : operands) {
            key.append('|').append(operand.dtype());
            for (int axis = 0; axis < operand.rank(); axis++) {
                key.append(',').append(operand.dim(axis));
            }
        }
        return compiled.computeIfAbsent(key.toString(), k -> {
            OperandSpec[] specs = new OperandSpec[operands.length];
            for (int i = 0; i < specs.length; i++) {
                specs[i] = OperandSpec.of(operands[i]);
            }
            return Einsum.compile(subscripts, specs);
        });
    }

    /** @return how many expressions were compiled (a snapshot) */
    int size() {
        return compiled.size();
    }
}
