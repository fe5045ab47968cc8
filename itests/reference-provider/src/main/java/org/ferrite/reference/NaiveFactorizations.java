package org.ferrite.reference;

import org.ferrite.linalg.Transpose;
import org.ferrite.linalg.Triangle;

/**
 * The reference provider's direct factorisations, textbook and unblocked, in complex arithmetic for
 * every dtype: Householder QR with an explicitly accumulated Q, LU with partial pivoting, Cholesky,
 * and triangular substitution. Slow on purpose and short enough to check by reading. Thread-safe
 * (stateless).
 */
final class NaiveFactorizations {
    private NaiveFactorizations() {
    }

    /** A QR factorisation: {@code q} is {@code m × m} unitary, {@code r} is {@code m × n}. */
    record QrResult(NaiveMatrix q, NaiveMatrix r) {
    }

    /**
     * Householder QR with Hermitian reflectors {@code H = I − 2·v·vᴴ/(vᴴ·v)}, {@code v = x + e^{iθ}·‖x‖·e₁}
     * for the column {@code x} below the diagonal and {@code θ} the phase of {@code x₀}, so
     * {@code R[j, j] = −e^{iθ}·‖x‖}; {@code Q = H₀·H₁·…} accumulated explicitly.
     */
    static QrResult qr(NaiveMatrix a) {
        int m = a.rows;
        int n = a.cols;
        NaiveMatrix r = a.copy();
        NaiveMatrix q = NaiveMatrix.identity(m);
        for (int j = 0; j < Math.min(m, n); j++) {
            double norm = 0;
            for (int i = j; i < m; i++) {
                norm += r.re(i, j) * r.re(i, j) + r.im(i, j) * r.im(i, j);
            }
            norm = Math.sqrt(norm);
            if (norm == 0) {
                continue;
            }
            double alpha = Math.hypot(r.re(j, j), r.im(j, j));
            double pr = alpha == 0 ? 1 : r.re(j, j) / alpha;
            double pi = alpha == 0 ? 0 : r.im(j, j) / alpha;
            double[] vr = new double[m];
            double[] vi = new double[m];
            for (int i = j; i < m; i++) {
                vr[i] = r.re(i, j);
                vi[i] = r.im(i, j);
            }
            vr[j] += pr * norm;
            vi[j] += pi * norm;
            double vv = 0;
            for (int i = j; i < m; i++) {
                vv += vr[i] * vr[i] + vi[i] * vi[i];
            }
            reflectRows(r, vr, vi, vv, j);
            reflectColumns(q, vr, vi, vv, j);
            for (int i = j + 1; i < m; i++) {
                r.set(i, j, 0, 0);
            }
        }
        return new QrResult(q, r);
    }

    /** {@code A ← H·A} on rows {@code from…}: {@code A −= 2·v·(vᴴ·A)/vv}. */
    private static void reflectRows(NaiveMatrix a, double[] vr, double[] vi, double vv, int from) {
        for (int c = 0; c < a.cols; c++) {
            double sr = 0;
            double si = 0;
            for (int i = from; i < a.rows; i++) {
                sr += vr[i] * a.re(i, c) + vi[i] * a.im(i, c);
                si += vr[i] * a.im(i, c) - vi[i] * a.re(i, c);
            }
            sr *= 2 / vv;
            si *= 2 / vv;
            for (int i = from; i < a.rows; i++) {
                a.set(i, c, a.re(i, c) - (vr[i] * sr - vi[i] * si), a.im(i, c) - (vr[i] * si + vi[i] * sr));
            }
        }
    }

    /** {@code Q ← Q·H} on columns {@code from…}: {@code Q −= 2·(Q·v)·vᴴ/vv}. */
    private static void reflectColumns(NaiveMatrix q, double[] vr, double[] vi, double vv, int from) {
        for (int row = 0; row < q.rows; row++) {
            double sr = 0;
            double si = 0;
            for (int i = from; i < q.cols; i++) {
                sr += q.re(row, i) * vr[i] - q.im(row, i) * vi[i];
                si += q.re(row, i) * vi[i] + q.im(row, i) * vr[i];
            }
            sr *= 2 / vv;
            si *= 2 / vv;
            for (int i = from; i < q.cols; i++) {
                q.set(row, i, q.re(row, i) - (sr * vr[i] + si * vi[i]), q.im(row, i) - (si * vr[i] - sr * vi[i]));
            }
        }
    }

    /** An LU factorisation: packed factors, 0-based interchanges, and LAPACK's info. */
    record LuResult(NaiveMatrix lu, int[] pivots, int info) {
    }

    /** Right-looking LU with partial pivoting by {@code |re| + |im|} (first largest), as {@code ?getf2}. */
    static LuResult lu(NaiveMatrix a) {
        NaiveMatrix lu = a.copy();
        int m = lu.rows;
        int n = lu.cols;
        int[] pivots = new int[Math.min(m, n)];
        int info = 0;
        for (int j = 0; j < pivots.length; j++) {
            int p = j;
            for (int i = j + 1; i < m; i++) {
                if (cabs1(lu, i, j) > cabs1(lu, p, j)) {
                    p = i;
                }
            }
            pivots[j] = p;
            if (p != j) {
                for (int c = 0; c < n; c++) {
                    double r = lu.re(j, c);
                    double im = lu.im(j, c);
                    lu.set(j, c, lu.re(p, c), lu.im(p, c));
                    lu.set(p, c, r, im);
                }
            }
            double dr = lu.re(j, j);
            double di = lu.im(j, j);
            if (dr == 0 && di == 0) {
                info = info == 0 ? j + 1 : info;
                continue;
            }
            double d2 = dr * dr + di * di;
            for (int i = j + 1; i < m; i++) {
                double lr = (lu.re(i, j) * dr + lu.im(i, j) * di) / d2;
                double li = (lu.im(i, j) * dr - lu.re(i, j) * di) / d2;
                lu.set(i, j, lr, li);
                for (int c = j + 1; c < n; c++) {
                    lu.set(i, c, lu.re(i, c) - (lr * lu.re(j, c) - li * lu.im(j, c)),
                            lu.im(i, c) - (lr * lu.im(j, c) + li * lu.re(j, c)));
                }
            }
        }
        return new LuResult(lu, pivots, info);
    }

    private static double cabs1(NaiveMatrix a, int i, int j) {
        return Math.abs(a.re(i, j)) + Math.abs(a.im(i, j));
    }

    /**
     * Solves {@code op(A)·X = B} with the LU factors of square A.
     *
     * @return X
     */
    static NaiveMatrix luSolve(LuResult f, NaiveMatrix b, Transpose op) {
        NaiveMatrix x = b.copy();
        int n = f.lu().rows;
        NaiveMatrix lower = new NaiveMatrix(n, n);
        NaiveMatrix upper = new NaiveMatrix(n, n);
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                if (i > j) {
                    lower.set(i, j, f.lu().re(i, j), f.lu().im(i, j));
                } else {
                    upper.set(i, j, f.lu().re(i, j), f.lu().im(i, j));
                }
            }
            lower.set(j, j, 1, 0);
        }
        if (op == Transpose.NONE) {
            for (int i = 0; i < n; i++) {
                swapRows(x, i, f.pivots()[i]);
            }
            x = substitute(lower, x, true);
            return substitute(upper, x, false);
        }
        boolean conjugate = op == Transpose.CONJUGATE_TRANSPOSE;
        x = substitute(upper.transpose(conjugate), x, true);
        x = substitute(lower.transpose(conjugate), x, false);
        for (int i = n - 1; i >= 0; i--) {
            swapRows(x, i, f.pivots()[i]);
        }
        return x;
    }

    private static void swapRows(NaiveMatrix x, int i, int p) {
        for (int c = 0; c < x.cols; c++) {
            double r = x.re(i, c);
            double m = x.im(i, c);
            x.set(i, c, x.re(p, c), x.im(p, c));
            x.set(p, c, r, m);
        }
    }

    /**
     * Forward ({@code lower}) or back substitution with a triangular {@code t}; entries of the other
     * triangle are ignored.
     *
     * @return the solution of {@code t·X = B}
     */
    static NaiveMatrix substitute(NaiveMatrix t, NaiveMatrix b, boolean lower) {
        int n = t.rows;
        NaiveMatrix x = b.copy();
        for (int c = 0; c < x.cols; c++) {
            for (int step = 0; step < n; step++) {
                int i = lower ? step : n - 1 - step;
                double sr = x.re(i, c);
                double si = x.im(i, c);
                int from = lower ? 0 : i + 1;
                int to = lower ? i : n;
                for (int l = from; l < to; l++) {
                    sr -= t.re(i, l) * x.re(l, c) - t.im(i, l) * x.im(l, c);
                    si -= t.re(i, l) * x.im(l, c) + t.im(i, l) * x.re(l, c);
                }
                double dr = t.re(i, i);
                double di = t.im(i, i);
                double d2 = dr * dr + di * di;
                x.set(i, c, (sr * dr + si * di) / d2, (si * dr - sr * di) / d2);
            }
        }
        return x;
    }

    /** A Cholesky factor (full matrix, zeros in the other triangle) and LAPACK's info. */
    record CholeskyResult(NaiveMatrix factor, int info) {
    }

    /**
     * {@code A = L·Lᴴ} from A's lower triangle, or {@code A = Uᴴ·U} from its upper one (as
     * {@code U = Lᴴ} of the Hermitian matrix that triangle defines).
     */
    static CholeskyResult cholesky(NaiveMatrix a, Triangle triangle) {
        int n = a.rows;
        NaiveMatrix h = new NaiveMatrix(n, n);
        for (int j = 0; j < n; j++) {
            for (int i = j; i < n; i++) {
                if (triangle == Triangle.LOWER) {
                    h.set(i, j, a.re(i, j), i == j ? 0 : a.im(i, j));
                } else {
                    h.set(i, j, a.re(j, i), i == j ? 0 : -a.im(j, i));
                }
            }
        }
        NaiveMatrix l = new NaiveMatrix(n, n);
        for (int j = 0; j < n; j++) {
            double d = h.re(j, j);
            for (int k = 0; k < j; k++) {
                d -= l.re(j, k) * l.re(j, k) + l.im(j, k) * l.im(j, k);
            }
            if (!(d > 0)) {
                return new CholeskyResult(null, j + 1);
            }
            double root = Math.sqrt(d);
            l.set(j, j, root, 0);
            for (int i = j + 1; i < n; i++) {
                double sr = h.re(i, j);
                double si = h.im(i, j);
                for (int k = 0; k < j; k++) { // s -= L[i, k]·conj(L[j, k])
                    sr -= l.re(i, k) * l.re(j, k) + l.im(i, k) * l.im(j, k);
                    si -= l.im(i, k) * l.re(j, k) - l.re(i, k) * l.im(j, k);
                }
                l.set(i, j, sr / root, si / root);
            }
        }
        return new CholeskyResult(triangle == Triangle.LOWER ? l : l.adjoint(), 0);
    }
}
