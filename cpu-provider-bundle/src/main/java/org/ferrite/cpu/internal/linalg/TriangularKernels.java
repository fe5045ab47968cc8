package org.ferrite.cpu.internal.linalg;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.internal.linalg.LinalgOp.Tier;
import org.ferrite.cpu.internal.linalg.batch.MemberCursor;
import org.ferrite.cpu.internal.linalg.dense.DenseTriangularSolve;
import org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace;
import org.ferrite.cpu.internal.linalg.lapack.TriangularSolve;
import org.ferrite.cpu.internal.linalg.option.Diagonal;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.ferrite.cpu.internal.linalg.small.SmallTriangular;
import org.ferrite.linalg.LinalgFailure;
import org.ferrite.linalg.LinalgShapes;

/**
 * Triangular solves of every member on the chosen tier. The kernels solve from the left only; a
 * right-side system becomes a left one on the transposed right-hand side: {@code X·A = B ⇔
 * Aᵀ·Xᵀ = Bᵀ}, {@code X·Aᵀ = B ⇔ A·Xᵀ = Bᵀ}, {@code X·Aᴴ = B ⇔ A·Xᴴ = Bᴴ} — B packed transposed
 * (conjugated for the last) into a buffer, solved there, and X unpacked the same way. Thread-safe
 * (stateless).
 */
final class TriangularKernels {
    private TriangularKernels() {
    }

    /**
     * A left-side system to solve: the triangle, the operator and the diagonal of the kernel call.
     *
     * @param triangle the triangle read
     * @param transpose the operator
     * @param diagonal unit or not
     */
    record LeftSystem(Triangle triangle, Transpose transpose, Diagonal diagonal) {
        private static final LeftSystem[] ALL = new LeftSystem[12];

        static {
            for (Triangle t : Triangle.values()) {
                for (Transpose op : Transpose.values()) {
                    for (Diagonal d : Diagonal.values()) {
                        ALL[index(t, op, d)] = new LeftSystem(t, op, d);
                    }
                }
            }
        }

        /** @return the shared instance (no allocation per call) */
        static LeftSystem of(Triangle triangle, Transpose transpose, Diagonal diagonal) {
            return ALL[index(triangle, transpose, diagonal)];
        }

        private static int index(Triangle t, Transpose op, Diagonal d) {
            return (t.ordinal() * 3 + op.ordinal()) * 2 + d.ordinal();
        }
    }

    static void run(LinalgWorkspace ws, Tier tier, TensorRead a, TensorRead b, boolean right, LeftSystem left,
            boolean conjugateRhs, TensorWrite x) {
        int n = (int) a.dim(0);
        boolean vector = b.rank() == a.rank() - 1;
        int nrhs = vector ? 1 : (int) b.dim(right ? 0 : 1);
        long members = LinalgShapes.batchCount(a);
        if (members == 0 || n == 0 || nrhs == 0) {
            return;
        }
        if (tier == Tier.SMALL) {
            SmallTriangular.run(ws.small, a, b, right, left.triangle(), left.transpose(), left.diagonal(), conjugateRhs,
                    x);
            return;
        }
        MemberMatrix in = ws.a.reset(a, false, n, n, true);
        MemberMatrix rhs = ws.b.reset(b, vector, right && !vector ? nrhs : n, right && !vector ? n : nrhs, true);
        MemberMatrix out = ws.first.reset(x, vector, right && !vector ? nrhs : n, right && !vector ? n : nrhs, true);
        boolean single = a.dtype() == org.ferrite.api.tensor.DType.F32 || a.dtype() == org.ferrite.api.tensor.DType.C64;
        Object buffer = right ? ws.buffer(single, a.dtype().scalarsPerElement() * n * nrhs) : null;
        for (long member = 0; member < members; member++) {
            in.load();
            int info;
            if (!right) {
                if (tier == Tier.NATIVE) {
                    rhs.load();
                    info = lapack(ws.lapack(), a, left, n, nrhs, in, rhs.array, rhs.offset, rhs.ld, out.array,
                            out.offset, out.ld);
                } else {
                    out.loadFrom(rhs.cursor());
                    info = dense(ws, a, left, n, nrhs, in, out.array, out.offset, out.ld);
                }
            } else {
                transposeRhs(rhs.cursor(), vector, n, nrhs, buffer, conjugateRhs, true);
                info = tier == Tier.NATIVE ? lapack(ws.lapack(), a, left, n, nrhs, in, buffer, 0, n, buffer, 0, n)
                        : dense(ws, a, left, n, nrhs, in, buffer, 0, n);
            }
            if (info != 0) {
                throw LinalgFailure.singularTriangle("triangularSolve", a, member, info);
            }
            if (right) {
                transposeRhs(out.cursor(), vector, n, nrhs, buffer, conjugateRhs, false);
            } else {
                out.store();
            }
            in.next();
            rhs.next();
            out.next();
        }
    }

    /** Between the {@code nrhs × n} member (or an {@code n} vector) and its {@code n × nrhs} transpose. */
    private static void transposeRhs(MemberCursor member, boolean vector, int n, int nrhs, Object buffer,
            boolean conjugate, boolean gather) {
        if (vector) {
            Packing.conjugated(member, n, 1, buffer, 0, n, conjugate, gather);
        } else {
            Packing.transposed(member, nrhs, n, buffer, 0, n, conjugate, gather);
        }
    }

    private static int lapack(LapackWorkspace l, TensorRead a, LeftSystem s, int n, int nrhs, MemberMatrix in, Object b,
            int bOff, int ldb, Object x, int xOff, int ldx) {
        switch (a.dtype()) {
            case F64:
                return TriangularSolve.f64(l, s.triangle(), s.transpose(), s.diagonal(), n, nrhs, (double[]) in.array,
                        in.offset, in.ld, (double[]) b, bOff, ldb, (double[]) x, xOff, ldx);
            case C128:
                return TriangularSolve.c128(l, s.triangle(), s.transpose(), s.diagonal(), n, nrhs, (double[]) in.array,
                        in.offset, in.ld, (double[]) b, bOff, ldb, (double[]) x, xOff, ldx);
            case F32:
                return TriangularSolve.f32(l, s.triangle(), s.transpose(), s.diagonal(), n, nrhs, (float[]) in.array,
                        in.offset, in.ld, (float[]) b, bOff, ldb, (float[]) x, xOff, ldx);
            default:
                return TriangularSolve.c64(l, s.triangle(), s.transpose(), s.diagonal(), n, nrhs, (float[]) in.array,
                        in.offset, in.ld, (float[]) b, bOff, ldb, (float[]) x, xOff, ldx);
        }
    }

    /** The dense kernel, in place on {@code x}. */
    private static int dense(LinalgWorkspace ws, TensorRead a, LeftSystem s, int n, int nrhs, MemberMatrix in, Object x,
            int xOff, int ldx) {
        switch (a.dtype()) {
            case F64:
                return DenseTriangularSolve.dtrtrs(s.triangle(), s.transpose(), s.diagonal(), n, nrhs,
                        (double[]) in.array, in.offset, in.ld, (double[]) x, xOff, ldx);
            case C128:
                return DenseTriangularSolve.ztrtrs(s.triangle(), s.transpose(), s.diagonal(), n, nrhs,
                        (double[]) in.array, in.offset, in.ld, (double[]) x, xOff, ldx);
            case F32:
                return DenseTriangularSolve.strtrs(s.triangle(), s.transpose(), s.diagonal(), n, nrhs,
                        (float[]) in.array, in.offset, in.ld, (float[]) x, xOff, ldx, ws.dense);
            default:
                return DenseTriangularSolve.ctrtrs(s.triangle(), s.transpose(), s.diagonal(), n, nrhs,
                        (float[]) in.array, in.offset, in.ld, (float[]) x, xOff, ldx, ws.dense);
        }
    }
}
