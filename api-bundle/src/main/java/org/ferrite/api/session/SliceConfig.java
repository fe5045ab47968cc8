package org.ferrite.api.session;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;

/**
 * StableHLO {@code slice}: for each axis, indices {@code start, start+stride, …} below {@code limit}.
 * Result extent per axis: {@code ceil((limit - start) / stride)}. Validated at construction
 * ({@code 0 <= start <= limit}, {@code stride >= 1}, equal lengths); bounds against the operand's
 * shape are checked when used. A value type: equal configs are {@code equals}, so sessions may key plan
 * caches by them. Thread-safe (immutable); lives as long as it is referenced.
 */
public final class SliceConfig {
    private static final String OP = "SliceConfig";
    private final long[] starts;
    private final long[] limits;
    private final long[] strides;

    private SliceConfig(long[] starts, long[] limits, long[] strides) {
        AxisLists.sameLength(OP, "starts", starts, "limits", limits);
        AxisLists.sameLength(OP, "starts", starts, "strides", strides);
        for (int a = 0; a < starts.length; a++) {
            if (starts[a] < 0 || limits[a] < starts[a]) {
                throw ValidationException.invalidAxisArgument(OP, "starts/limits", a, "0 <= start <= limit",
                        "start " + starts[a] + ", limit " + limits[a]);
            }
            if (strides[a] < 1) {
                throw ValidationException.invalidAxisArgument(OP, "strides", a, "stride >= 1 (use reverse for "
                        + "negative steps)", String.valueOf(strides[a]));
            }
        }
        this.starts = starts.clone();
        this.limits = limits.clone();
        this.strides = strides.clone();
    }

    /**
     * @param starts first index per axis
     * @param limits exclusive end per axis
     * @param strides step per axis, {@code >= 1}
     * @return the validated config
     */
    public static SliceConfig of(long[] starts, long[] limits, long[] strides) {
        return new SliceConfig(starts, limits, strides);
    }

    /**
     * @param starts first index per axis
     * @param limits exclusive end per axis
     * @return a config with unit strides
     */
    public static SliceConfig of(long[] starts, long[] limits) {
        long[] ones = new long[starts.length];
        Arrays.fill(ones, 1);
        return new SliceConfig(starts, limits, ones);
    }

    /** @return the rank this config applies to */
    public int rank() {
        return starts.length;
    }

    /**
     * @param axis an axis
     * @return its start
     */
    public long start(int axis) {
        return starts[axis];
    }

    /**
     * @param axis an axis
     * @return its exclusive limit
     */
    public long limit(int axis) {
        return limits[axis];
    }

    /**
     * @param axis an axis
     * @return its stride
     */
    public long stride(int axis) {
        return strides[axis];
    }

    /**
     * @param axis an axis
     * @return the result extent along it
     */
    public long resultExtent(int axis) {
        long span = limits[axis] - starts[axis]; // >= 0: checked at construction
        return span == 0 ? 0 : 1 + (span - 1) / strides[axis];
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SliceConfig)) {
            return false;
        }
        SliceConfig c = (SliceConfig) o;
        return Arrays.equals(starts, c.starts) && Arrays.equals(limits, c.limits) && Arrays.equals(strides, c.strides);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Arrays.hashCode(starts) + Arrays.hashCode(limits)) + Arrays.hashCode(strides);
    }

    @Override
    public String toString() {
        return "SliceConfig[starts=" + Arrays.toString(starts) + ", limits=" + Arrays.toString(limits)
                + ", strides=" + Arrays.toString(strides) + "]";
    }
}
