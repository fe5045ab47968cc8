package org.ferrite.opencl.internal.kernel;

import java.util.Objects;
import org.ferrite.api.tensor.DType;

/**
 * One OpenCL program of the provider: a family of kernels, for one dtype (or for every dtype, for the
 * families that move elements by size or convert between dtypes). Programs are built lazily, once per
 * backend, the first time a kernel of theirs is needed: a session that only adds F64 tensors never
 * compiles the complex functions.
 *
 * @param family the family
 * @param dtype the dtype, or {@code null} for {@link Family#CAST} and {@link Family#MOVE}
 *
 * <p>Thread-safe (immutable). Lifetime: a value.
 */
public record ProgramKey(Family family, DType dtype) {
    /** The families of kernels, one program per family and dtype. */
    public enum Family {
        /** Binary elementwise operations and the integer checks (divisor 0, negative exponent). */
        BINARY,
        /** Unary elementwise and analytic operations. */
        UNARY,
        /** Comparisons into BOOL. */
        COMPARE,
        /** Reductions over axis sets. */
        REDUCE,
        /** The general strided contraction of {@code dotGeneralAccumulate}. */
        DOT,
        /** StableHLO scatter, every mode. */
        SCATTER,
        /** Philox random numbers, every distribution. */
        RANDOM,
        /** Every explicit cast between two dtypes (no dtype of its own). */
        CAST,
        /** Copies, select and gather, by element size (no dtype of its own). */
        MOVE
    }

    /** @throws NullPointerException if {@code family} is null, or {@code dtype} for a typed family */
    public ProgramKey {
        Objects.requireNonNull(family, "family");
        if (family != Family.CAST && family != Family.MOVE) {
            Objects.requireNonNull(dtype, "dtype");
        }
    }

    @Override
    public String toString() {
        return ClTypes.tag(family) + (dtype == null ? "" : ":" + ClTypes.tag(dtype));
    }
}
