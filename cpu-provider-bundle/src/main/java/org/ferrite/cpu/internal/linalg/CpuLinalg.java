package org.ferrite.cpu.internal.linalg;

import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.cpu.LinalgRoute;
import org.ferrite.cpu.internal.linalg.LinalgOp.Tier;
import org.ferrite.cpu.internal.linalg.TriangularKernels.LeftSystem;
import org.ferrite.cpu.internal.linalg.option.Diagonal;
import org.ferrite.cpu.internal.linalg.option.SvdJob;
import org.ferrite.cpu.internal.linalg.option.Transpose;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.ferrite.linalg.EighOptions;
import org.ferrite.linalg.LinalgKernels;
import org.ferrite.linalg.LinalgShapes;
import org.ferrite.linalg.PhaseGauge;
import org.ferrite.linalg.QrOptions;
import org.ferrite.linalg.Side;
import org.ferrite.linalg.TriangularSolveOptions;

/**
 * The CPU provider's {@link LinalgKernels}: each hook checks that its session view is live on the
 * calling thread (through {@link Context#linalgWorkspace()}), validates with {@link LinalgShapes} and the
 * per-call rules (host placement; no output overlapping an input or another output, except an
 * in-place solve's {@code x == b}), picks the tier of the call ({@link LinalgOp#tier}: the backend's
 * {@link LinalgRoute} and the matrices' order), and runs the tier's kernels over the batch with the
 * session's {@link LinalgWorkspace}. A held {@code solve} into a caller's output allocates nothing.
 *
 * <p>Confined to the thread of the session view it belongs to; valid during that view's callbacks.
 * Lifetime: one per session view (views are reused, and so is this).
 */
public final class CpuLinalg implements LinalgKernels {
    /** What the kernels need from their session. */
    public interface Context {
        /**
         * @return the session's linear-algebra workspace
         * @throws org.ferrite.api.error.RuntimeStateException if the view is not live on this thread
         */
        LinalgWorkspace linalgWorkspace();

        /** @return the backend's linear-algebra route */
        LinalgRoute linalgRoute();
    }

    private final Context context;

    /** @param context the session view the kernels run in */
    public CpuLinalg(Context context) {
        this.context = context;
    }

    private Tier tier(LinalgOp op, TensorRead a) {
        int order = (int) Math.max(a.dim(0), a.dim(1));
        return op.tier(context.linalgRoute(), order, LinalgShapes.batchCount(a), LinalgWorkspace.nativeAvailable());
    }

    @Override
    public void svd(TensorRead a, org.ferrite.linalg.SvdJob job, PhaseGauge gauge, TensorWrite s, TensorWrite u,
            TensorWrite vh) {
        LinalgWorkspace ws = context.linalgWorkspace();
        LinalgShapes.checkSvd(a, job, s, u, vh);
        String op = "svd";
        requireHost(op, "a", a);
        output(op, s, a, null);
        output(op, u, a, s);
        output(op, vh, a, s);
        if (u != null) {
            OperandChecks.requireNoAlias(op, vh, u, "u");
        }
        SvdKernels.run(ws, tier(LinalgOp.SVD, a), a, SvdJob.of(job), gauge, s, u, vh);
    }

    @Override
    public void qr(TensorRead a, QrOptions options, TensorWrite q, TensorWrite r) {
        LinalgWorkspace ws = context.linalgWorkspace();
        LinalgShapes.checkQr(a, options, q, r);
        String op = "qr";
        requireHost(op, "a", a);
        output(op, q, a, null);
        output(op, r, a, q);
        QrKernels.run(ws, tier(LinalgOp.QR, a), a, options.complete(), options.positiveDiagonal(), q, r);
    }

    @Override
    public void lu(TensorRead a, TensorWrite lu, TensorWrite pivots, TensorWrite permutation) {
        LinalgWorkspace ws = context.linalgWorkspace();
        LinalgShapes.checkLu(a, lu, pivots, permutation);
        String op = "lu";
        requireHost(op, "a", a);
        output(op, lu, a, null);
        output(op, pivots, a, lu);
        if (permutation != null) {
            output(op, permutation, a, lu);
            OperandChecks.requireNoAlias(op, permutation, pivots, "pivots");
        }
        LuKernels.lu(ws, tier(LinalgOp.LU, a), a, lu, pivots, permutation);
    }

    @Override
    public void solve(TensorRead a, TensorRead b, org.ferrite.linalg.Transpose transpose, TensorWrite x) {
        LinalgWorkspace ws = context.linalgWorkspace();
        LinalgShapes.checkSolve(a, b, x);
        String op = "solve";
        requireHost(op, "a", a);
        requireHost(op, "b", b);
        output(op, x, a, null);
        OperandChecks.requireNoPartialAlias(op, x, b, "b");
        LuKernels.solve(ws, tier(LinalgOp.SOLVE, a), a, b, Transpose.of(transpose), x);
    }

    @Override
    public void cholesky(TensorRead a, org.ferrite.linalg.Triangle triangle, TensorWrite factor) {
        LinalgWorkspace ws = context.linalgWorkspace();
        LinalgShapes.checkCholesky(a, factor);
        String op = "cholesky";
        requireHost(op, "a", a);
        output(op, factor, a, null);
        CholeskyKernels.run(ws, tier(LinalgOp.CHOLESKY, a), a, Triangle.of(triangle), factor);
    }

    @Override
    public void eigh(TensorRead a, EighOptions options, TensorWrite values, TensorWrite vectors) {
        LinalgWorkspace ws = context.linalgWorkspace();
        LinalgShapes.checkEigh(a, values, vectors);
        String op = "eigh";
        requireHost(op, "a", a);
        output(op, values, a, null);
        if (vectors != null) {
            output(op, vectors, a, values);
        }
        EighKernels.run(ws, tier(LinalgOp.EIGH, a), a, Triangle.of(options.triangle()),
                options.gauge() == PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE, values, vectors);
    }

    @Override
    public void eig(TensorRead a, PhaseGauge gauge, TensorWrite values, TensorWrite vectors) {
        LinalgWorkspace ws = context.linalgWorkspace();
        LinalgShapes.checkEig(a, values, vectors);
        String op = "eig";
        requireHost(op, "a", a);
        output(op, values, a, null);
        if (vectors != null) {
            output(op, vectors, a, values);
        }
        EigKernels.run(ws, tier(LinalgOp.EIG, a), a, gauge == PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE, values,
                vectors);
    }

    @Override
    public void triangularSolve(TensorRead a, TensorRead b, TriangularSolveOptions options, TensorWrite x) {
        LinalgWorkspace ws = context.linalgWorkspace();
        LinalgShapes.checkTriangularSolve(a, b, options, x);
        String op = "triangularSolve";
        requireHost(op, "a", a);
        requireHost(op, "b", b);
        output(op, x, a, null);
        OperandChecks.requireNoPartialAlias(op, x, b, "b");
        boolean right = options.side() == Side.RIGHT;
        Transpose requested = Transpose.of(options.transpose());
        // X·A = B ⇔ Aᵀ·Xᵀ = Bᵀ; X·Aᵀ = B ⇔ A·Xᵀ = Bᵀ; X·Aᴴ = B ⇔ A·Xᴴ = Bᴴ
        Transpose kernel = !right ? requested : requested == Transpose.NONE ? Transpose.TRANSPOSE : Transpose.NONE;
        LeftSystem system = LeftSystem.of(Triangle.of(options.triangle()), kernel, Diagonal.of(options.unitDiagonal()));
        TriangularKernels.run(ws, tier(LinalgOp.TRIANGULAR_SOLVE, a), a, b, right, system,
                right && requested == Transpose.CONJUGATE_TRANSPOSE, x);
    }

    private static void requireHost(String op, String argument, TensorRead t) {
        OperandChecks.requirePlacement(op, argument, t, Placement.HOST);
    }

    /** An output on the host, disjoint from the input and from an earlier output (when given). */
    private static void output(String op, TensorWrite out, TensorRead input, TensorWrite earlier) {
        if (out == null) {
            return;
        }
        OperandChecks.requirePlacement(op, "out", out, Placement.HOST);
        OperandChecks.requireNoAlias(op, out, input, "a");
        if (earlier != null) {
            OperandChecks.requireNoAlias(op, out, earlier, "another output");
        }
    }
}
