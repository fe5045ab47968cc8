package org.ferrite.einsum;

import java.util.Arrays;
import java.util.Objects;
import java.util.OptionalLong;
import org.ferrite.api.error.ValidationException;

/**
 * How an einsum is planned: the {@link PathOptimizer}, or an explicit contraction path, an optional
 * memory limit on the largest intermediate, and the width of {@link PathOptimizer#BRANCH}. A value type
 * ({@code equals} by content), so the ad-hoc plan cache keys on it; reuse one instance in loops (the
 * cache compares it by identity first).
 *
 * <pre>{@code
 * EinsumOptions greedy = EinsumOptions.builder().optimizer(PathOptimizer.GREEDY).build();
 * EinsumOptions explicit = EinsumOptions.builder().path(new int[] {1, 2}, new int[] {0, 1}).build();
 * EinsumOptions bounded = EinsumOptions.builder().memoryLimit(1 << 20).build();
 * }</pre>
 *
 * <p><b>Explicit paths</b> use the <em>contraction list</em> convention of {@code numpy.einsum_path} and
 * opt_einsum ("linear" ids): each step names two positions in the <em>current</em> list of operands;
 * both are removed and their result is appended at the end. {@code [[1, 2], [0, 1]]} for
 * {@code "ij,jk,kl->il"} contracts {@code jk·kl} first, then {@code ij} with that result. A path is
 * checked against the operand count when it is used; {@link ContractionPath#pairs()} returns one in
 * this convention.
 *
 * <p><b>Memory limit</b> (elements): no intermediate the plan allocates may hold more; the output is
 * not an intermediate. It degrades gracefully: the optimiser picks a path within the limit, and where
 * none exists it contracts the remaining operands in one step, executed as pairwise contractions over
 * slices of some labels so that every intermediate fits (more steps, never more memory). With an
 * explicit path or {@link PathOptimizer#LEFT_TO_RIGHT}, the first step over the limit starts that
 * one-step remainder; {@link PathOptimizer#GREEDY} with a limit searches as {@link PathOptimizer#BRANCH}
 * of width 1 (as opt_einsum does).
 *
 * <p>Thread-safe (immutable); lives as long as it is referenced.
 */
public final class EinsumOptions {
    /** {@link PathOptimizer#AUTO}, no explicit path, no memory limit. */
    public static final EinsumOptions DEFAULT = builder().build();

    /** The branch width used when none is set. */
    public static final int DEFAULT_BRANCH_WIDTH = 2;

    private final PathOptimizer optimizer;
    private final int[][] path;
    private final long memoryLimit;
    private final int branchWidth;
    private final int hash;

    private EinsumOptions(Builder b) {
        this.optimizer = b.optimizer;
        this.path = b.path;
        this.memoryLimit = b.memoryLimit;
        this.branchWidth = b.branchWidth;
        this.hash = ((optimizer.hashCode() * 31 + Arrays.deepHashCode(path)) * 31 + Long.hashCode(memoryLimit)) * 31
                + branchWidth;
    }

    /** @return a builder with the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this value's settings */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.optimizer = optimizer;
        b.path = path;
        b.memoryLimit = memoryLimit;
        b.branchWidth = branchWidth;
        return b;
    }

    /** @return the optimiser (ignored when {@link #path()} is present) */
    public PathOptimizer optimizer() {
        return optimizer;
    }

    /** @return a copy of the explicit path (pairs, contraction-list convention), or {@code null} */
    public int[][] path() {
        if (path == null) {
            return null;
        }
        int[][] copy = new int[path.length][];
        for (int i = 0; i < path.length; i++) {
            copy[i] = path[i].clone();
        }
        return copy;
    }

    int[][] pathView() {
        return path;
    }

    /** @return the largest intermediate allowed, in elements, if a limit is set */
    public OptionalLong memoryLimit() {
        return memoryLimit == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(memoryLimit);
    }

    /** @return the limit, {@link Long#MAX_VALUE} when none is set */
    long memoryLimitOrMax() {
        return memoryLimit;
    }

    /** @return how many candidates {@link PathOptimizer#BRANCH} explores per step; 0 means all */
    public int branchWidth() {
        return branchWidth;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof EinsumOptions)) {
            return false;
        }
        EinsumOptions e = (EinsumOptions) o;
        return hash == e.hash && optimizer == e.optimizer && memoryLimit == e.memoryLimit
                && branchWidth == e.branchWidth && Arrays.deepEquals(path, e.path);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return "EinsumOptions[" + (path == null ? "optimizer=" + optimizer : "path=" + Arrays.deepToString(path))
                + (memoryLimit == Long.MAX_VALUE ? "" : ", memoryLimit=" + memoryLimit) + ", branchWidth="
                + branchWidth + "]";
    }

    /**
     * Builds {@link EinsumOptions}; every setter validates its argument. Not thread-safe; build once and
     * share the result.
     */
    public static final class Builder {
        private PathOptimizer optimizer = PathOptimizer.AUTO;
        private int[][] path;
        private long memoryLimit = Long.MAX_VALUE;
        private int branchWidth = DEFAULT_BRANCH_WIDTH;

        private Builder() {
        }

        /**
         * @param optimizer how to choose the path
         * @return this builder
         */
        public Builder optimizer(PathOptimizer optimizer) {
            this.optimizer = Objects.requireNonNull(optimizer, "optimizer");
            return this;
        }

        /**
         * An explicit path in the contraction-list convention (see the class comment); {@code null}
         * removes it.
         *
         * @param pairs the steps, each two distinct non-negative positions
         * @return this builder
         * @throws ValidationException (INVALID_ARGUMENT, argument {@code "path"}) naming the bad step
         */
        public Builder path(int[]... pairs) {
            if (pairs == null) {
                this.path = null;
                return this;
            }
            int[][] copy = new int[pairs.length][];
            for (int s = 0; s < pairs.length; s++) {
                int[] p = pairs[s];
                if (p == null || p.length != 2 || p[0] < 0 || p[1] < 0 || p[0] == p[1]) {
                    throw ValidationException.invalidArgument(SubscriptErrors.OP, "path", "steps of two distinct"
                            + " positions >= 0", "step " + s + " = " + Arrays.toString(p), "name two operands of"
                            + " the current list per step; their result is appended at the end");
                }
                copy[s] = p.clone();
            }
            this.path = copy;
            return this;
        }

        /**
         * @param elements the largest intermediate allowed, {@code >= 1}
         * @return this builder
         * @throws ValidationException (INVALID_ARGUMENT, argument {@code "memoryLimit"}) below 1
         */
        public Builder memoryLimit(long elements) {
            if (elements < 1) {
                throw ValidationException.invalidArgument(SubscriptErrors.OP, "memoryLimit", "at least 1 element",
                        String.valueOf(elements), null);
            }
            this.memoryLimit = elements;
            return this;
        }

        /** @return this builder, without a memory limit */
        public Builder noMemoryLimit() {
            this.memoryLimit = Long.MAX_VALUE;
            return this;
        }

        /**
         * @param width candidates explored per step by {@link PathOptimizer#BRANCH}, {@code >= 0}
         *     (0: all of them)
         * @return this builder
         * @throws ValidationException (INVALID_ARGUMENT, argument {@code "branchWidth"}) when negative
         */
        public Builder branchWidth(int width) {
            if (width < 0) {
                throw ValidationException.invalidArgument(SubscriptErrors.OP, "branchWidth", "a width >= 0",
                        String.valueOf(width), null);
            }
            this.branchWidth = width;
            return this;
        }

        /** @return the options */
        public EinsumOptions build() {
            return new EinsumOptions(this);
        }
    }
}
