package org.ferrite.api.session;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.TensorRead;

/**
 * The rank rule of {@code matmul}: a matrix on the left, a matrix or a vector on the right — checked
 * first, so that the error names the rule rather than an axis of {@link DotGeneralConfig#MATMUL}.
 * Thread-safe (stateless).
 */
final class MatmulRanks {
    private MatmulRanks() {
    }

    static void check(TensorRead a, TensorRead b) {
        if (a.rank() != 2) {
            throw ValidationException.rankMismatch("matmul", "a", "2 (matmul needs rank 2: a matrix [m, k]; for a"
                    + " vector use dotGeneral, or reshape it to [1, k])", a.rank());
        }
        if (b.rank() != 1 && b.rank() != 2) {
            throw ValidationException.rankMismatch("matmul", "b", "1 or 2 (a vector [k] or a matrix [k, n]; for"
                    + " batches use dotGeneral with batch axes)", b.rank());
        }
    }
}
