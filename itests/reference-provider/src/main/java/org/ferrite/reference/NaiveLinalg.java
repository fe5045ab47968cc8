package org.ferrite.reference;

import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.linalg.EighOptions;
import org.ferrite.linalg.LinalgFailure;
import org.ferrite.linalg.LinalgKernels;
import org.ferrite.linalg.LinalgShapes;
import org.ferrite.linalg.PhaseGauge;
import org.ferrite.linalg.QrOptions;
import org.ferrite.linalg.Side;
import org.ferrite.linalg.SvdJob;
import org.ferrite.linalg.Transpose;
import org.ferrite.linalg.Triangle;
import org.ferrite.linalg.TriangularSolveOptions;

/**
 * The reference provider's {@link LinalgKernels}: every hook validated with {@link LinalgShapes} and
 * the API's per-call checks, then one batch member at a time read through the public element
 * accessors into a {@link NaiveMatrix}, decomposed by textbook code ({@link NaiveFactorizations},
 * {@link NaiveSpectral}, {@link NaiveGeneralEigen}) in complex double arithmetic, gauged, and written
 * back. The first failing member fails the call. Slow on purpose; it exists so the conformance suite
 * has a second, independent implementation to run on.
 *
 * <p>Confined to the thread of the session view that returned it, and valid during that view's
 * callback (it checks the view at every hook). Lifetime: one per view.
 */
final class NaiveLinalg implements LinalgKernels {
    private final ReferenceSession session;

    NaiveLinalg(ReferenceSession session) {
        this.session = session;
    }

    @Override
    public void svd(TensorRead a, SvdJob job, org.ferrite.linalg.PhaseGauge gauge, TensorWrite s, TensorWrite u,
            TensorWrite vh) {
        String op = "svd";
        session.enterKernel(op);
        LinalgShapes.checkSvd(a, job, s, u, vh);
        checkCall(op, new TensorRead[] {a}, s, u, vh);
        int m = (int) a.dim(0);
        int n = (int) a.dim(1);
        for (long member = 0; member < LinalgShapes.batchCount(a); member++) {
            NaiveMatrix x = NaiveMatrix.read(a, false, member);
            boolean wide = m < n;
            NaiveSpectral.SvdResult f = NaiveSpectral.svdTall(wide ? x.adjoint() : x);
            if (f == null) {
                throw LinalgFailure.noConvergence(op, a, member, Math.max(1, Math.min(m, n)));
            }
            NaiveMatrix values = new NaiveMatrix(f.s().length, 1);
            for (int j = 0; j < f.s().length; j++) {
                values.set(j, 0, f.s()[j], 0);
            }
            values.write(s, true, member);
            if (job == SvdJob.VALUES) {
                continue;
            }
            NaiveMatrix tall = f.u();
            if (job == SvdJob.FULL) {
                tall = completed(tall);
            }
            NaiveMatrix left = wide ? f.v() : tall;
            NaiveMatrix right = wide ? tall : f.v();
            if (gauge == PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE) {
                gaugePairs(left, right, Math.min(m, n));
            }
            left.write(u, false, member);
            right.adjoint().write(vh, false, member);
        }
    }

    /** @return {@code u} extended by orthonormal columns to a square unitary matrix */
    private static NaiveMatrix completed(NaiveMatrix u) {
        NaiveMatrix full = new NaiveMatrix(u.rows, u.rows);
        System.arraycopy(u.re, 0, full.re, 0, u.re.length);
        System.arraycopy(u.im, 0, full.im, 0, u.im.length);
        for (int j = u.cols; j < u.rows; j++) {
            NaiveSpectral.completeColumn(full, j);
        }
        return full;
    }

    /**
     * The SVD gauge on {@code U} and {@code V} ({@code Vᴴ}'s rows are V's conjugated columns): the first
     * {@code k} columns of U gauged and V's columns multiplied by the same factor, the remaining columns
     * of each gauged on their own.
     */
    private static void gaugePairs(NaiveMatrix u, NaiveMatrix v, int k) {
        for (int j = 0; j < u.cols; j++) {
            double[] c = u.gaugeOfColumn(j);
            u.scaleColumn(j, c[0], c[1]);
            if (j < k) {
                v.scaleColumn(j, c[0], c[1]);
            }
        }
        for (int j = k; j < v.cols; j++) {
            gaugeColumn(v, j);
        }
    }

    private static void gaugeColumn(NaiveMatrix v, int j) {
        double[] c = v.gaugeOfColumn(j);
        v.scaleColumn(j, c[0], c[1]);
    }

    @Override
    public void qr(TensorRead a, QrOptions options, TensorWrite q, TensorWrite r) {
        String op = "qr";
        session.enterKernel(op);
        LinalgShapes.checkQr(a, options, q, r);
        checkCall(op, new TensorRead[] {a}, q, r);
        int m = (int) a.dim(0);
        int n = (int) a.dim(1);
        for (long member = 0; member < LinalgShapes.batchCount(a); member++) {
            NaiveFactorizations.QrResult f = NaiveFactorizations.qr(NaiveMatrix.read(a, false, member));
            if (options.positiveDiagonal()) {
                for (int j = 0; j < Math.min(m, n); j++) {
                    double d = Math.hypot(f.r().re(j, j), f.r().im(j, j));
                    if (d > 0) {
                        double pr = f.r().re(j, j) / d;
                        double pi = f.r().im(j, j) / d;
                        f.q().scaleColumn(j, pr, pi);
                        f.r().scaleRow(j, pr, -pi);
                    }
                }
            }
            f.q().block(m, (int) options.qColumns(m, n)).write(q, false, member);
            f.r().block((int) options.rRows(m, n), n).write(r, false, member);
        }
    }

    @Override
    public void lu(TensorRead a, TensorWrite lu, TensorWrite pivots, TensorWrite permutation) {
        String op = "lu";
        session.enterKernel(op);
        LinalgShapes.checkLu(a, lu, pivots, permutation);
        checkCall(op, new TensorRead[] {a}, lu, pivots, permutation);
        int m = (int) a.dim(0);
        for (long member = 0; member < LinalgShapes.batchCount(a); member++) {
            NaiveFactorizations.LuResult f = NaiveFactorizations.lu(NaiveMatrix.read(a, false, member));
            f.lu().write(lu, false, member);
            int[] order = new int[m];
            for (int i = 0; i < m; i++) {
                order[i] = i;
            }
            NaiveMatrix pivotColumn = new NaiveMatrix(f.pivots().length, 1);
            for (int i = 0; i < f.pivots().length; i++) {
                pivotColumn.set(i, 0, f.pivots()[i], 0);
                int t = order[i];
                order[i] = order[f.pivots()[i]];
                order[f.pivots()[i]] = t;
            }
            pivotColumn.write(pivots, true, member);
            if (permutation != null) {
                NaiveMatrix orderColumn = new NaiveMatrix(m, 1);
                for (int i = 0; i < m; i++) {
                    orderColumn.set(i, 0, order[i], 0);
                }
                orderColumn.write(permutation, true, member);
            }
        }
    }

    @Override
    public void solve(TensorRead a, TensorRead b, Transpose transpose, TensorWrite x) {
        String op = "solve";
        session.enterKernel(op);
        LinalgShapes.checkSolve(a, b, x);
        checkCall(op, new TensorRead[] {a}, x);
        checkPlacement(op, "b", b);
        OperandChecks.requireNoPartialAlias(op, x, b, "b");
        boolean vector = b.rank() == a.rank() - 1;
        for (long member = 0; member < LinalgShapes.batchCount(a); member++) {
            NaiveFactorizations.LuResult f = NaiveFactorizations.lu(NaiveMatrix.read(a, false, member));
            if (f.info() != 0) {
                throw LinalgFailure.singular(op, a, member, f.info());
            }
            NaiveFactorizations.luSolve(f, NaiveMatrix.read(b, vector, member), transpose).write(x, vector, member);
        }
    }

    @Override
    public void cholesky(TensorRead a, Triangle triangle, TensorWrite factor) {
        String op = "cholesky";
        session.enterKernel(op);
        LinalgShapes.checkCholesky(a, factor);
        checkCall(op, new TensorRead[] {a}, factor);
        for (long member = 0; member < LinalgShapes.batchCount(a); member++) {
            NaiveFactorizations.CholeskyResult f = NaiveFactorizations.cholesky(NaiveMatrix.read(a, false, member),
                    triangle);
            if (f.info() != 0) {
                throw LinalgFailure.notPositiveDefinite(op, a, member, f.info());
            }
            f.factor().write(factor, false, member);
        }
    }

    @Override
    public void eigh(TensorRead a, EighOptions options, TensorWrite values, TensorWrite vectors) {
        String op = "eigh";
        session.enterKernel(op);
        LinalgShapes.checkEigh(a, values, vectors);
        checkCall(op, new TensorRead[] {a}, values, vectors);
        int n = (int) a.dim(0);
        for (long member = 0; member < LinalgShapes.batchCount(a); member++) {
            NaiveSpectral.EighResult e = NaiveSpectral.eigh(hermitian(NaiveMatrix.read(a, false, member),
                    options.triangle()));
            if (e.values() == null) {
                throw LinalgFailure.noConvergence(op, a, member, Math.max(1, n));
            }
            NaiveMatrix w = new NaiveMatrix(n, 1);
            for (int i = 0; i < n; i++) {
                w.set(i, 0, e.values()[i], 0);
            }
            w.write(values, true, member);
            if (vectors != null) {
                if (options.gauge() == PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE) {
                    for (int j = 0; j < n; j++) {
                        gaugeColumn(e.vectors(), j);
                    }
                }
                e.vectors().write(vectors, false, member);
            }
        }
    }

    /** @return the Hermitian matrix the given triangle of {@code a} defines (diagonal made real) */
    private static NaiveMatrix hermitian(NaiveMatrix a, Triangle triangle) {
        int n = a.rows;
        NaiveMatrix h = new NaiveMatrix(n, n);
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                boolean stored = triangle == Triangle.LOWER ? i >= j : i <= j;
                if (i == j) {
                    h.set(i, i, a.re(i, i), 0);
                } else if (stored) {
                    h.set(i, j, a.re(i, j), a.im(i, j));
                    h.set(j, i, a.re(i, j), -a.im(i, j));
                }
            }
        }
        return h;
    }

    @Override
    public void eig(TensorRead a, PhaseGauge gauge, TensorWrite values, TensorWrite vectors) {
        String op = "eig";
        session.enterKernel(op);
        LinalgShapes.checkEig(a, values, vectors);
        checkCall(op, new TensorRead[] {a}, values, vectors);
        int n = (int) a.dim(0);
        for (long member = 0; member < LinalgShapes.batchCount(a); member++) {
            NaiveGeneralEigen.EigResult e = NaiveGeneralEigen.eig(NaiveMatrix.read(a, false, member),
                    !a.dtype().isComplex());
            if (e.valuesRe() == null) {
                throw LinalgFailure.noConvergence(op, a, member, Math.max(1, n));
            }
            NaiveMatrix w = new NaiveMatrix(n, 1);
            for (int i = 0; i < n; i++) {
                w.set(i, 0, e.valuesRe()[i], e.valuesIm()[i]);
            }
            w.write(values, true, member);
            if (vectors != null) {
                if (gauge == PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE) {
                    for (int j = 0; j < n; j++) {
                        gaugeColumn(e.vectors(), j);
                    }
                }
                e.vectors().write(vectors, false, member);
            }
        }
    }

    @Override
    public void triangularSolve(TensorRead a, TensorRead b, TriangularSolveOptions options, TensorWrite x) {
        String op = "triangularSolve";
        session.enterKernel(op);
        LinalgShapes.checkTriangularSolve(a, b, options, x);
        checkCall(op, new TensorRead[] {a}, x);
        checkPlacement(op, "b", b);
        OperandChecks.requireNoPartialAlias(op, x, b, "b");
        boolean vector = b.rank() == a.rank() - 1;
        boolean lower = options.triangle() == Triangle.LOWER;
        boolean right = options.side() == Side.RIGHT;
        for (long member = 0; member < LinalgShapes.batchCount(a); member++) {
            NaiveMatrix t = triangle(NaiveMatrix.read(a, false, member), options);
            for (int i = 0; i < t.rows; i++) {
                if (t.re(i, i) == 0 && t.im(i, i) == 0) {
                    throw LinalgFailure.singularTriangle(op, a, member, i + 1);
                }
            }
            boolean opLower = lower ^ (options.transpose() != Transpose.NONE);
            NaiveMatrix m = options.transpose() == Transpose.NONE ? t
                    : t.transpose(options.transpose() == Transpose.CONJUGATE_TRANSPOSE);
            NaiveMatrix rhs = NaiveMatrix.read(b, vector, member);
            NaiveMatrix solution;
            if (!right) {
                solution = NaiveFactorizations.substitute(m, rhs, opLower);
            } else {
                // X·M = B  ⇔  Mᵀ·Xᵀ = Bᵀ; a vector b is already the column Bᵀ
                NaiveMatrix y = NaiveFactorizations.substitute(m.transpose(false), vector ? rhs : rhs.transpose(false),
                        !opLower);
                solution = vector ? y : y.transpose(false);
            }
            solution.write(x, vector, member);
        }
    }

    /** @return the triangular matrix {@code options} reads from {@code a} (other triangle zero, unit diagonal set) */
    private static NaiveMatrix triangle(NaiveMatrix a, TriangularSolveOptions options) {
        int n = a.rows;
        NaiveMatrix t = new NaiveMatrix(n, n);
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                boolean stored = options.triangle() == Triangle.LOWER ? i >= j : i <= j;
                if (i == j && options.unitDiagonal()) {
                    t.set(i, i, 1, 0);
                } else if (stored) {
                    t.set(i, j, a.re(i, j), a.im(i, j));
                }
            }
        }
        return t;
    }

    /** Placement of every operand and the aliasing rule between outputs and inputs and among outputs. */
    private static void checkCall(String op, TensorRead[] inputs, TensorWrite... outputs) {
        for (TensorRead input : inputs) {
            checkPlacement(op, "a", input);
        }
        for (int o = 0; o < outputs.length; o++) {
            if (outputs[o] == null) {
                continue;
            }
            checkPlacement(op, "out", outputs[o]);
            for (TensorRead input : inputs) {
                OperandChecks.requireNoAlias(op, outputs[o], input, "a");
            }
            for (int p = o + 1; p < outputs.length; p++) {
                if (outputs[p] != null) {
                    OperandChecks.requireNoAlias(op, outputs[o], outputs[p], "another output");
                }
            }
        }
    }

    private static void checkPlacement(String op, String argument, TensorRead t) {
        OperandChecks.requirePlacement(op, argument, t, Placement.HOST);
    }
}
