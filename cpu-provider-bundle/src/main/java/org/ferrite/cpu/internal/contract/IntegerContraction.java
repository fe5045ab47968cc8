package org.ferrite.cpu.internal.contract;

import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.kernel.KernelChecks;

/**
 * {@code dotGeneralAccumulate} for I32 and I64, in exact integer arithmetic:
 * {@code out[l, r, b] = alpha · Σ_c lhs[l, c, b] · rhs[r, c, b] + beta · out[l, r, b]} with every product
 * and sum in wrapping 64-bit two's complement, so the result is exact modulo 2<sup>64</sup> and, stored to
 * I32, modulo 2<sup>32</sup> — NumPy's {@code matmul} of {@code int64}/{@code int32} arrays, wrap-around
 * included. Output axes {@code [lhs free…, rhs free…, batch…]}. Reads {@code lhs} and {@code rhs} (not
 * when {@code alpha == 0}) and {@code out} only when {@code beta != 0}; writes every element of
 * {@code out}, which must not overlap the operands.
 *
 * <p>Validation before the first write: the whole shared check ({@link DotGeneralShapes#checkAccumulate}:
 * dtypes, axes, extents, output, host placement, aliasing, integer alpha and beta) and the operands'
 * {@code int} index space. The loops run over offset tables of the four axis roles (rows, columns,
 * contracted, batch), each simplified by {@link AxisGroup}; no plan is cached, and each call allocates
 * those tables (one {@code int} per row, column, contracted and batch position). Serial: the integer
 * route does not use the session's workers.
 *
 * <p>Thread-safe (stateless); it has no instances and holds no resources.
 */
final class IntegerContraction {
    private static final String OP = "dotGeneral";

    private IntegerContraction() {
    }

    /**
     * @param lhs left operand, I32 or I64
     * @param rhs right operand, same dtype
     * @param config the contraction
     * @param acc alpha and beta, integers (conjugation flags are ignored)
     * @param out the output, shape {@link DotGeneralShapes#outputShape}
     */
    static void accumulate(TensorRead lhs, TensorRead rhs, DotGeneralConfig config, Accumulation acc,
            TensorWrite out) {
        DotGeneralShapes.checkAccumulate(Placement.HOST, lhs, rhs, config, acc, out);
        KernelChecks.requireIndexSpace(OP, "lhs", lhs);
        KernelChecks.requireIndexSpace(OP, "rhs", rhs);
        Roles roles = new Roles(lhs, rhs, config, out);
        long alpha = (long) acc.alphaRe();
        long beta = (long) acc.betaRe();
        if (lhs.dtype() == DType.I64) {
            roles.run((long[]) lhs.storage(), (int) lhs.offset(), (long[]) rhs.storage(), (int) rhs.offset(),
                    (long[]) out.storage(), (int) out.offset(), alpha, beta);
        } else {
            roles.run((int[]) lhs.storage(), (int) lhs.offset(), (int[]) rhs.storage(), (int) rhs.offset(),
                    (int[]) out.storage(), (int) out.offset(), alpha, beta);
        }
    }

    /** The element offsets of every position of each axis role, per tensor that traverses it. */
    private static final class Roles {
        final int[] rowsLhs;
        final int[] rowsOut;
        final int[] colsRhs;
        final int[] colsOut;
        final int[] innerLhs;
        final int[] innerRhs;
        final int[] batchLhs;
        final int[] batchRhs;
        final int[] batchOut;

        Roles(TensorRead lhs, TensorRead rhs, DotGeneralConfig c, TensorRead out) {
            int lhsFree = lhs.rank() - c.contractingCount() - c.batchCount();
            int rhsFree = rhs.rank() - c.contractingCount() - c.batchCount();
            int[][] rows = new int[4][lhsFree];
            int[][] cols = new int[4][rhsFree];
            int[][] inner = new int[4][c.contractingCount()];
            int[][] batch = new int[4][c.batchCount()];
            for (int a = 0, k = 0; a < lhs.rank(); a++) {
                if (DotGeneralShapes.isFree(a, c, true)) {
                    set(rows, k, lhs.dim(a), lhs.stride(a), 0, out.stride(k));
                    k++;
                }
            }
            for (int a = 0, k = 0; a < rhs.rank(); a++) {
                if (DotGeneralShapes.isFree(a, c, false)) {
                    set(cols, k, rhs.dim(a), 0, rhs.stride(a), out.stride(lhsFree + k));
                    k++;
                }
            }
            for (int p = 0; p < c.contractingCount(); p++) {
                int l = c.lhsContracting(p);
                set(inner, p, lhs.dim(l), lhs.stride(l), rhs.stride(c.rhsContracting(p)), 0);
            }
            for (int b = 0; b < c.batchCount(); b++) {
                int l = c.lhsBatch(b);
                set(batch, b, lhs.dim(l), lhs.stride(l), rhs.stride(c.rhsBatch(b)),
                        out.stride(lhsFree + rhsFree + b));
            }
            AxisGroup r = group(rows, 3);
            AxisGroup n = group(cols, 3);
            AxisGroup k = group(inner, 1);
            AxisGroup bt = group(batch, 3);
            rowsLhs = offsets(r, r.lhs);
            rowsOut = offsets(r, r.out);
            colsRhs = offsets(n, n.rhs);
            colsOut = offsets(n, n.out);
            innerLhs = offsets(k, k.lhs);
            innerRhs = offsets(k, k.rhs);
            batchLhs = offsets(bt, bt.lhs);
            batchRhs = offsets(bt, bt.rhs);
            batchOut = offsets(bt, bt.out);
        }

        /**
         * Narrows one axis to int (the index spaces were checked; a stride of an extent-1 axis may not
         * fit, but AxisGroup drops such axes unread).
         */
        private static void set(int[][] role, int at, long extent, long lhs, long rhs, long out) {
            role[0][at] = (int) extent;
            role[1][at] = extent == 1 ? 0 : (int) lhs;
            role[2][at] = extent == 1 ? 0 : (int) rhs;
            role[3][at] = extent == 1 ? 0 : (int) out;
        }

        private static AxisGroup group(int[][] role, int orderBy) {
            return AxisGroup.of(role[0], role[1], role[2], role[3], role[orderBy]);
        }

        private static int[] offsets(AxisGroup g, int[] strides) {
            int[] table = new int[g.size()];
            int[] index = new int[g.dims()];
            int offset = 0;
            for (int i = 0; i < table.length; i++) {
                table[i] = offset;
                offset += Odometer.step(index, g.extents, strides, 0);
            }
            return table;
        }

        void run(long[] a, int ao, long[] b, int bo, long[] o, int oo, long alpha, long beta) {
            for (int t = 0; t < batchOut.length; t++) {
                for (int j = 0; j < colsOut.length; j++) {
                    int bj = bo + batchRhs[t] + colsRhs[j];
                    int oj = oo + batchOut[t] + colsOut[j];
                    for (int i = 0; i < rowsOut.length; i++) {
                        int ai = ao + batchLhs[t] + rowsLhs[i];
                        long sum = 0;
                        if (alpha != 0) {
                            for (int p = 0; p < innerLhs.length; p++) {
                                sum += a[ai + innerLhs[p]] * b[bj + innerRhs[p]];
                            }
                        }
                        int at = oj + rowsOut[i];
                        o[at] = beta == 0 ? alpha * sum : alpha * sum + beta * o[at];
                    }
                }
            }
        }

        void run(int[] a, int ao, int[] b, int bo, int[] o, int oo, long alpha, long beta) {
            for (int t = 0; t < batchOut.length; t++) {
                for (int j = 0; j < colsOut.length; j++) {
                    int bj = bo + batchRhs[t] + colsRhs[j];
                    int oj = oo + batchOut[t] + colsOut[j];
                    for (int i = 0; i < rowsOut.length; i++) {
                        int ai = ao + batchLhs[t] + rowsLhs[i];
                        long sum = 0;
                        if (alpha != 0) {
                            for (int p = 0; p < innerLhs.length; p++) {
                                sum += (long) a[ai + innerLhs[p]] * b[bj + innerRhs[p]];
                            }
                        }
                        int at = oj + rowsOut[i];
                        o[at] = (int) (beta == 0 ? alpha * sum : alpha * sum + beta * o[at]);
                    }
                }
            }
        }
    }
}
