package org.ferrite.api.session;

import org.ferrite.api.spi.OpChecks;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * The portable {@code countNonzero}, {@code any}, {@code all} and {@code nonzero}, built on the hooks:
 * the mask {@code x != 0} is one {@code compareInto} against a broadcast rank-0 zero of {@code x}'s dtype
 * (so NaN is non-zero, and a complex element is zero only when both parts are); counts are the I64 sum of
 * the mask (a BOOL sum counts); {@code any} is {@code count > 0} and {@code all} is
 * {@code count == n}, {@code n} the number of elements tested. Thread-safe (stateless). Lifetime: static.
 */
final class Counting {
    private Counting() {
    }

    /** @return a new BOOL tensor of {@code x}'s shape: {@code x != 0} */
    static Tensor notZero(SearchingOps s, TensorRead x) {
        Tensor zero = Tensor.zeros(x.dtype());
        TensorRead there = ScalarOperands.onSession(s, zero);
        Tensor mask = s.allocate(DType.BOOL, x.shape());
        s.compareInto(CompareOp.NE, x, there.broadcastTo(x.shape()), mask);
        ScalarOperands.release(s, zero, there);
        return mask;
    }

    /** {@code any} or {@code all} over {@code axes}. */
    static Tensor test(SearchingOps s, OpSpec row, TensorRead x, int[] axes, boolean keepDims) {
        OpChecks.requireDefined(row, x.dtype());
        int[] ax = Shapes.normalizeAxes(row.name(), "axes", axes, x.rank());
        OperandChecks.reducedShape(row.name(), x, ax);
        long tested = 1;
        for (int a : ax) {
            tested *= x.dim(a);
        }
        Tensor count = s.countNonzero(x, ax, keepDims);
        Tensor out = row == OpTable.ANY_NONZERO ? s.compare(CompareOp.GT, count, 0L)
                : s.compare(CompareOp.EQ, count, tested);
        s.reclaim(count);
        return out;
    }

    /** NumPy's {@code nonzero} of a rank ≥ 1 operand. */
    static Tensor[] nonzero(SearchingOps s, TensorRead x) {
        Tensor mask = notZero(s, x);
        Tensor host = mask;
        if (!mask.placement().isHost()) {
            host = Tensor.zeros(DType.BOOL, mask.shape());
            s.transferInto(mask, host);
        }
        boolean[] m = (boolean[]) host.storage();
        int rank = x.rank();
        long[] shape = x.shape();
        long[] cm = Shapes.columnMajorStrides(shape);
        int size = (int) host.size(); // a pooled array may be longer than the tensor
        int count = 0;
        for (int k = 0; k < size; k++) {
            count += m[k] ? 1 : 0;
        }
        long[][] idx = new long[rank][count];
        long[] i = new long[rank];
        for (int at = 0; at < count;) {
            long offset = 0;
            for (int a = 0; a < rank; a++) {
                offset += i[a] * cm[a];
            }
            if (m[(int) offset]) {
                for (int a = 0; a < rank; a++) {
                    idx[a][at] = i[a];
                }
                at++;
            }
            for (int a = rank - 1; a >= 0 && ++i[a] == shape[a]; a--) { // row-major: last axis fastest
                i[a] = 0;
            }
        }
        s.reclaim(mask);
        Tensor[] out = new Tensor[rank];
        for (int a = 0; a < rank; a++) {
            Tensor v = Tensor.of(idx[a], count);
            out[a] = s.placement().isHost() ? v : s.to(v, s.placement());
        }
        return out;
    }
}
