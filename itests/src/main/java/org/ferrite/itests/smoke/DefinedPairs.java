package org.ferrite.itests.smoke;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;

/**
 * Which (operation, dtype) pairs the API defines, as the smoke asks it: the API's operation table
 * ({@link OpTable}), read from the shipped API jar itself — the smoke runs on the shipped jars alone,
 * without the conformance kit, and keeps no copy of its own.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class DefinedPairs {
    private DefinedPairs() {
    }

    /**
     * @param op an operation
     * @param d a dtype
     * @return true if the API defines it
     */
    static boolean defined(BinaryOp op, DType d) {
        return OpTable.accepts(op, d);
    }

    /**
     * @param op an operation
     * @param d a dtype
     * @return true if the API defines it
     */
    static boolean defined(UnaryOp op, DType d) {
        return OpTable.accepts(op, d);
    }

    /**
     * @param op a comparison
     * @param d a dtype
     * @return true if the API defines it
     */
    static boolean defined(CompareOp op, DType d) {
        return OpTable.accepts(op, d);
    }

    /**
     * @param op a reduction
     * @param d a dtype
     * @return true if the API defines it
     */
    static boolean defined(ReduceOp op, DType d) {
        return OpTable.accepts(op, d);
    }
}
