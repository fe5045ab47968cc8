package org.ferrite.einsum;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.PreparedContraction;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * A host session for the API's own einsum tests, which cannot use a provider: one real kernel — a naive
 * F64 {@code dotGeneralAccumulate} over any strides, allocation-free (its index scratch is kept in
 * fields) — a buffer pool that hands back reclaimed tensors of the same dtype and shape, counters of
 * what was allocated and reclaimed, and a {@code sessionLocal} that keeps its values or, like the SPI's
 * default, keeps nothing. Every other hook throws: the expressions these tests use are
 * {@code dotGeneral}-only. Not thread-safe (one test thread).
 */
final class PoolingTestSession implements BackendSession {
    private static final int MAX_RANK = 32;

    private final boolean keepsLocals;
    private final Map<Object, Object> locals = new HashMap<>();
    private final List<Tensor> free = new ArrayList<>();
    /** Tensors handed out by {@link #allocate}, and given back by {@link #reclaim}. */
    long allocations;
    long reclaims;
    /** Calls of {@link #sessionLocal}. */
    long sessionLocalCalls;
    long dotGenerals;
    /** Calls of {@link #prepareDotGeneral} (the SPI's portable prepared form, counted). */
    long preparations;
    /** Run once, right after the next {@code dotGeneralAccumulate} has written its output (then cleared). */
    Runnable afterNextDotGeneral;
    private final long[] outIndex = new long[MAX_RANK];
    private final long[] sumIndex = new long[MAX_RANK];
    private final long[] sumShape = new long[MAX_RANK];

    /**
     * @param keepsLocals whether {@code sessionLocal} keeps its values (false: the SPI's default)
     */
    PoolingTestSession(boolean keepsLocals) {
        this.keepsLocals = keepsLocals;
    }

    @Override
    public Placement placement() {
        return Placement.HOST;
    }

    @Override
    public Tensor allocate(DType dtype, long... shape) {
        allocations++;
        for (int i = free.size() - 1; i >= 0; i--) {
            Tensor t = free.get(i);
            if (t.dtype() == dtype && OperandSpec.hasShape(t, shape)) {
                return free.remove(i);
            }
        }
        return Tensor.zeros(dtype, shape);
    }

    @Override
    public void reclaim(Tensor tensor) {
        reclaims++;
        free.add(tensor);
    }

    @Override
    public <T> T sessionLocal(Object key, Supplier<T> create) {
        sessionLocalCalls++;
        if (!keepsLocals) {
            return create.get();
        }
        @SuppressWarnings("unchecked") // one value type per key
        T value = (T) locals.get(key);
        if (value == null) {
            value = create.get();
            locals.put(key, value);
        }
        return value;
    }

    @Override
    public PreparedContraction prepareDotGeneral(TensorRead lhs, TensorRead rhs, DotGeneralConfig config,
            TensorWrite out) {
        preparations++;
        return BackendSession.super.prepareDotGeneral(lhs, rhs, config, out);
    }

    /**
     * {@code out = alpha · Σ lhs·rhs + beta · out} for real F64 operands, out's axes
     * {@code [lhs free…, rhs free…, batch…]}, by nested loops over out and the contracted extents.
     */
    @Override
    public void dotGeneralAccumulate(TensorRead lhs, TensorRead rhs, DotGeneralConfig config,
            Accumulation accumulation, TensorWrite out) {
        if (lhs.dtype() != DType.F64 || rhs.dtype() != DType.F64 || out.dtype() != DType.F64) {
            throw new UnsupportedOperationException("the test session's dotGeneral is F64 only");
        }
        dotGenerals++;
        int contracted = config.contractingCount();
        for (int c = 0; c < contracted; c++) {
            sumShape[c] = lhs.dim(config.lhsContracting(c));
        }
        int lhsFree = lhs.rank() - contracted - config.batchCount();
        int batchBase = out.rank() - config.batchCount();
        double[] l = (double[]) lhs.storage();
        double[] r = (double[]) rhs.storage();
        double[] o = (double[]) out.storage();
        Arrays.fill(outIndex, 0, out.rank(), 0);
        for (long e = 0; e < out.size(); e++) {
            Arrays.fill(sumIndex, 0, contracted, 0);
            double sum = 0;
            boolean more = true;
            while (more) {
                sum += l[(int) offset(lhs, config, true, 0, batchBase)]
                        * r[(int) offset(rhs, config, false, lhsFree, batchBase)];
                more = advance(sumIndex, sumShape, contracted);
            }
            int at = (int) out.offset();
            for (int a = 0; a < out.rank(); a++) {
                at += (int) (outIndex[a] * out.stride(a));
            }
            o[at] = accumulation.alphaRe() * sum + (accumulation.overwrites() ? 0 : accumulation.betaRe() * o[at]);
            for (int a = 0; a < out.rank() && ++outIndex[a] == out.dim(a); a++) {
                outIndex[a] = 0;
            }
        }
        Runnable after = afterNextDotGeneral;
        if (after != null) {
            afterNextDotGeneral = null;
            after.run();
        }
    }

    /** The element offset of {@code t} at the current out and contracted indices. */
    private long offset(TensorRead t, DotGeneralConfig config, boolean isLhs, int freeBase, int batchBase) {
        long at = t.offset();
        int free = 0;
        for (int a = 0; a < t.rank(); a++) {
            long index = -1;
            for (int c = 0; c < config.contractingCount() && index < 0; c++) {
                if ((isLhs ? config.lhsContracting(c) : config.rhsContracting(c)) == a) {
                    index = sumIndex[c];
                }
            }
            for (int b = 0; b < config.batchCount() && index < 0; b++) {
                if ((isLhs ? config.lhsBatch(b) : config.rhsBatch(b)) == a) {
                    index = outIndex[batchBase + b];
                }
            }
            if (index < 0) {
                index = outIndex[freeBase + free++];
            }
            at += index * t.stride(a);
        }
        return at;
    }

    private static boolean advance(long[] index, long[] shape, int rank) {
        for (int a = 0; a < rank; a++) {
            if (++index[a] < shape[a]) {
                return true;
            }
            index[a] = 0;
        }
        return false;
    }

    @Override
    public <T> Optional<T> extension(Class<T> type) {
        return Optional.empty();
    }

    @Override
    public ChildExecution childExecution() {
        throw new UnsupportedOperationException("not needed by the einsum tests");
    }

    @Override
    public void transferInto(TensorRead src, TensorWrite out) {
        throw new UnsupportedOperationException("not needed by the einsum tests");
    }

    @Override
    public void binaryInto(BinaryOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        throw new UnsupportedOperationException("not needed by the einsum tests");
    }

    @Override
    public void unaryInto(UnaryOp op, TensorRead x, TensorWrite out) {
        throw new UnsupportedOperationException("not needed by the einsum tests");
    }

    @Override
    public void compareInto(CompareOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        throw new UnsupportedOperationException("not needed by the einsum tests");
    }

    @Override
    public void selectInto(TensorRead predicate, TensorRead onTrue, TensorRead onFalse, TensorWrite out) {
        throw new UnsupportedOperationException("not needed by the einsum tests");
    }

    @Override
    public void copyInto(TensorRead src, TensorWrite out) {
        throw new UnsupportedOperationException("not needed by the einsum tests");
    }

    @Override
    public void castInto(TensorRead src, TensorWrite out) {
        throw new UnsupportedOperationException("not needed by the einsum tests");
    }

    @Override
    public void reduceInto(ReduceOp op, TensorRead x, int[] axes, TensorWrite out) {
        throw new UnsupportedOperationException("not needed by the einsum tests");
    }

    @Override
    public void gatherInto(TensorRead operand, TensorRead startIndices, GatherConfig config, TensorWrite out) {
        throw new UnsupportedOperationException("not needed by the einsum tests");
    }

    @Override
    public void scatterInto(TensorRead operand, TensorRead scatterIndices, TensorRead updates, ScatterConfig config,
            TensorWrite out) {
        throw new UnsupportedOperationException("not needed by the einsum tests");
    }
}
