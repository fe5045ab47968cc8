package org.ferrite.api.session;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;

/**
 * StableHLO {@code pad}: per axis, {@code low} padding before, {@code high} after and {@code interior}
 * padding between elements. {@code low}/{@code high} may be negative (they then cut elements);
 * {@code interior >= 0}. Result extent: {@code low + high + n + max(n - 1, 0)·interior}, which must be
 * {@code >= 0} (checked when used). A value type ({@code equals} by content). Thread-safe
 * (immutable); lives as long as it is referenced.
 */
public final class PadConfig {
    private static final String OP = "PadConfig";
    private final long[] low;
    private final long[] high;
    private final long[] interior;

    private PadConfig(long[] low, long[] high, long[] interior) {
        AxisLists.sameLength(OP, "low", low, "high", high);
        AxisLists.sameLength(OP, "low", low, "interior", interior);
        AxisLists.nonNegative(OP, "interior", interior);
        this.low = low.clone();
        this.high = high.clone();
        this.interior = interior.clone();
    }

    /**
     * @param low padding before, per axis (may be negative)
     * @param high padding after, per axis (may be negative)
     * @param interior padding between elements, per axis ({@code >= 0})
     * @return the validated config
     * @throws ValidationException if the lengths differ or an interior value is negative
     */
    public static PadConfig of(long[] low, long[] high, long[] interior) {
        return new PadConfig(low, high, interior);
    }

    /**
     * @param low padding before, per axis
     * @param high padding after, per axis
     * @return a config without interior padding
     */
    public static PadConfig edges(long[] low, long[] high) {
        return new PadConfig(low, high, new long[low.length]);
    }

    /** @return the rank this config applies to */
    public int rank() {
        return low.length;
    }

    /**
     * @param axis an axis
     * @return low padding
     */
    public long low(int axis) {
        return low[axis];
    }

    /**
     * @param axis an axis
     * @return high padding
     */
    public long high(int axis) {
        return high[axis];
    }

    /**
     * @param axis an axis
     * @return interior padding
     */
    public long interior(int axis) {
        return interior[axis];
    }

    /**
     * @param axis an axis
     * @param extent the operand's extent along it
     * @return the result extent; negative (invalid, reported by the operation) when it is below 0 or
     *     does not fit a long
     */
    public long resultExtent(int axis, long extent) {
        try {
            return Math.addExact(Math.addExact(Math.addExact(low[axis], high[axis]), extent),
                    Math.multiplyExact(Math.max(extent - 1, 0), interior[axis]));
        } catch (ArithmeticException e) {
            return Long.MIN_VALUE;
        }
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PadConfig)) {
            return false;
        }
        PadConfig c = (PadConfig) o;
        return Arrays.equals(low, c.low) && Arrays.equals(high, c.high) && Arrays.equals(interior, c.interior);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(low) + Arrays.hashCode(high)) + Arrays.hashCode(interior);
    }

    @Override
    public String toString() {
        return "PadConfig[low=" + Arrays.toString(low) + ", high=" + Arrays.toString(high) + ", interior="
                + Arrays.toString(interior) + "]";
    }
}
