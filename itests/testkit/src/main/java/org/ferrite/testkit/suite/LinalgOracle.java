package org.ferrite.testkit.suite;

import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.linalg.LinalgShapes;
import org.ferrite.testkit.oracle.HostMatrix;
import org.ferrite.testkit.oracle.Layout;
import org.ferrite.testkit.oracle.Values;
import org.ferrite.testkit.oracle.Values.Domain;
import org.opentest4j.AssertionFailedError;

/**
 * What the linear-algebra conformance suite checks results with: random batches of matrices (general,
 * Hermitian, positive definite) in every layout, per-member matrices read through the public accessors
 * ({@link HostMatrix}), named tolerances per dtype scaled by the order, and a seeded case loop that
 * names the failing case. Thread-safe (stateless). Lifetime: static helpers only.
 */
final class LinalgOracle {
    /** The dtypes linear algebra is defined for. */
    static final DType[] FLOATING = {DType.F32, DType.F64, DType.C64, DType.C128};

    private LinalgOracle() {
    }

    /**
     * One random problem: a dtype, extents, batch axes and an input layout.
     *
     * @param dtype the dtype
     * @param seed the seed of its values
     * @param m rows
     * @param n columns
     * @param batch the batch extents
     * @param layout the layout the input is passed in
     */
    record Case(DType dtype, long seed, long m, long n, long[] batch, Layout layout) {
        /** @return {@code [m, n, batch…]} */
        long[] shape() {
            return shapeOf(m, n);
        }

        /**
         * @param rows the first extent
         * @param cols the second extent
         * @return {@code [rows, cols, batch…]}
         */
        long[] shapeOf(long rows, long cols) {
            long[] shape = new long[batch.length + 2];
            shape[0] = rows;
            shape[1] = cols;
            System.arraycopy(batch, 0, shape, 2, batch.length);
            return shape;
        }

        @Override
        public String toString() {
            return dtype + " " + m + "×" + n + " batch " + java.util.Arrays.toString(batch) + " " + layout + " seed "
                    + seed;
        }
    }

    /**
     * Runs {@code check} on {@code count} random cases of every floating dtype; a failure names its case.
     *
     * @param seed the base seed
     * @param count cases per dtype
     * @param maxOrder the largest {@code m} and {@code n}
     * @param square whether {@code m = n}
     * @param check the property
     */
    static void forEachCase(long seed, int count, int maxOrder, boolean square, Consumer<Case> check) {
        for (DType d : FLOATING) {
            for (int i = 0; i < count; i++) {
                SplittableRandom rnd = new SplittableRandom(seed * 1_000_003L + 31L * d.ordinal() + i);
                long m = rnd.nextInt(1, maxOrder + 1);
                long n = square ? m : rnd.nextInt(1, maxOrder + 1);
                long[] batch = new long[i % 3];
                for (int a = 0; a < batch.length; a++) {
                    batch[a] = rnd.nextInt(1, 3);
                }
                Case c = new Case(d, rnd.nextLong(), m, n, batch, Layout.values()[i % Layout.values().length]);
                try {
                    check.accept(c);
                } catch (AssertionError | RuntimeException e) {
                    AssertionFailedError failure = new AssertionFailedError("case " + c + ": " + e.getMessage());
                    failure.initCause(e);
                    throw failure;
                }
            }
        }
    }

    /** @return uniform entries in [-1, 1), {@code shape} */
    static Tensor random(DType d, long seed, long... shape) {
        return Values.random(d, seed, Domain.ANY, shape);
    }

    /** @return random Hermitian members {@code (X + Xᴴ)/2}, {@code [n, n, batch…]} */
    static Tensor hermitian(Case c) {
        Tensor x = random(c.dtype(), c.seed(), c.shapeOf(c.m(), c.m()));
        Tensor h = Tensor.zeros(c.dtype(), x.shape());
        for (long member = 0; member < LinalgShapes.batchCount(x); member++) {
            HostMatrix a = HostMatrix.read(x, false, member);
            HostMatrix sum = sum(a, a.adjoint(), 0.5);
            sum.write(h, false, member);
        }
        return h;
    }

    /** @return random Hermitian positive definite members {@code X·Xᴴ + n·I} */
    static Tensor positiveDefinite(Case c) {
        Tensor x = random(c.dtype(), c.seed(), c.shapeOf(c.m(), c.m()));
        Tensor p = Tensor.zeros(c.dtype(), x.shape());
        for (long member = 0; member < LinalgShapes.batchCount(x); member++) {
            HostMatrix a = HostMatrix.read(x, false, member);
            HostMatrix g = a.times(a.adjoint());
            for (int i = 0; i < g.rows(); i++) {
                g.set(i, i, g.re(i, i) + c.m(), 0);
            }
            g.write(p, false, member);
        }
        return p;
    }

    /** @return {@code (a + b)·scale} */
    static HostMatrix sum(HostMatrix a, HostMatrix b, double scale) {
        HostMatrix s = new HostMatrix(a.rows(), a.cols());
        for (int j = 0; j < a.cols(); j++) {
            for (int i = 0; i < a.rows(); i++) {
                s.set(i, j, (a.re(i, j) + b.re(i, j)) * scale, (a.im(i, j) + b.im(i, j)) * scale);
            }
        }
        return s;
    }

    /**
     * @param s the session
     * @param values the operand's contents, on the host
     * @param layout the layout wanted
     * @return the operand where the session computes: in {@code layout} on a host session, else
     *     transferred compact
     */
    static TensorRead operand(BackendSession s, Tensor values, Layout layout) {
        return s.placement().isHost() ? layout.of(values) : s.to(values, s.placement());
    }

    /** @return member {@code member} of a matrix tensor, read on the host */
    static HostMatrix matrix(BackendSession s, TensorRead t, long member) {
        return HostMatrix.read(host(s, t), false, member);
    }

    /** @return member {@code member} of a vector tensor {@code [k, batch…]}, as a column */
    static HostMatrix vector(BackendSession s, TensorRead t, long member) {
        return HostMatrix.read(host(s, t), true, member);
    }

    private static TensorRead host(BackendSession s, TensorRead t) {
        return t.placement().isHost() ? t : s.toHost(t);
    }

    /** @return the diagonal matrix {@code rows × cols} with the column {@code d} on its diagonal */
    static HostMatrix diagonal(HostMatrix d, int rows, int cols) {
        HostMatrix m = new HostMatrix(rows, cols);
        for (int i = 0; i < d.rows(); i++) {
            m.set(i, i, d.re(i, 0), d.im(i, 0));
        }
        return m;
    }

    /**
     * @param d the dtype
     * @param order the matrix order
     * @return the relative tolerance of a backward-stable result of that size
     */
    static double tolerance(DType d, long order) {
        boolean single = d == DType.F32 || d == DType.C64;
        return (single ? 2e-5 : 1e-12) * Math.max(4, order);
    }

    /** Asserts {@code ‖got − want‖_F ≤ tol·(1 + ‖want‖_F)}. */
    static void assertClose(String what, HostMatrix got, HostMatrix want, double tol) {
        if (got.rows() != want.rows() || got.cols() != want.cols()) {
            throw new AssertionFailedError(what + ": got " + got.rows() + "×" + got.cols() + ", want " + want.rows()
                    + "×" + want.cols());
        }
        double error = got.distance(want);
        if (!(error <= tol * (1 + want.norm()))) {
            throw new AssertionFailedError(what + ": error " + error + " exceeds " + tol + "·(1 + " + want.norm() + ")");
        }
    }

    /** Asserts {@code qᴴ·q = I}. */
    static void assertOrthonormalColumns(String what, HostMatrix q, double tol) {
        assertClose(what + " (QᴴQ = I)", q.adjoint().times(q), HostMatrix.identity(q.cols()), tol);
    }
}
