package org.ferrite.api.session;

import java.util.Arrays;
import org.ferrite.api.error.ValidationException;

/**
 * Rank-independent checks on the axis and size lists of operation configurations, run when a config
 * is built. Package-private: only the configs of this package use it (users never see it, and it is
 * not a provider helper, so it does not belong in {@code org.ferrite.api.spi}).
 */
final class AxisLists {
    private AxisLists() {
    }

    /** Copies {@code axes}, requiring each to be {@code >= 0} and distinct. */
    static int[] distinctNonNegative(String op, String argument, int[] axes) {
        int[] copy = axes.clone();
        for (int i = 0; i < copy.length; i++) {
            if (copy[i] < 0) {
                throw ValidationException.invalidAxisArgument(op, argument, copy[i], "axes >= 0",
                        Arrays.toString(axes));
            }
            for (int j = 0; j < i; j++) {
                if (copy[j] == copy[i]) {
                    throw ValidationException.invalidAxisArgument(op, argument, copy[i], "each axis once",
                            "axis " + copy[i] + " repeated in " + Arrays.toString(axes));
                }
            }
        }
        return copy;
    }

    /** Requires {@code a} and {@code b} to share no axis. */
    static void disjoint(String op, String argumentA, int[] a, String argumentB, int[] b) {
        for (int x : a) {
            for (int y : b) {
                if (x == y) {
                    throw ValidationException.invalidAxisArgument(op, argumentB, x,
                            "axes not also in " + argumentA, "axis " + x + " in both " + argumentA + " "
                                    + Arrays.toString(a) + " and " + argumentB + " " + Arrays.toString(b));
                }
            }
        }
    }

    /** Requires {@code axes} (already distinct) to be in ascending order. */
    static void ascending(String op, String argument, int[] axes) {
        for (int i = 1; i < axes.length; i++) {
            if (axes[i] < axes[i - 1]) {
                throw ValidationException.invalidAxisArgument(op, argument, axes[i], "axes in ascending order",
                        Arrays.toString(axes));
            }
        }
    }

    static void sameLength(String op, String argumentA, int[] a, String argumentB, int[] b) {
        if (a.length != b.length) {
            throw ValidationException.invalidArgument(op, argumentB, a.length + " axes (as many as " + argumentA
                    + " " + Arrays.toString(a) + ")", b.length + " axes " + Arrays.toString(b), null);
        }
    }

    static void sameLength(String op, String argumentA, long[] a, String argumentB, long[] b) {
        if (a.length != b.length) {
            throw ValidationException.invalidArgument(op, argumentB, a.length + " values (as many as " + argumentA
                    + " " + Arrays.toString(a) + ")", b.length + " values " + Arrays.toString(b), null);
        }
    }

    static void nonNegative(String op, String argument, long[] values) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] < 0) {
                throw ValidationException.invalidAxisArgument(op, argument, i, "values >= 0",
                        Arrays.toString(values));
            }
        }
    }
}
