package org.ferrite.testkit.oracle;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;

/**
 * Which (operation, dtype) pairs the API defines: the API's operation table ({@link OpTable}) — the kit
 * keeps no copy of it. A provider must compute every defined pair and reject every other one with
 * {@code UnsupportedOpException}; the suites ask here which they expect.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class Spec {
    private Spec() {
    }

    /**
     * @param op an operation
     * @param d a dtype
     * @return true if the API defines it
     */
    public static boolean defined(BinaryOp op, DType d) {
        return OpTable.accepts(op, d);
    }

    /**
     * @param op an operation
     * @param d a dtype
     * @return true if the API defines it
     */
    public static boolean defined(UnaryOp op, DType d) {
        return OpTable.accepts(op, d);
    }

    /**
     * @param op a comparison
     * @param d a dtype
     * @return true if the API defines it
     */
    public static boolean defined(CompareOp op, DType d) {
        return OpTable.accepts(op, d);
    }

    /**
     * @param op a reduction
     * @param d a dtype
     * @return true if the API defines it
     */
    public static boolean defined(ReduceOp op, DType d) {
        return OpTable.accepts(op, d);
    }

    /**
     * @param mode a scatter combiner
     * @param d a dtype
     * @return true if the API defines it
     */
    public static boolean defined(ScatterMode mode, DType d) {
        return OpTable.accepts(mode, d);
    }
}
