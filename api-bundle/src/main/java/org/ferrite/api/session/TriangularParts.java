package org.ferrite.api.session;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/** The portable {@code tril}/{@code triu}: zeros, then one strided column-strip copy per column. */
final class TriangularParts {
    private TriangularParts() {
    }

    static Tensor keep(StructuralOps ops, TensorRead src, long k, boolean lower) {
        String op = lower ? "tril" : "triu";
        if (src.rank() < 2) {
            throw ValidationException.rankMismatch(op, "operand", ">= 2", src.rank());
        }
        long m = src.dim(0);
        long n = src.dim(1);
        Tensor out = ops.zeros(src.dtype(), src.shape());
        for (long j = 0; j < n; j++) {
            // lower keeps i >= j - k; upper keeps i <= j - k (saturated: k may be any long)
            long jMinusK = k >= 0 ? j - k : (j > Long.MAX_VALUE + k ? Long.MAX_VALUE : j - k);
            long from = lower ? Math.max(0L, jMinusK) : 0L;
            long to = lower ? m : Math.min(m, jMinusK == Long.MAX_VALUE ? m : jMinusK + 1);
            if (from >= to) {
                continue;
            }
            ops.copyInto(src.slice(1, j, j + 1, 1).slice(0, from, to, 1),
                    out.slice(1, j, j + 1, 1).slice(0, from, to, 1));
        }
        return out;
    }
}
