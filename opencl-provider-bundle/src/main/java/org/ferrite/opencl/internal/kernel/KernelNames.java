package org.ferrite.opencl.internal.kernel;

import org.ferrite.api.random.Distribution;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;

/**
 * The names of the generated kernels, shared by the generator ({@link KernelSource}) and the code that
 * launches them, so that the two cannot drift. A {@code _c} kernel takes compact operands (each a base
 * pointer and an element offset); an {@code _s} kernel takes any strides through a layout plan.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class KernelNames {
    private KernelNames() {
    }

    private static String suffix(boolean compact) {
        return compact ? "_c" : "_s";
    }

    /** @return the kernel of {@code op} on {@code d} */
    public static String binary(BinaryOp op, DType d, boolean compact) {
        return "b_" + ClTypes.tag(op) + "_" + ClTypes.tag(d) + suffix(compact);
    }

    /** @return the kernel of {@code op} on {@code d} */
    public static String unary(UnaryOp op, DType d, boolean compact) {
        return "u_" + ClTypes.tag(op) + "_" + ClTypes.tag(d) + suffix(compact);
    }

    /** @return the kernel of {@code op} on {@code d} */
    public static String compare(CompareOp op, DType d, boolean compact) {
        return "cmp_" + ClTypes.tag(op) + "_" + ClTypes.tag(d) + suffix(compact);
    }

    /**
     * @return true if the launch of {@code op} on {@code d} runs a check kernel first: an integer division
     *     ({@code div}, {@code rem}, {@code floorDivide}, {@code remainder}: a divisor 0) or power (a negative
     *     exponent)
     */
    public static boolean isChecked(BinaryOp op, DType d) {
        return d.isInteger() && (isDivision(op) || op == BinaryOp.POW);
    }

    /** @return true for the operations whose integer form refuses a divisor 0 */
    private static boolean isDivision(BinaryOp op) {
        return op == BinaryOp.DIV || op == BinaryOp.REM || op == BinaryOp.FLOOR_DIVIDE || op == BinaryOp.REMAINDER;
    }

    /** @return the check kernel of an integer divisor ({@code zero}) or exponent ({@code negative}) */
    public static String check(DType d, boolean zero) {
        return "chk_" + (zero ? "zero_" : "negative_") + ClTypes.tag(d);
    }

    /** @return the reduction kernel */
    public static String reduce(ReduceOp op, DType d) {
        return "r_" + ClTypes.tag(op) + "_" + ClTypes.tag(d);
    }

    /** @return the contraction kernel */
    public static String dot(DType d) {
        return "dot_" + ClTypes.tag(d);
    }

    /** @return the scatter kernel for indices of dtype {@code indices} */
    public static String scatter(ScatterMode mode, DType d, DType indices) {
        return "sc_" + ClTypes.tag(mode) + "_" + ClTypes.tag(d) + "_" + ClTypes.tag(indices);
    }

    /** @return the random-number kernel */
    public static String random(Distribution distribution, DType d) {
        return "rnd_" + ClTypes.tag(distribution) + "_" + ClTypes.tag(d);
    }

    /** @return the cast kernel */
    public static String cast(DType from, DType to, boolean compact) {
        return "cast_" + ClTypes.tag(from) + "_" + ClTypes.tag(to) + suffix(compact);
    }

    /** @return the strided copy kernel for elements of {@code bytes} bytes */
    public static String copy(int bytes) {
        return "copy_" + bytes + "_s";
    }

    /** @return the select kernel for elements of {@code bytes} bytes */
    public static String select(int bytes, boolean compact) {
        return "sel_" + bytes + suffix(compact);
    }

    /** @return the gather kernel for elements of {@code bytes} bytes and indices of dtype {@code indices} */
    public static String gather(int bytes, DType indices) {
        return "g_" + bytes + "_" + ClTypes.tag(indices);
    }
}
