package org.ferrite.cpu.internal.kernel;

import java.util.HashMap;
import java.util.Map;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.testkit.oracle.Oracle.Value;

/** StableHLO gather and scatter transcribed from the specification, one element at a time. */
final class IndexingReference {
    private IndexingReference() {
    }

    private static boolean contains(int[] axes, int a) {
        for (int x : axes) {
            if (x == a) {
                return true;
            }
        }
        return false;
    }

    /** The index vector of {@code indices} at a batch index (ivd inserted as the running axis). */
    private static long[] startVector(TensorRead indices, int ivd, long[] batch, int length) {
        long[] v = new long[length];
        long[] at = new long[indices.rank()];
        for (int k = 0; k < length; k++) {
            for (int a = 0, b = 0; a < at.length; a++) {
                at[a] = a == ivd ? k : batch[b++];
            }
            v[k] = indices.getLong(at);
        }
        return v;
    }

    /** @return the operand index gathered into output index {@code r} */
    static long[] gatherSource(TensorRead operand, TensorRead indices, GatherConfig c, long[] r) {
        int[] offsetDims = c.offsetDims();
        int ivd = c.indexVectorDim();
        long[] batch = new long[r.length - offsetDims.length];
        long[] offset = new long[offsetDims.length];
        for (int a = 0, b = 0, o = 0; a < r.length; a++) {
            if (contains(offsetDims, a)) {
                offset[o++] = r[a];
            } else {
                batch[b++] = r[a];
            }
        }
        int[] map = c.startIndexMap();
        long[] start = startVector(indices, ivd, batch, map.length);
        long[] sizes = c.sliceSizes();
        long[] src = new long[operand.rank()];
        for (int k = 0; k < map.length; k++) {
            int d = map[k];
            src[d] += Math.max(0, Math.min(start[k], operand.dim(d) - sizes[d]));
        }
        int[] ob = c.operandBatchingDims();
        int[] ib = c.startIndicesBatchingDims();
        for (int i = 0; i < ob.length; i++) {
            src[ob[i]] += batch[ib[i] - (ib[i] < ivd ? 0 : 1)];
        }
        for (int d = 0, o = 0; d < src.length; d++) {
            if (!contains(c.collapsedSliceDims(), d) && !contains(ob, d)) {
                src[d] += offset[o++];
            }
        }
        return src;
    }

    /**
     * @return every operand index the scatter changes, mapped to its final value, by applying the
     *     updates in scatter-position order (first scatter axis fastest), skipping windows that leave
     *     the operand
     */
    static Map<String, Value> scatter(TensorRead operand, TensorRead indices, TensorRead updates, ScatterConfig c) {
        Map<String, Value> result = new HashMap<>();
        int[] uwd = c.updateWindowDims();
        int ivd = c.indexVectorDim();
        long[] scatterShape = new long[updates.rank() - uwd.length];
        long[] windowShape = new long[uwd.length];
        for (int a = 0, s = 0, w = 0; a < updates.rank(); a++) {
            if (contains(uwd, a)) {
                windowShape[w++] = updates.dim(a);
            } else {
                scatterShape[s++] = updates.dim(a);
            }
        }
        int[] notWindowDims = new int[operand.rank()];
        int[] windowOperandDim = new int[uwd.length];
        for (int d = 0, w = 0; d < operand.rank(); d++) {
            if (contains(c.insertedWindowDims(), d) || contains(c.inputBatchingDims(), d)) {
                notWindowDims[d] = 1;
            } else {
                windowOperandDim[w++] = d;
            }
        }
        int[] map = c.scatterDimsToOperandDims();
        BinaryOp combine = c.mode() == ScatterMode.REPLACE ? null : c.mode() == ScatterMode.ADD ? BinaryOp.ADD
                : c.mode() == ScatterMode.MUL ? BinaryOp.MUL : c.mode() == ScatterMode.MAX ? BinaryOp.MAXIMUM
                        : BinaryOp.MINIMUM;
        DType dtype = operand.dtype();
        Operands.forEachIndex(scatterShape, s -> {
            long[] start = startVector(indices, ivd, s, map.length);
            long[] base = new long[operand.rank()];
            for (int k = 0; k < map.length; k++) {
                int d = map[k];
                long extent = 1;
                for (int w = 0; w < uwd.length; w++) {
                    if (windowOperandDim[w] == d) {
                        extent = windowShape[w];
                    }
                }
                if (start[k] < 0 || start[k] > operand.dim(d) - extent) {
                    return; // the whole window is skipped
                }
                base[d] += start[k];
            }
            int[] ib = c.inputBatchingDims();
            int[] sb = c.scatterIndicesBatchingDims();
            for (int i = 0; i < ib.length; i++) {
                base[ib[i]] += s[sb[i] - (sb[i] < ivd ? 0 : 1)];
            }
            Operands.forEachIndex(windowShape, w -> {
                long[] target = base.clone();
                long[] u = new long[updates.rank()];
                for (int a = 0, si = 0, wi = 0; a < u.length; a++) {
                    u[a] = contains(uwd, a) ? w[wi++] : s[si++];
                }
                for (int j = 0; j < w.length; j++) {
                    target[windowOperandDim[j]] += w[j];
                }
                String key = Reference.at(target);
                Value current = result.containsKey(key) ? result.get(key) : Reference.read(operand, target);
                Value update = Reference.read(updates, u);
                result.put(key, combine == null ? update : Reference.binary(combine, dtype, current, update));
            });
        });
        return result;
    }
}
