package org.ferrite.offheap.device;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;

/**
 * Which (operation, dtype) pairs the off-heap provider computes: exactly those the API's enums define
 * ("real dtypes" there are I32, I64, F32, F64; BOOL takes ADD/MUL as or/and and the logical ops). Every
 * other pair is rejected, at submission, with {@code UnsupportedOpException}.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class Domains {
    private Domains() {
    }

    private static boolean real(DType d) {
        return d.isInteger() || d.isRealFloating();
    }

    /**
     * @param op a binary operation
     * @param d a dtype
     * @return true if defined
     */
    public static boolean defined(BinaryOp op, DType d) {
        switch (op) {
            case ADD:
            case MUL:
                return true;
            case SUB:
            case DIV:
            case POW:
                return d.isNumeric();
            case REM:
            case MAXIMUM:
            case MINIMUM:
                return real(d);
            case ATAN2:
                return d.isRealFloating();
            default: // AND, OR, XOR
                return d.isBool() || d.isInteger();
        }
    }

    /**
     * @param op a unary operation
     * @param d a dtype
     * @return true if defined
     */
    public static boolean defined(UnaryOp op, DType d) {
        if (op == UnaryOp.CONJ) {
            return true;
        }
        if (op == UnaryOp.NOT) {
            return d.isBool() || d.isInteger();
        }
        if (op.compareTo(UnaryOp.SIGN) <= 0) { // NEG, ABS, SIGN
            return d.isNumeric();
        }
        return op.compareTo(UnaryOp.LOG1P) <= 0 ? d.isFloating() : d.isRealFloating(); // EXP .. LOG1P: complex too
    }

    /**
     * @param op a comparison
     * @param d a dtype
     * @return true if defined (EQ and NE everywhere, the orderings on real dtypes)
     */
    public static boolean defined(CompareOp op, DType d) {
        return op == CompareOp.EQ || op == CompareOp.NE || real(d);
    }

    /**
     * @param op a reduction
     * @param d a dtype
     * @return true if defined
     */
    public static boolean defined(ReduceOp op, DType d) {
        switch (op) {
            case SUM:
            case PROD:
                return d.isNumeric();
            case MAX:
            case MIN:
                return real(d);
            default: // MEAN, SUM_SQUARES
                return d.isFloating();
        }
    }

    /**
     * @param mode a scatter combiner
     * @param d a dtype
     * @return true if defined (the domain of the matching binary operation; REPLACE everywhere)
     */
    public static boolean defined(ScatterMode mode, DType d) {
        return mode == ScatterMode.REPLACE || mode == ScatterMode.ADD || mode == ScatterMode.MUL || real(d);
    }
}
