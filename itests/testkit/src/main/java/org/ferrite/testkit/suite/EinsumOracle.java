package org.ferrite.testkit.suite;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.testkit.oracle.Indices;
import org.ferrite.testkit.oracle.Layout;
import org.ferrite.testkit.oracle.Oracle;

/**
 * The einsum suite's oracle, independent of the implementation: it evaluates an
 * {@link EinsumCases.Case} by nested loops over every label — {@code out[o] = Σ Π_k operand_k[labels]},
 * extent-1 axes broadcasting, a repeated output label writing only its diagonal — in {@code double}
 * complex arithmetic for floating results, wrapping {@code long} arithmetic for integers, and/or for
 * BOOL; and the norm of a real matrix product state by transfer matrices.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class EinsumOracle {
    private EinsumOracle() {
    }

    /** @return each label's extent: the non-1 extent its axes agree on, else 1; -1 for unused ids */
    static long[] sizes(EinsumCases.Case c) {
        int max = 0;
        for (int[] labels : c.axisLabels) {
            for (int l : labels) {
                max = Math.max(max, l + 1);
            }
        }
        long[] sizes = new long[max];
        Arrays.fill(sizes, -1);
        for (int k = 0; k < c.axisLabels.length; k++) {
            for (int a = 0; a < c.axisLabels[k].length; a++) {
                int l = c.axisLabels[k][a];
                if (sizes[l] < 0 || sizes[l] == 1) {
                    sizes[l] = c.operands[k].dim(a);
                }
            }
        }
        return sizes;
    }

    /**
     * The oracle.
     *
     * @param c the case
     * @return {@code einsum(c.operands)} by nested loops over every label, of {@link EinsumCases.Case#result}
     */
    public static Tensor evaluate(EinsumCases.Case c) {
        long[] sizes = sizes(c);
        long[] outShape = new long[c.outputLabels.length];
        for (int a = 0; a < outShape.length; a++) {
            outShape[a] = sizes[c.outputLabels[a]];
        }
        Tensor out = Tensor.zeros(c.result, outShape);
        int count = (int) Math.max(1, out.size());
        double[] re = new double[count];
        double[] im = new double[count];
        long[] ints = new long[count];
        boolean[] any = new boolean[count];
        long[] loop = new long[sizes.length];
        for (int l = 0; l < sizes.length; l++) {
            loop[l] = Math.max(sizes[l], sizes[l] < 0 ? 1 : 0);
        }
        Indices.forEach(loop, idx -> accumulate(c, idx, outShape, re, im, ints, any));
        Indices.forEach(outShape, o -> {
            int slot = (int) linear(o, outShape);
            for (int a = 0; a < o.length; a++) {
                for (int b = 0; b < o.length; b++) {
                    if (c.outputLabels[a] == c.outputLabels[b] && o[a] != o[b]) {
                        return; // off the diagonal of a repeated output label: stays zero
                    }
                }
            }
            write(out, o, c.result, re[slot], im[slot], ints[slot], any[slot]);
        });
        return out;
    }

    private static void accumulate(EinsumCases.Case c, long[] idx, long[] outShape, double[] re, double[] im,
            long[] ints, boolean[] any) {
        long[] o = new long[c.outputLabels.length];
        for (int a = 0; a < o.length; a++) {
            o[a] = idx[c.outputLabels[a]];
        }
        int slot = (int) linear(o, outShape);
        double pr = 1;
        double pi = 0;
        long pl = 1;
        boolean pb = true;
        for (int k = 0; k < c.operands.length; k++) {
            Tensor t = c.operands[k];
            long[] at = new long[t.rank()];
            for (int a = 0; a < at.length; a++) {
                at[a] = t.dim(a) == 1 ? 0 : idx[c.axisLabels[k][a]];
            }
            Oracle.Value v = Oracle.read(t, at);
            double nr = pr * v.re() - pi * v.im();
            pi = pr * v.im() + pi * v.re();
            pr = nr;
            pl *= t.dtype().isBool() ? (v.b() ? 1 : 0) : v.l();
            pb &= t.dtype().isBool() ? v.b() : v.l() != 0;
        }
        re[slot] += pr;
        im[slot] += pi;
        ints[slot] += pl;
        any[slot] |= pb;
    }

    private static void write(Tensor out, long[] o, DType d, double re, double im, long l, boolean b) {
        switch (d) {
            case BOOL:
                out.setBoolean(b, o);
                break;
            case I32:
                out.setLong((int) l, o);
                break;
            case I64:
                out.setLong(l, o);
                break;
            case I8:
                out.setLong((byte) l, o);
                break;
            case U8:
                out.setLong(l & 0xFF, o);
                break;
            case C64:
            case C128:
                out.setComplex(re, im, o);
                break;
            default:
                out.set(re, o);
        }
    }

    private static long linear(long[] index, long[] shape) {
        long offset = 0;
        long stride = 1;
        for (int a = 0; a < index.length; a++) {
            offset += index[a] * stride;
            stride *= shape[a];
        }
        return offset;
    }

    /**
     * A copy of {@code host} on the session's placement with the same layout (strides and offset): the
     * backing array is transferred and the view rebuilt over the device storage. The host view itself on a
     * host session.
     *
     * @param s the session
     * @param host a host tensor or view
     * @return the view on {@code s.placement()}
     */
    public static TensorView onSession(BackendSession s, TensorView host) {
        if (s.placement().isHost()) {
            return host;
        }
        long capacity = Array.getLength(host.storage()) / host.dtype().scalarsPerElement();
        Tensor device = s.to(Tensor.wrap(host.dtype(), host.storage(), capacity), s.placement());
        return TensorView.of(host.dtype(), device.storage(), host.shape(), host.strides(), host.offset());
    }


    /** @return the sublist of MPS site {@code k}: physical label k, bond labels from {@code bonds} */
    static int[] mpsTerm(int k, int sites, int bonds) {
        if (k == 0) {
            return new int[] {0, bonds};
        }
        return k == sites - 1 ? new int[] {bonds + k - 1, k} : new int[] {bonds + k - 1, k, bonds + k};
    }

    /** {@code <ψ|ψ>} by transfer matrices {@code E ← Σ_s A[s]ᵀ E A[s]} (real, so no conjugates). */
    static double mpsNorm(Tensor[] ops, int sites, int bond, int physical) {
        double[][] e = new double[bond][bond];
        for (int b = 0; b < bond; b++) {
            for (int c = 0; c < bond; c++) {
                for (int p = 0; p < physical; p++) {
                    e[b][c] += ops[0].getDouble(p, b) * ops[0].getDouble(p, c);
                }
            }
        }
        for (int k = 1; k < sites; k++) {
            boolean last = k == sites - 1;
            int out = last ? 1 : bond;
            double[][] next = new double[out][out];
            for (int b2 = 0; b2 < out; b2++) {
                for (int c2 = 0; c2 < out; c2++) {
                    for (int b = 0; b < bond; b++) {
                        for (int c = 0; c < bond; c++) {
                            for (int p = 0; p < physical; p++) {
                                double x = last ? ops[k].getDouble(b, p) : ops[k].getDouble(b, p, b2);
                                double y = last ? ops[k].getDouble(c, p) : ops[k].getDouble(c, p, c2);
                                next[b2][c2] += e[b][c] * x * y;
                            }
                        }
                    }
                }
            }
            e = next;
        }
        return e[0][0];
    }

    /**
     * @param s the session
     * @param host host operands
     * @param layouts picks each operand's {@link Layout}
     * @return copies on the session's placement, each in a random layout
     */
    static TensorRead[] onSession(BackendSession s, Tensor[] host, SplittableRandom layouts) {
        Layout[] all = Layout.values();
        TensorRead[] out = new TensorRead[host.length];
        for (int k = 0; k < host.length; k++) {
            out[k] = onSession(s, all[layouts.nextInt(all.length)].of(host[k]));
        }
        return out;
    }
}
