package org.ferrite.cpu.internal.kernel.index;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;

/**
 * Reads the components of start-index vectors from I32 or I64 index storage. Thread-safe (stateless);
 * it has no instances and holds no resources.
 */
final class IndexVectors {
    private IndexVectors() {
    }

    /** @return true if {@code indices} is I64 (else I32) */
    static boolean isLong(TensorRead indices) {
        return indices.dtype() == DType.I64;
    }

    static long read(Object storage, boolean isLong, int element) {
        return isLong ? ((long[]) storage)[element] : ((int[]) storage)[element];
    }
}
