package org.ferrite.cpu.internal.contract;

import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.testkit.oracle.Oracle;

/**
 * The naive {@code dotGeneral} of the contraction tests: the conformance kit's
 * {@link Oracle#dotGeneral} (every output element the sum over every contracting index tuple, in double
 * precision, read element by element through the public accessors), unpacked as interleaved re/im per
 * output element in column-major order. Test use only; thread-safe (stateless).
 */
final class NaiveDotGeneral {
    private NaiveDotGeneral() {
    }

    /**
     * @param lhs left operand
     * @param rhs right operand
     * @param cfg the contraction
     * @param acc the accumulation
     * @param oldOut the output before the call (read only when beta is not 0)
     * @return {@code [re0, im0, re1, im1, …]} of {@code alpha·Σ op(l)·op(r) + beta·old}
     */
    static double[] evaluate(TensorRead lhs, TensorRead rhs, DotGeneralConfig cfg, Accumulation acc,
            TensorRead oldOut) {
        long[] outShape = DotGeneralShapes.outputShape(lhs, rhs, cfg);
        Tensor want = Oracle.dotGeneral(lhs, rhs, cfg, acc, oldOut);
        int size = (int) want.size();
        double[] result = new double[2 * size];
        long[] o = new long[outShape.length];
        for (int flat = 0; flat < size; flat++) {
            unravel(flat, outShape, o);
            result[2 * flat] = want.getReal(o);
            result[2 * flat + 1] = want.getImag(o);
        }
        return result;
    }

    static void unravel(long flat, long[] shape, long[] index) {
        for (int a = 0; a < shape.length; a++) {
            index[a] = flat % shape[a];
            flat /= shape[a];
        }
    }
}
