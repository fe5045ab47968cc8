package org.ferrite.einsum;

import java.util.Arrays;
import java.util.function.IntPredicate;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * One pairwise contraction, lowered to session operations. With {@code F_a}, {@code F_b} the labels only
 * one operand has (all kept), {@code B} the shared labels that are kept (by the output or a later
 * step) and {@code C} the shared labels summed here, the result's axes are {@code [F_a…, F_b…, B…]}:
 * <ul>
 * <li>{@link Kind#DOT_GENERAL} (floating dtypes): <em>one</em> {@code dotGeneral} with {@code C} as
 * contracting and {@code B} as native batch axes — its output order is exactly {@code [free…, free…,
 * batch…]}, so no operand is ever transposed or copied;</li>
 * <li>{@link Kind#HADAMARD} (floating, nothing to contract and equal label sets): one elementwise
 * multiply, the second operand permuted (a view) to the first's order;</li>
 * <li>{@link Kind#ELEMENTWISE} (integer and BOOL computations, exact where contraction kernels are
 * floating-only): both operands broadcast (views) to {@code [F_a…, F_b…, B…, C…]}, multiplied, and
 * {@code C} summed by one reduction.</li>
 * </ul>
 * Thread-safe (immutable).
 */
final class PairStep {
    /**
     * The most elements of products an {@link Kind#ELEMENTWISE} step holds at once without a memory
     * limit (8 MiB of I64): larger steps run in blocks, so an integer contraction needs memory for its
     * result, not for every product.
     */
    static final long DEFAULT_PRODUCT_BLOCK = 1 << 20;
    /** How the step runs. */
    enum Kind {
        /** One {@code dotGeneral}. */
        DOT_GENERAL,
        /** One elementwise multiply. */
        HADAMARD,
        /** Broadcast multiply, then a sum. */
        ELEMENTWISE
    }

    final Kind kind;
    /** Slot ids of the operands, in the order the kernels take them. */
    final int lhs;
    final int rhs;
    /** The result's label per axis, and its shape. */
    final int[] labels;
    final long[] shape;
    /** The labels summed here. */
    final int[] contracted;
    final DotGeneralConfig config;
    /** HADAMARD: rhs.permute(rhsPermutation) has lhs's label order; null if it already has. */
    final int[] rhsPermutation;
    /** ELEMENTWISE: permutations to union order, broadcast dims, the union shape and the summed axes. */
    private final int[] lhsOrder;
    private final int[] lhsDims;
    private final int[] rhsOrder;
    private final int[] rhsDims;
    private final long[] unionShape;
    private final int[] sumAxes;
    /** ELEMENTWISE for BOOL: clamp the I64 count back to 0/1 after the sum. */
    private final boolean clamp;
    /** ELEMENTWISE: the most elements one block of products holds (the memory limit, or a default). */
    private final long productLimit;

    private PairStep(Kind kind, int lhs, int rhs, int[] labels, int[] contracted, long[] sizes, int[] lhsLabels,
            int[] rhsLabels, boolean clamp, long productLimit) {
        this.kind = kind;
        this.productLimit = Math.min(productLimit, DEFAULT_PRODUCT_BLOCK);
        this.lhs = lhs;
        this.rhs = rhs;
        this.labels = labels;
        this.shape = shapeOf(labels, sizes);
        this.contracted = contracted;
        this.clamp = clamp;
        int batchCount = labels.length - freeCount(lhsLabels, rhsLabels) - freeCount(rhsLabels, lhsLabels);
        int[] batch = Arrays.copyOfRange(labels, labels.length - batchCount, labels.length);
        this.config = kind == Kind.DOT_GENERAL ? DotGeneralConfig.of(positions(contracted, lhsLabels),
                positions(contracted, rhsLabels), positions(batch, lhsLabels), positions(batch, rhsLabels)) : null;
        int[] perm = kind == Kind.HADAMARD ? positions(lhsLabels, rhsLabels) : null;
        this.rhsPermutation = perm == null || isIdentity(perm) ? null : perm;
        if (kind == Kind.ELEMENTWISE) {
            int[] union = concat(labels, contracted);
            this.unionShape = shapeOf(union, sizes);
            this.lhsOrder = orderIn(lhsLabels, union);
            this.lhsDims = sortedPositions(lhsLabels, union);
            this.rhsOrder = orderIn(rhsLabels, union);
            this.rhsDims = sortedPositions(rhsLabels, union);
            this.sumAxes = new int[contracted.length];
            for (int k = 0; k < contracted.length; k++) {
                sumAxes[k] = labels.length + k;
            }
        } else {
            this.unionShape = null;
            this.lhsOrder = this.lhsDims = this.rhsOrder = this.rhsDims = this.sumAxes = null;
        }
    }

    /**
     * Plans the step contracting slots {@code a} and {@code b}.
     *
     * @param a one slot
     * @param b the other
     * @param la labels of {@code a}
     * @param lb labels of {@code b}
     * @param keep whether a label must survive the step (it is in the output or a later step)
     * @param target for the step that writes the output, its label order (the step then picks the
     *     operand order and batch order that match it when it can); null otherwise
     * @param sizes label extents
     * @param compute the computation dtype
     * @param clamp BOOL counting (clamp sums to 0/1)
     * @param memoryLimit the most elements an {@link Kind#ELEMENTWISE} step's products may hold at once
     *     ({@code Long.MAX_VALUE}: no limit but {@link #DEFAULT_PRODUCT_BLOCK})
     * @return the step
     */
    static PairStep plan(int a, int b, int[] la, int[] lb, IntPredicate keep, int[] target, long[] sizes,
            DType compute, boolean clamp, long memoryLimit) {
        PairStep first = plan1(a, b, la, lb, keep, target, sizes, compute, clamp, memoryLimit);
        if (target == null || Arrays.equals(first.labels, target)) {
            return first;
        }
        PairStep swapped = plan1(b, a, lb, la, keep, target, sizes, compute, clamp, memoryLimit);
        return Arrays.equals(swapped.labels, target) ? swapped : first;
    }

    private static PairStep plan1(int a, int b, int[] la, int[] lb, IntPredicate keep, int[] target, long[] sizes,
            DType compute, boolean clamp, long memoryLimit) {
        IntList free = new IntList(la.length + lb.length);
        IntList batch = new IntList();
        IntList contracted = new IntList();
        for (int l : la) {
            if (NotationParser.indexOf(lb, l) < 0) {
                free.add(l);
            } else if (keep.test(l)) {
                batch.add(l);
            } else {
                contracted.add(l);
            }
        }
        for (int l : lb) {
            if (NotationParser.indexOf(la, l) < 0) {
                free.add(l);
            }
        }
        int[] batchOrder = batch.toArray();
        if (target != null) {
            sortBy(batchOrder, target);
        }
        Kind kind = !compute.isFloating() ? Kind.ELEMENTWISE
                : contracted.size() == 0 && free.size() == 0 ? Kind.HADAMARD : Kind.DOT_GENERAL;
        int[] labels = kind == Kind.HADAMARD ? la.clone() : concat(free.toArray(), batchOrder);
        return new PairStep(kind, a, b, labels, contracted.toArray(), sizes, la, lb, clamp && contracted.size() > 0,
                memoryLimit);
    }

    /**
     * @param configs the configs of the plan's earlier steps, by content
     * @return this step with its config replaced by an equal one already in {@code configs} (or
     *     {@link DotGeneralConfig#MATMUL}), so that equal steps pass the same object: providers may
     *     compare configs by identity first (the CPU provider's last-plan check does)
     */
    PairStep interned(java.util.Map<DotGeneralConfig, DotGeneralConfig> configs) {
        if (config == null) {
            return this;
        }
        DotGeneralConfig shared = configs.computeIfAbsent(config, c -> c.equals(DotGeneralConfig.MATMUL)
                ? DotGeneralConfig.MATMUL : c);
        return shared == config ? this : new PairStep(this, shared);
    }

    private PairStep(PairStep s, DotGeneralConfig config) {
        this.kind = s.kind;
        this.lhs = s.lhs;
        this.rhs = s.rhs;
        this.labels = s.labels;
        this.shape = s.shape;
        this.contracted = s.contracted;
        this.config = config;
        this.rhsPermutation = s.rhsPermutation;
        this.lhsOrder = s.lhsOrder;
        this.lhsDims = s.lhsDims;
        this.rhsOrder = s.rhsOrder;
        this.rhsDims = s.rhsDims;
        this.unionShape = s.unionShape;
        this.sumAxes = s.sumAxes;
        this.clamp = s.clamp;
        this.productLimit = s.productLimit;
    }

    /** {@code dst = a ⊗ b} (the step's contraction), {@code dst} of {@link #shape} and the compute dtype. */
    void writeInto(BackendSession s, TensorRead a, TensorRead b, TensorWrite dst) {
        switch (kind) {
            case DOT_GENERAL:
                s.dotGeneralInto(a, b, config, dst);
                return;
            case HADAMARD:
                s.binaryInto(BinaryOp.MUL, a, rhsPermutation == null ? b : b.permute(rhsPermutation), dst);
                return;
            default:
                elementwise(s, a, b, dst);
        }
    }

    /** DOT_GENERAL only: {@code dst = alpha · a ⊗ b + beta · dst}. */
    void accumulateInto(BackendSession s, TensorRead a, TensorRead b, Accumulation acc, TensorWrite dst) {
        s.dotGeneralAccumulate(a, b, config, acc, dst);
    }

    private void elementwise(BackendSession s, TensorRead a, TensorRead b, TensorWrite dst) {
        TensorRead wa = a.permute(lhsOrder).broadcastInDim(unionShape, lhsDims);
        TensorRead wb = b.permute(rhsOrder).broadcastInDim(unionShape, rhsDims);
        if (sumAxes.length == 0) {
            s.binaryInto(BinaryOp.MUL, wa, wb, dst);
            return;
        }
        sumOfProducts(s, wa, wb, dst, false);
        if (clamp) {
            Constants.clampToOne(s, dst);
        }
    }

    /**
     * {@code dst = Σ_C wa·wb} ({@code dst += …} when {@code accumulate}) over one block of the union
     * (whose first axes are {@code dst}'s, the last ones the summed labels), holding at most
     * {@link #productLimit} products at once: a larger block is cut along its last output axis of extent
     * above 1 into chunks that fit (each writes its own slice of {@code dst}); a block with one output
     * element is cut along its last summed axis, the chunks after the first adding into {@code dst}.
     */
    private void sumOfProducts(BackendSession s, TensorRead wa, TensorRead wb, TensorWrite dst, boolean accumulate) {
        long total = wa.size();
        if (total <= productLimit) {
            Tensor products = s.allocate(dst.dtype(), wa.shape());
            try {
                s.binaryInto(BinaryOp.MUL, wa, wb, products);
                if (!accumulate) {
                    s.reduceInto(ReduceOp.SUM, products, sumAxes, dst);
                    return;
                }
                Tensor partial = s.allocate(dst.dtype(), dst.shape());
                try {
                    s.reduceInto(ReduceOp.SUM, products, sumAxes, partial);
                    s.binaryInto(BinaryOp.ADD, dst, partial, dst);
                } finally {
                    s.reclaim(partial);
                }
            } finally {
                s.reclaim(products);
            }
            return;
        }
        int axis = lastAboveOne(wa, 0, labels.length);
        boolean summed = axis < 0;
        if (summed) {
            axis = lastAboveOne(wa, labels.length, wa.rank());
        }
        long extent = wa.dim(axis);
        long chunk = Math.max(1, productLimit / (total / extent));
        for (long start = 0; start < extent; start += chunk) {
            long stop = Math.min(extent, start + chunk);
            TensorWrite part = summed ? dst : dst.slice(axis, start, stop, 1);
            sumOfProducts(s, wa.slice(axis, start, stop, 1), wb.slice(axis, start, stop, 1), part,
                    accumulate || summed && start > 0);
        }
    }

    /** @return the last axis in {@code [from, to)} of extent above 1, or -1 */
    private static int lastAboveOne(TensorRead t, int from, int to) {
        for (int axis = to - 1; axis >= from; axis--) {
            if (t.dim(axis) > 1) {
                return axis;
            }
        }
        return -1;
    }

    /** @return the union of both operands' labels, for the cost model */
    int[] touchedLabels() {
        return concat(labels, contracted);
    }

    static long[] shapeOf(int[] labels, long[] sizes) {
        long[] shape = new long[labels.length];
        for (int a = 0; a < labels.length; a++) {
            shape[a] = sizes[labels[a]];
        }
        return shape;
    }

    private static int freeCount(int[] own, int[] other) {
        int n = 0;
        for (int l : own) {
            n += NotationParser.indexOf(other, l) < 0 ? 1 : 0;
        }
        return n;
    }

    /** @return the index in {@code in} of each of {@code labels} */
    static int[] positions(int[] labels, int[] in) {
        int[] p = new int[labels.length];
        for (int k = 0; k < labels.length; k++) {
            p[k] = NotationParser.indexOf(in, labels[k]);
        }
        return p;
    }

    /** @return the axes of {@code own} ordered by where their labels sit in {@code union} */
    private static int[] orderIn(int[] own, int[] union) {
        Integer[] axes = new Integer[own.length];
        for (int a = 0; a < own.length; a++) {
            axes[a] = a;
        }
        Arrays.sort(axes, (x, y) -> Integer.compare(NotationParser.indexOf(union, own[x]),
                NotationParser.indexOf(union, own[y])));
        int[] out = new int[own.length];
        for (int a = 0; a < own.length; a++) {
            out[a] = axes[a];
        }
        return out;
    }

    private static int[] sortedPositions(int[] own, int[] union) {
        int[] p = positions(own, union);
        Arrays.sort(p);
        return p;
    }

    private static void sortBy(int[] labels, int[] order) {
        Integer[] boxed = new Integer[labels.length];
        for (int k = 0; k < labels.length; k++) {
            boxed[k] = labels[k];
        }
        Arrays.sort(boxed, (x, y) -> Integer.compare(NotationParser.indexOf(order, x),
                NotationParser.indexOf(order, y)));
        for (int k = 0; k < labels.length; k++) {
            labels[k] = boxed[k];
        }
    }

    static boolean isIdentity(int[] perm) {
        for (int a = 0; a < perm.length; a++) {
            if (perm[a] != a) {
                return false;
            }
        }
        return true;
    }

    static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
