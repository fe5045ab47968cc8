package org.ferrite.cpu.internal.linalg.dense;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ferrite.cpu.internal.linalg.option.SvdJob;
import org.junit.jupiter.api.Test;

/**
 * {@link DenseSvd} for every dtype and job: reconstruction, orthonormality, ordering, the values-only
 * path, shapes 1…128 tall and wide with offsets and padded leading dimensions, structured and
 * degenerate matrices, and the info codes.
 */
class DenseSvdTest {
    /** Backward-error constant: {@code ‖A − U·S·Vᴴ‖ ≤ C·max(m, n)·eps·‖A‖}. */
    private static final double RECONSTRUCTION = 8;
    /** {@code ‖UᴴU − I‖ ≤ C·max(m, n)·eps}. */
    private static final double ORTHONORMALITY = 8;

    /** One call through the dtype's entry point. */
    static final class Result {
        int info;
        StoredMatrix s;
        StoredMatrix u;
        StoredMatrix vt;
    }

    static Result svd(Dtype t, SvdJob job, StoredMatrix a, int outOff, int pad, DenseWorkspace ws) {
        int m = a.rows;
        int n = a.cols;
        int k = Math.min(m, n);
        Result r = new Result();
        r.s = StoredMatrix.realVector(t, k, outOff);
        boolean vectors = job != SvdJob.VALUES;
        int uc = job.uColumns(m, n);
        int vr = job.vtRows(m, n);
        r.u = vectors ? StoredMatrix.output(t, m, uc, outOff, Math.max(1, m) + pad) : null;
        r.vt = vectors ? StoredMatrix.output(t, vr, n, outOff, Math.max(1, vr) + pad) : null;
        int uOff = vectors ? r.u.off : 0;
        int ldu = vectors ? r.u.ld : 1;
        int vtOff = vectors ? r.vt.off : 0;
        int ldvt = vectors ? r.vt.ld : 1;
        switch (t) {
            case F64:
                r.info = DenseSvd.dgesvd(job, m, n, a.doubles, a.off, a.ld, r.s.doubles, r.s.off,
                        vectors ? r.u.doubles : null, uOff, ldu, vectors ? r.vt.doubles : null, vtOff, ldvt, ws);
                break;
            case F32:
                r.info = DenseSvd.sgesvd(job, m, n, a.floats, a.off, a.ld, r.s.floats, r.s.off,
                        vectors ? r.u.floats : null, uOff, ldu, vectors ? r.vt.floats : null, vtOff, ldvt, ws);
                break;
            case C128:
                r.info = DenseSvd.zgesvd(job, m, n, a.doubles, a.off, a.ld, r.s.doubles, r.s.off,
                        vectors ? r.u.doubles : null, uOff, ldu, vectors ? r.vt.doubles : null, vtOff, ldvt, ws);
                break;
            default:
                r.info = DenseSvd.cgesvd(job, m, n, a.floats, a.off, a.ld, r.s.floats, r.s.off,
                        vectors ? r.u.floats : null, uOff, ldu, vectors ? r.vt.floats : null, vtOff, ldvt, ws);
                break;
        }
        return r;
    }

    /** Checks every property of one decomposition of {@code a}; returns a failure description or null. */
    static String check(Dtype t, SvdJob job, StoredMatrix a, Result r) {
        int m = a.rows;
        int n = a.cols;
        int k = Math.min(m, n);
        double eps = t.eps();
        ComplexMatrix am = a.read();
        double scale = Math.max(am.norm(), Double.MIN_NORMAL);
        if (r.info != 0) {
            return "info " + r.info;
        }
        double[] s = r.s.vector();
        for (int i = 0; i < k; i++) {
            if (!(s[i] >= 0) || i > 0 && s[i] > s[i - 1]) {
                return "singular values not descending/non-negative: " + java.util.Arrays.toString(s);
            }
        }
        if (!r.s.paddingIntact()) {
            return "S written outside its k entries";
        }
        if (job == SvdJob.VALUES) {
            return null;
        }
        if (!r.u.paddingIntact() || !r.vt.paddingIntact()) {
            return "U or Vᴴ written outside the matrix";
        }
        ComplexMatrix u = r.u.read();
        ComplexMatrix vt = r.vt.read();
        double orth = ORTHONORMALITY * Math.max(m, n) * eps;
        if (u.orthonormalityError() > orth) {
            return "UᴴU ≠ I: " + u.orthonormalityError();
        }
        if (vt.adjoint().orthonormalityError() > orth) {
            return "VᴴV ≠ I: " + vt.adjoint().orthonormalityError();
        }
        ComplexMatrix usv = u.columns(k).timesDiagonal(s).times(vt.topRows(k));
        double err = usv.minus(am).norm() / scale;
        if (err > RECONSTRUCTION * Math.max(m, n) * eps) {
            return "‖A − U·S·Vᴴ‖/‖A‖ = " + err;
        }
        if (!t.complex && (!u.isReal() || !vt.isReal())) {
            return "complex parts in a real result";
        }
        return null;
    }

    @Test
    void everyDtypeAndJobReconstructsRandomMatricesTallAndWide() {
        DenseWorkspace ws = new DenseWorkspace();
        int[] sizes = {1, 2, 3, 4, 5, 7, 8, 13, 16, 31, 40};
        for (int seed = 0; seed < 300; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Dtype t = Dtype.values()[seed % 4];
            SvdJob job = SvdJob.values()[(seed / 4) % 3];
            int m = sizes[rnd.nextInt(sizes.length)];
            int n = sizes[rnd.nextInt(sizes.length)];
            int off = rnd.nextInt(3);
            int pad = rnd.nextInt(3);
            StoredMatrix a = ComplexMatrix.random(m, n, t, rnd).store(t, off, m + pad);
            Object before = a.snapshot();
            Result r = svd(t, job, a, rnd.nextInt(3), rnd.nextInt(3), ws);
            String failure = check(t, job, a, r);
            assertThat(failure).as("seed %d: %s %s %dx%d", seed, t, job, m, n).isNull();
            assertThat(a.unchangedSince(before)).as("seed %d: A written", seed).isTrue();
        }
    }

    @Test
    void largeShapesUpTo128ReconstructForEveryDtype() {
        DenseWorkspace ws = new DenseWorkspace();
        int[][] shapes = {{128, 128}, {128, 37}, {37, 128}, {100, 99}, {64, 1}, {1, 64}};
        int seed = 0;
        for (int[] shape : shapes) {
            for (Dtype t : Dtype.values()) {
                seed++;
                SplittableRandom rnd = new SplittableRandom(seed);
                StoredMatrix a = ComplexMatrix.random(shape[0], shape[1], t, rnd).store(t, 1, shape[0] + 2);
                SvdJob job = seed % 2 == 0 ? SvdJob.FULL : SvdJob.THIN;
                String failure = check(t, job, a, svd(t, job, a, 2, 1, ws));
                assertThat(failure).as("seed %d: %s %s %dx%d", seed, t, job, shape[0], shape[1]).isNull();
            }
        }
    }

    @Test
    void valuesOnlyEqualTheValuesOfTheFullDecomposition() {
        DenseWorkspace ws = new DenseWorkspace();
        for (int seed = 0; seed < 60; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            Dtype t = Dtype.values()[seed % 4];
            int m = 1 + rnd.nextInt(30);
            int n = 1 + rnd.nextInt(30);
            StoredMatrix a = ComplexMatrix.random(m, n, t, rnd).store(t, 0, m);
            double[] values = svd(t, SvdJob.VALUES, a, 0, 0, ws).s.vector();
            double[] full = svd(t, SvdJob.FULL, a, 0, 0, ws).s.vector();
            double tol = 4 * Math.max(m, n) * t.eps() * Math.max(full[0], Double.MIN_NORMAL);
            for (int i = 0; i < values.length; i++) {
                assertThat(Math.abs(values[i] - full[i])).as("seed %d %s %dx%d σ%d", seed, t, m, n, i)
                        .isLessThanOrEqualTo(tol);
            }
        }
    }

    @Test
    void prescribedSingularValuesAreRecoveredIncludingRepeatedAndZero() {
        DenseWorkspace ws = new DenseWorkspace();
        double[][] spectra = {{3, 3, 3, 1, 1}, {1, 1e-3, 1e-6, 1e-9, 0}, {2, 2, 0, 0, 0}, {5, 4, 3, 2, 1},
            {1, 1, 1, 1, 1}};
        int seed = 0;
        for (double[] sigma : spectra) {
            for (Dtype t : Dtype.values()) {
                for (int[] shape : new int[][] {{5, 5}, {9, 5}, {5, 7}}) {
                    seed++;
                    SplittableRandom rnd = new SplittableRandom(seed);
                    ComplexMatrix exact = Matrices.withSingularValues(shape[0], shape[1], sigma, t, rnd);
                    StoredMatrix a = exact.store(t, 3, shape[0] + 1);
                    Result r = svd(t, SvdJob.FULL, a, 1, 2, ws);
                    assertThat(check(t, SvdJob.FULL, a, r)).as("seed %d %s", seed, t).isNull();
                    double[] s = r.s.vector();
                    for (int i = 0; i < sigma.length; i++) {
                        assertThat(Math.abs(s[i] - sigma[i])).as("seed %d %s σ%d", seed, t, i)
                                .isLessThanOrEqualTo(40 * t.eps() * sigma[0]);
                    }
                }
            }
        }
    }

    @Test
    void degenerateInputsDecomposeExactly() {
        DenseWorkspace ws = new DenseWorkspace();
        int seed = 0;
        for (Dtype t : Dtype.values()) {
            for (SvdJob job : SvdJob.values()) {
                seed++;
                SplittableRandom rnd = new SplittableRandom(seed);
                // zero, 1×1, diagonal with negative and unsorted entries, rank one, upper bidiagonal
                ComplexMatrix zero = new ComplexMatrix(6, 4);
                ComplexMatrix one = ComplexMatrix.random(1, 1, t, rnd);
                ComplexMatrix diagonal = new ComplexMatrix(4, 4);
                double[] entries = {-2, 5, 0, -0.5};
                for (int i = 0; i < 4; i++) {
                    diagonal.set(i, i, entries[i], 0);
                }
                ComplexMatrix rankOne = Matrices.lowRank(7, 5, 1, t, rnd);
                ComplexMatrix bidiagonal = new ComplexMatrix(5, 5);
                for (int i = 0; i < 5; i++) {
                    bidiagonal.set(i, i, i + 1, 0);
                    if (i < 4) {
                        bidiagonal.set(i, i + 1, 1, 0);
                    }
                }
                for (ComplexMatrix m : new ComplexMatrix[] {zero, one, diagonal, rankOne, bidiagonal}) {
                    StoredMatrix a = m.store(t, 1, m.rows + 1);
                    Result r = svd(t, job, a, 0, 1, ws);
                    assertThat(check(t, job, a, r)).as("%s %s %dx%d", t, job, m.rows, m.cols).isNull();
                }
                double[] s = svd(t, job, diagonal.store(t, 0, 4), 0, 0, ws).s.vector();
                assertThat(s).containsExactly(5, 2, 0.5, 0);
                assertThat(svd(t, job, zero.store(t, 0, 6), 0, 0, ws).s.vector()).containsOnly(0);
                double[] s1 = svd(t, job, one.store(t, 0, 1), 0, 0, ws).s.vector();
                assertThat(s1[0]).isCloseTo(one.abs(0, 0), org.assertj.core.data.Offset.offset(4 * t.eps()));
            }
        }
    }

    @Test
    void emptyMatricesSucceedAndFullFactorsAreIdentities() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : Dtype.values()) {
            for (int[] shape : new int[][] {{0, 3}, {3, 0}, {0, 0}}) {
                StoredMatrix a = new ComplexMatrix(shape[0], shape[1]).store(t, 0, Math.max(1, shape[0]));
                Result r = svd(t, SvdJob.FULL, a, 0, 0, ws);
                assertThat(r.info).isZero();
                assertThat(r.u.read().minus(ComplexMatrix.identity(shape[0], shape[0])).norm()).isZero();
                assertThat(r.vt.read().minus(ComplexMatrix.identity(shape[1], shape[1])).norm()).isZero();
                assertThat(svd(t, SvdJob.THIN, a, 0, 0, ws).info).isZero();
            }
        }
    }

    @Test
    void nonFiniteInputReturnsInfoKAndNaNOutputs() {
        DenseWorkspace ws = new DenseWorkspace();
        for (Dtype t : Dtype.values()) {
            for (double bad : new double[] {Double.NaN, Double.POSITIVE_INFINITY}) {
                ComplexMatrix m = ComplexMatrix.random(4, 3, t, new SplittableRandom(1));
                m.set(2, 1, bad, 0);
                Result r = svd(t, SvdJob.THIN, m.store(t, 0, 4), 0, 0, ws);
                assertThat(r.info).as("%s %s", t, bad).isEqualTo(3);
                assertThat(java.util.Arrays.stream(r.s.vector()).allMatch(Double::isNaN)).isTrue();
                assertThat(r.u.allNaN()).isTrue();
                assertThat(r.vt.allNaN()).isTrue();
            }
        }
    }

    @Test
    void complexKernelAgreesWithEjmlOnRealMatrices() {
        DenseWorkspace ws = new DenseWorkspace();
        for (int seed = 0; seed < 40; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            int m = 1 + rnd.nextInt(40);
            int n = 1 + rnd.nextInt(40);
            ComplexMatrix real = ComplexMatrix.random(m, n, Dtype.F64, rnd);
            double[] ejml = svd(Dtype.F64, SvdJob.VALUES, real.store(Dtype.F64, 0, m), 0, 0, ws).s.vector();
            double[] own = svd(Dtype.C128, SvdJob.VALUES, real.store(Dtype.C128, 0, m), 0, 0, ws).s.vector();
            double tol = 8 * Math.max(m, n) * Dtype.F64.eps() * ejml[0];
            for (int i = 0; i < ejml.length; i++) {
                assertThat(Math.abs(ejml[i] - own[i])).as("seed %d %dx%d σ%d", seed, m, n, i).isLessThanOrEqualTo(tol);
            }
        }
    }
}
