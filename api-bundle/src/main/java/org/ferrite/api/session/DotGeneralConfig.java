package org.ferrite.api.session;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;

/**
 * The axes of a {@code dotGeneral} contraction (StableHLO {@code dot_general}): which axes of
 * {@code lhs} and {@code rhs} are contracted pairwise, and which are batch axes paired one to one.
 * Every other axis is free. The output axes are {@code [lhs free…, rhs free…, batch…]} — batch axes
 * <em>trailing</em>, in the order of the batch lists, free axes in their operand order.
 *
 * <p>Validated at construction (lists of equal length, axes non-negative and distinct, no axis both
 * batch and contracting); the rank- and extent-dependent checks happen when the config is used.
 * A value type ({@code equals} by content), so sessions may cache plans keyed by it. Thread-safe
 * (immutable); lives as long as it is referenced.
 *
 * <pre>{@code
 * // matrix product C[i,k] = Σ_j A[i,j] B[j,k]
 * DotGeneralConfig matmul = DotGeneralConfig.contracting(new int[] {1}, new int[] {0});
 * }</pre>
 */
public final class DotGeneralConfig {
    private static final String OP = "DotGeneralConfig";
    private static final int[] NONE = new int[0];

    /** The matrix product of two rank-2 operands: contract lhs axis 1 with rhs axis 0. */
    public static final DotGeneralConfig MATMUL = contracting(new int[] {1}, new int[] {0});

    private final int[] lhsContracting;
    private final int[] rhsContracting;
    private final int[] lhsBatch;
    private final int[] rhsBatch;
    private final int hash;

    private DotGeneralConfig(int[] lhsContracting, int[] rhsContracting, int[] lhsBatch, int[] rhsBatch) {
        this.lhsContracting = AxisLists.distinctNonNegative(OP, "lhsContracting", lhsContracting);
        this.rhsContracting = AxisLists.distinctNonNegative(OP, "rhsContracting", rhsContracting);
        this.lhsBatch = AxisLists.distinctNonNegative(OP, "lhsBatch", lhsBatch);
        this.rhsBatch = AxisLists.distinctNonNegative(OP, "rhsBatch", rhsBatch);
        AxisLists.sameLength(OP, "lhsContracting", lhsContracting, "rhsContracting", rhsContracting);
        AxisLists.sameLength(OP, "lhsBatch", lhsBatch, "rhsBatch", rhsBatch);
        AxisLists.disjoint(OP, "lhsBatch", lhsBatch, "lhsContracting", lhsContracting);
        AxisLists.disjoint(OP, "rhsBatch", rhsBatch, "rhsContracting", rhsContracting);
        this.hash = 31 * (31 * (31 * Arrays.hashCode(this.lhsContracting) + Arrays.hashCode(this.rhsContracting))
                + Arrays.hashCode(this.lhsBatch)) + Arrays.hashCode(this.rhsBatch);
    }

    /**
     * @param lhsContracting contracted axes of lhs
     * @param rhsContracting the paired contracted axes of rhs
     * @param lhsBatch batch axes of lhs
     * @param rhsBatch the paired batch axes of rhs
     * @return the validated config
     * @throws ValidationException (INVALID_ARGUMENT) naming the offending list
     */
    public static DotGeneralConfig of(int[] lhsContracting, int[] rhsContracting, int[] lhsBatch, int[] rhsBatch) {
        return new DotGeneralConfig(lhsContracting, rhsContracting, lhsBatch, rhsBatch);
    }

    /**
     * @param lhsContracting contracted axes of lhs
     * @param rhsContracting the paired contracted axes of rhs
     * @return a config without batch axes
     */
    public static DotGeneralConfig contracting(int[] lhsContracting, int[] rhsContracting) {
        return new DotGeneralConfig(lhsContracting, rhsContracting, NONE, NONE);
    }

    /** @return a copy of the contracted axes of lhs */
    public int[] lhsContracting() {
        return lhsContracting.clone();
    }

    /** @return a copy of the contracted axes of rhs */
    public int[] rhsContracting() {
        return rhsContracting.clone();
    }

    /** @return a copy of the batch axes of lhs */
    public int[] lhsBatch() {
        return lhsBatch.clone();
    }

    /** @return a copy of the batch axes of rhs */
    public int[] rhsBatch() {
        return rhsBatch.clone();
    }

    /** @return the number of contracted axis pairs */
    public int contractingCount() {
        return lhsContracting.length;
    }

    /** @return the number of batch axis pairs */
    public int batchCount() {
        return lhsBatch.length;
    }

    /**
     * @param i index into the list
     * @return {@code lhsContracting[i]} without copying
     */
    public int lhsContracting(int i) {
        return lhsContracting[i];
    }

    /**
     * @param i index into the list
     * @return {@code rhsContracting[i]} without copying
     */
    public int rhsContracting(int i) {
        return rhsContracting[i];
    }

    /**
     * @param i index into the list
     * @return {@code lhsBatch[i]} without copying
     */
    public int lhsBatch(int i) {
        return lhsBatch[i];
    }

    /**
     * @param i index into the list
     * @return {@code rhsBatch[i]} without copying
     */
    public int rhsBatch(int i) {
        return rhsBatch[i];
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DotGeneralConfig)) {
            return false;
        }
        DotGeneralConfig c = (DotGeneralConfig) o;
        return hash == c.hash && Arrays.equals(lhsContracting, c.lhsContracting)
                && Arrays.equals(rhsContracting, c.rhsContracting) && Arrays.equals(lhsBatch, c.lhsBatch)
                && Arrays.equals(rhsBatch, c.rhsBatch);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return "DotGeneralConfig[lhsContracting=" + Arrays.toString(lhsContracting) + ", rhsContracting="
                + Arrays.toString(rhsContracting) + ", lhsBatch=" + Arrays.toString(lhsBatch) + ", rhsBatch="
                + Arrays.toString(rhsBatch) + "]";
    }
}
