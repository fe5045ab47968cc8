package org.ferrite.opencl.internal.session;

import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.spi.DotGeneralShapes;
import org.ferrite.api.tensor.DType;
import org.ferrite.opencl.internal.device.DeviceScope;
import org.jocl.CL;
import org.jocl.blast.CLBlast;
import org.jocl.blast.CLBlastLayout;
import org.jocl.blast.CLBlastTranspose;

/**
 * {@code dotGeneral} on CLBlast (through JOCLBlast, embedded): the contractions a (strided-batched) GEMM
 * expresses — one contracting axis, at most one free axis per operand and one batch axis, every matrix
 * addressable as row-major or transposed (unit stride on one axis, a leading dimension on the other), the
 * conjugation of an operand only where it is also transposed (CLBlast's conjugate-transpose flag). The
 * output may be either orientation: a column-major output is computed as its transpose, {@code Cᵀ = Bᵀ·Aᵀ}.
 * Anything else — and every product smaller than {@link #MIN_WORK} — returns false, and the provider's own
 * contraction kernel runs instead.
 *
 * <p>Element offsets go to CLBlast as its buffer offsets (tensors are never sub-buffers). With β = 0 a
 * compact output is zeroed first, so that no value already in it (a NaN of reused memory) reaches the
 * result; a strided output with β = 0 is left to the kernel.
 *
 * <p>If CLBlast cannot be loaded (no native library for this platform) the provider uses its kernel for
 * every contraction. Not thread-safe: confined to the session thread. Lifetime: static helpers only.
 */
public final class BlasGemm {
    /**
     * The smallest product {@code m·n·k} sent to CLBlast: below it a launch of the generated kernel costs less
     * than CLBlast's (which runs up to four kernels), and small contractions give the same bits whatever
     * the operands' layouts (one kernel for all of them).
     */
    static final long MIN_WORK = 32 * 32 * 32;
    private static final boolean LOADED = load();

    private BlasGemm() {
    }

    private static boolean load() {
        try {
            Class.forName(CLBlast.class.getName(), true, BlasGemm.class.getClassLoader());
            return true;
        } catch (LinkageError | ClassNotFoundException e) { // no JOCLBlast native library for this platform
            return false;
        }
    }

    /** @return true if CLBlast loaded in this JVM (its native library exists for this platform) */
    public static boolean available() {
        return LOADED;
    }

    /** A matrix as CLBlast sees it (row-major): transposed or not, its leading dimension. */
    private record Matrix(boolean transposed, long ld) {
        /** @return the view of a {@code rows × cols} matrix with these strides, or null if none fits */
        static Matrix of(long rows, long cols, long rowStride, long colStride) {
            if ((cols == 1 || colStride == 1) && (rows == 1 || rowStride >= cols)) {
                return new Matrix(false, rows == 1 ? Math.max(cols, 1) : rowStride);
            }
            if ((rows == 1 || rowStride == 1) && (cols == 1 || colStride >= rows)) {
                return new Matrix(true, cols == 1 ? Math.max(rows, 1) : colStride);
            }
            return null;
        }
    }

    /** One side of the product: its buffer, offset, extents, strides and conjugation. */
    private record Side(Operand t, long rows, long cols, long rowStride, long colStride, long batchStride,
            boolean conjugate) {
        Side transposed() {
            return new Side(t, cols, rows, colStride, rowStride, batchStride, conjugate);
        }
    }

    /**
     * Queues {@code out = α·Σ op(lhs)·op(rhs) + β·out} on CLBlast if it expresses the contraction.
     *
     * @return true if queued, false if the caller's kernel must run it
     */
    static boolean tryDot(DeviceScope scope, Operand lhs, Operand rhs, DotGeneralConfig c, Accumulation acc,
            Operand out) {
        DType d = out.dtype();
        boolean blasType = d == DType.F32 || d == DType.F64 || d == DType.C64 || d == DType.C128;
        if (!LOADED || !blasType || c.contractingCount() != 1 || c.batchCount() > 1) {
            return false;
        }
        int lFree = freeAxis(lhs, c, true);
        int rFree = freeAxis(rhs, c, false);
        if (lFree == -2 || rFree == -2) {
            return false;
        }
        long m = lFree < 0 ? 1 : lhs.shape()[lFree];
        long n = rFree < 0 ? 1 : rhs.shape()[rFree];
        long k = lhs.shape()[c.lhsContracting(0)];
        long batch = c.batchCount() == 0 ? 1 : lhs.shape()[c.lhsBatch(0)];
        if (m == 0 || n == 0 || batch == 0) {
            return true; // nothing to write
        }
        if (k == 0 || m * n < 2 || m * n * k < MIN_WORK) {
            return false; // β·out alone, a dot product, or a small product: the kernel
        }
        boolean complex = d == DType.C64 || d == DType.C128;
        int outM = lFree < 0 ? -1 : 0;
        int outN = rFree < 0 ? -1 : (lFree < 0 ? 0 : 1);
        int outB = c.batchCount() == 0 ? -1 : out.shape().length - 1;
        Side a = new Side(lhs, m, k, stride(lhs, lFree), lhs.strides()[c.lhsContracting(0)],
                c.batchCount() == 0 ? 0 : lhs.strides()[c.lhsBatch(0)], acc.conjugateLhs() && complex);
        Side b = new Side(rhs, k, n, rhs.strides()[c.rhsContracting(0)], stride(rhs, rFree),
                c.batchCount() == 0 ? 0 : rhs.strides()[c.rhsBatch(0)], acc.conjugateRhs() && complex);
        Side cc = new Side(out, m, n, stride(out, outM), stride(out, outN), outB < 0 ? 0 : out.strides()[outB], false);
        if (Matrix.of(cc.rows(), cc.cols(), cc.rowStride(), cc.colStride()) == null
                || Matrix.of(cc.rows(), cc.cols(), cc.rowStride(), cc.colStride()).transposed()) {
            Side t = a.transposed();
            a = b.transposed();
            b = t;
            cc = cc.transposed();
        }
        return gemm(scope, a, b, cc, batch, acc);
    }

    private static long stride(Operand t, int axis) {
        return axis < 0 ? 1 : t.strides()[axis];
    }

    /** @return the operand's one free axis, -1 if none, -2 if more than one */
    private static int freeAxis(Operand t, DotGeneralConfig c, boolean lhs) {
        int found = -1;
        for (int a = 0; a < t.shape().length; a++) {
            if (DotGeneralShapes.isFree(a, c, lhs)) {
                if (found >= 0) {
                    return -2;
                }
                found = a;
            }
        }
        return found;
    }

    private static boolean gemm(DeviceScope scope, Side a, Side b, Side cs, long batch, Accumulation acc) {
        Matrix ma = Matrix.of(a.rows(), a.cols(), a.rowStride(), a.colStride());
        Matrix mb = Matrix.of(b.rows(), b.cols(), b.rowStride(), b.colStride());
        Matrix mc = Matrix.of(cs.rows(), cs.cols(), cs.rowStride(), cs.colStride());
        if (ma == null || mb == null || mc == null || mc.transposed() || a.conjugate() && !ma.transposed()
                || b.conjugate() && !mb.transposed()) {
            return false;
        }
        boolean betaZero = acc.betaRe() == 0 && acc.betaIm() == 0;
        Operand out = cs.t();
        if (betaZero && !isDense(out)) {
            return false;
        }
        int bytes = out.dtype().byteSize();
        if (betaZero) {
            scope.check("dotGeneral", "clEnqueueFillBuffer", CL.clEnqueueFillBuffer(scope.queue(), out.memory(),
                    org.jocl.Pointer.to(new byte[] {0}), 1, out.base() * bytes, out.size() * bytes, 0, null, null));
        }
        int ta = flag(ma, a.conjugate());
        int tb = flag(mb, b.conjugate());
        long m = cs.rows();
        long n = cs.cols();
        long k = a.cols();
        int status = call(out.dtype(), ta, tb, m, n, k, acc, a, ma.ld(), b, mb.ld(), cs, mc.ld(), batch,
                scope.queue());
        scope.check("dotGeneral", "CLBlast GEMM", status);
        scope.afterLaunch("dotGeneral");
        return true;
    }

    /** @return true if the operand's elements are exactly {@code size()} consecutive elements (any axis order) */
    private static boolean isDense(Operand t) {
        long[] strides = new long[t.shape().length];
        int n = 0;
        for (int a = 0; a < t.shape().length; a++) {
            if (t.shape()[a] > 1) {
                strides[n++] = t.strides()[a];
            }
        }
        long[] sorted = java.util.Arrays.copyOf(strides, n);
        java.util.Arrays.sort(sorted);
        long expected = 1;
        for (long s : sorted) {
            if (s != expected) {
                return false;
            }
            expected *= extentOf(t, s);
        }
        return true;
    }

    private static long extentOf(Operand t, long stride) {
        for (int a = 0; a < t.shape().length; a++) {
            if (t.shape()[a] > 1 && t.strides()[a] == stride) {
                return t.shape()[a];
            }
        }
        return 1;
    }

    private static int flag(Matrix m, boolean conjugate) {
        if (!m.transposed()) {
            return CLBlastTranspose.CLBlastTransposeNo;
        }
        return conjugate ? CLBlastTranspose.CLBlastTransposeConjugate : CLBlastTranspose.CLBlastTransposeYes;
    }

    private static int call(DType d, int ta, int tb, long m, long n, long k, Accumulation acc, Side a, long lda,
            Side b, long ldb, Side c, long ldc, long batch, org.jocl.cl_command_queue q) {
        int row = CLBlastLayout.CLBlastLayoutRowMajor;
        Operand x = a.t();
        Operand y = b.t();
        Operand z = c.t();
        if (batch == 1) {
            return switch (d) {
                case F32 -> CLBlast.CLBlastSgemm(row, ta, tb, m, n, k, (float) acc.alphaRe(), x.memory(), x.base(), lda,
                        y.memory(), y.base(), ldb, (float) acc.betaRe(), z.memory(), z.base(), ldc, q, null);
                case F64 -> CLBlast.CLBlastDgemm(row, ta, tb, m, n, k, acc.alphaRe(), x.memory(), x.base(), lda,
                        y.memory(), y.base(), ldb, acc.betaRe(), z.memory(), z.base(), ldc, q, null);
                case C64 -> CLBlast.CLBlastCgemm(row, ta, tb, m, n, k, floats(acc.alphaRe(), acc.alphaIm()), x.memory(),
                        x.base(), lda, y.memory(), y.base(), ldb, floats(acc.betaRe(), acc.betaIm()), z.memory(),
                        z.base(), ldc, q, null);
                default -> CLBlast.CLBlastZgemm(row, ta, tb, m, n, k, new double[] {acc.alphaRe(), acc.alphaIm()},
                        x.memory(), x.base(), lda, y.memory(), y.base(), ldb, new double[] {acc.betaRe(), acc.betaIm()},
                        z.memory(), z.base(), ldc, q, null);
            };
        }
        return switch (d) {
            case F32 -> CLBlast.CLBlastSgemmStridedBatched(row, ta, tb, m, n, k, (float) acc.alphaRe(), x.memory(),
                    x.base(), lda, a.batchStride(), y.memory(), y.base(), ldb, b.batchStride(), (float) acc.betaRe(),
                    z.memory(), z.base(), ldc, c.batchStride(), batch, q, null);
            case F64 -> CLBlast.CLBlastDgemmStridedBatched(row, ta, tb, m, n, k, acc.alphaRe(), x.memory(), x.base(),
                    lda, a.batchStride(), y.memory(), y.base(), ldb, b.batchStride(), acc.betaRe(), z.memory(),
                    z.base(), ldc, c.batchStride(), batch, q, null);
            case C64 -> CLBlast.CLBlastCgemmStridedBatched(row, ta, tb, m, n, k, floats(acc.alphaRe(), acc.alphaIm()),
                    x.memory(), x.base(), lda, a.batchStride(), y.memory(), y.base(), ldb, b.batchStride(),
                    floats(acc.betaRe(), acc.betaIm()), z.memory(), z.base(), ldc, c.batchStride(), batch, q, null);
            default -> CLBlast.CLBlastZgemmStridedBatched(row, ta, tb, m, n, k,
                    new double[] {acc.alphaRe(), acc.alphaIm()}, x.memory(), x.base(), lda, a.batchStride(), y.memory(),
                    y.base(), ldb, b.batchStride(), new double[] {acc.betaRe(), acc.betaIm()}, z.memory(), z.base(),
                    ldc, c.batchStride(), batch, q, null);
        };
    }

    private static float[] floats(double re, double im) {
        return new float[] {(float) re, (float) im};
    }
}
