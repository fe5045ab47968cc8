package org.ferrite.testkit.oracle;

import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;

/**
 * Which (operation, dtype) pairs the API defines, transcribed from the Javadoc of {@link BinaryOp},
 * {@link UnaryOp}, {@link CompareOp} and {@link ReduceOp} ("real dtypes" there are I32, I64, F32, F64;
 * BOOL takes ADD/MUL as or/and and the logical ops). A provider must compute every defined pair and
 * reject every other one with {@code UnsupportedOpException}.
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
        boolean real = d.isInteger() || d.isRealFloating();
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
                return real;
            case ATAN2:
                return d.isRealFloating();
            default:
                return d.isBool() || d.isInteger();
        }
    }

    /**
     * @param op an operation
     * @param d a dtype
     * @return true if the API defines it
     */
    public static boolean defined(UnaryOp op, DType d) {
        switch (op) {
            case NEG:
            case ABS:
            case SIGN:
                return d.isNumeric();
            case CONJ:
                return true;
            case NOT:
                return d.isBool() || d.isInteger();
            case EXP:
            case LOG:
            case SIN:
            case COS:
            case TANH:
            case SQRT:
            case RSQRT:
            case EXPM1:
            case LOG1P:
                return d.isFloating();
            default:
                return d.isRealFloating();
        }
    }

    /**
     * @param op a comparison
     * @param d a dtype
     * @return true if the API defines it
     */
    public static boolean defined(CompareOp op, DType d) {
        return op == CompareOp.EQ || op == CompareOp.NE || d.isInteger() || d.isRealFloating();
    }

    /**
     * @param op a reduction
     * @param d a dtype
     * @return true if the API defines it
     */
    public static boolean defined(ReduceOp op, DType d) {
        switch (op) {
            case SUM:
            case PROD:
                return d.isNumeric();
            case MAX:
            case MIN:
                return d.isInteger() || d.isRealFloating();
            default:
                return d.isFloating();
        }
    }
}
