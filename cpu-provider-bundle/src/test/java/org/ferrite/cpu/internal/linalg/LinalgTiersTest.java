package org.ferrite.cpu.internal.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.cpu.internal.linalg.TierCases.assertClose;
import static org.ferrite.cpu.internal.linalg.TierCases.member;
import static org.ferrite.cpu.internal.linalg.TierCases.tolerance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.linalg.Eig;
import org.ferrite.linalg.Eigh;
import org.ferrite.linalg.EighOptions;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.PhaseGauge;
import org.ferrite.linalg.Qr;
import org.ferrite.linalg.QrOptions;
import org.ferrite.linalg.Svd;
import org.ferrite.linalg.SvdOptions;
import org.ferrite.testkit.oracle.HostMatrix;
import org.junit.jupiter.api.Test;

/**
 * Every tier of the CPU linear algebra — small batched, dense Java, native LAPACK — gives the same
 * decompositions, for every floating dtype, 1×1 to 128×128, tall and wide, with batch axes and strided
 * inputs ({@link TierCases}): each tier's result reconstructs its input with orthonormal factors, and
 * the tiers agree on the values and, gauged ({@link PhaseGauge#LARGEST_ENTRY_REAL_POSITIVE}, positive
 * QR diagonal), on the vectors within a tolerance scaled by each vector's spectral gap.
 */
class LinalgTiersTest {
    private static final PhaseGauge GAUGE = PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE;

    @Test
    void everyTierGivesTheSameGaugedSvd() {
        TierCases.forEach(1, false, c -> {
            Tensor values = c.values();
            TensorRead a = c.laidOut(values);
            boolean full = c.m() * c.n() <= 64 && c.seed() % 2 == 0;
            SvdOptions options = (full ? SvdOptions.FULL : SvdOptions.THIN).withGauge(GAUGE);
            List<Svd> results = new ArrayList<>();
            for (CpuBackend tier : TierCases.tiers()) {
                results.add(tier.withSession(s -> Linalg.svd(s, a, options)));
            }
            double tol = tolerance(c.dtype(), Math.max(c.m(), c.n()));
            for (long member = 0; member < c.members(); member++) {
                HostMatrix want = member(values, false, member);
                HostMatrix first = null;
                HostMatrix firstU = null;
                for (Svd f : results) {
                    HostMatrix s = member(f.s(), true, member);
                    HostMatrix u = member(f.u(), false, member);
                    HostMatrix vh = member(f.vh(), false, member);
                    assertClose("U·S·Vᴴ = A", u.times(TierCases.diagonal(s, u.cols(), vh.rows())).times(vh), want,
                            tol);
                    assertClose("UᴴU = I", u.adjoint().times(u), HostMatrix.identity(u.cols()), tol);
                    assertClose("VᴴV = I", vh.times(vh.adjoint()), HostMatrix.identity(vh.rows()), tol);
                    if (first == null) {
                        first = s;
                        firstU = u;
                        continue;
                    }
                    assertClose("S of every tier", s, first, tol);
                    for (int j = 0; j < Math.min(s.rows(), u.cols()); j++) {
                        double gap = TierCases.relativeGap(first, j);
                        if (gap > 1e-3) {
                            assertClose("gauged u_" + j, TierCases.column(u, j), TierCases.column(firstU, j),
                                    tol / gap);
                        }
                    }
                }
            }
        });
    }

    @Test
    void aRankDeficientMatrixWhoseNullColumnsAreRoundingNoiseConvergesOnEveryTier() {
        // the Ising TRG site tensor at T = 2.1, rank 2 (its entries x and y differ by one ulp): the small
        // tier's Jacobi rotations once chased its rounding-noise columns until they gave up ("did not
        // converge"); now a negligible column stops rotating and U is completed to an orthonormal basis
        double x = 0.4431875092007126;
        double y = 0.4431875092007125;
        Tensor[] cases = {
            Tensor.of(new double[] {1, 0, 0, x, 0, y, y, 0, 0, x, x, 0, x, 0, 0, 0.19641516831153166}, 4, 4),
            Tensor.of(new double[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1.0000000000000002}, 4, 3),
            Tensor.of(new double[] {2, 4, 6, 1, 2, 3, 3, 6, 9.000000000000002}, 3, 3)};
        for (Tensor a : cases) {
            HostMatrix want = member(a, false, 0);
            for (SvdOptions options : new SvdOptions[] {SvdOptions.THIN, SvdOptions.FULL}) {
                for (CpuBackend tier : TierCases.tiers()) {
                    Svd f = tier.withSession(s -> Linalg.svd(s, a, options));
                    HostMatrix u = member(f.u(), false, 0);
                    HostMatrix vh = member(f.vh(), false, 0);
                    HostMatrix sv = member(f.s(), true, 0);
                    assertClose("U·S·Vᴴ = A", u.times(TierCases.diagonal(sv, u.cols(), vh.rows())).times(vh), want,
                            1e-13);
                    assertClose("UᴴU = I", u.adjoint().times(u), HostMatrix.identity(u.cols()), 1e-13);
                    assertClose("VᴴV = I", vh.times(vh.adjoint()), HostMatrix.identity(vh.rows()), 1e-13);
                }
            }
        }
    }

    @Test
    void aFullRankMatrixWhoseRotationsStallAtOneUlpConvergesOnEveryTier() {
        // random 4×4 matrices (SplittableRandom(seed).nextDouble(-1, 1), column-major) on which the small
        // tier's Jacobi SVD once required |u_pᴴu_q| ≤ ε‖u_p‖‖u_q‖: a rotation's own rounding left a pair at
        // a few ε and it rotated until it gave up; the bound is now √rows·ε, LAPACK ?gesvj's
        for (long seed : new long[] {2994, 41503}) {
            java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
            double[] values = new double[16];
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextDouble(-1, 1);
            }
            Tensor a = Tensor.of(values, 4, 4);
            HostMatrix want = member(a, false, 0);
            for (CpuBackend tier : TierCases.tiers()) {
                Svd f = tier.withSession(s -> Linalg.svd(s, a, SvdOptions.THIN));
                HostMatrix u = member(f.u(), false, 0);
                HostMatrix vh = member(f.vh(), false, 0);
                assertClose("seed " + seed + ": U·S·Vᴴ = A", u.times(TierCases.diagonal(member(f.s(), true, 0),
                        u.cols(), vh.rows())).times(vh), want, 1e-13);
                assertClose("seed " + seed + ": UᴴU = I", u.adjoint().times(u), HostMatrix.identity(u.cols()), 1e-13);
            }
        }
    }

    @Test
    void everyTierGivesTheSameQrWithThePositiveDiagonal() {
        TierCases.forEach(2, false, c -> {
            Tensor values = c.values();
            TensorRead a = c.laidOut(values);
            QrOptions options = (c.seed() % 2 == 0 ? QrOptions.COMPLETE : QrOptions.REDUCED).withPositiveDiagonal(true);
            List<Qr> results = new ArrayList<>();
            for (CpuBackend tier : TierCases.tiers()) {
                results.add(tier.withSession(s -> Linalg.qr(s, a, options)));
            }
            double tol = tolerance(c.dtype(), Math.max(c.m(), c.n()));
            int k = Math.min(c.m(), c.n());
            for (long member = 0; member < c.members(); member++) {
                HostMatrix want = member(values, false, member);
                HostMatrix firstQ = null;
                HostMatrix firstR = null;
                for (Qr f : results) {
                    HostMatrix q = member(f.q(), false, member);
                    HostMatrix r = member(f.r(), false, member);
                    assertClose("Q·R = A", q.times(r), want, tol);
                    assertClose("QᴴQ = I", q.adjoint().times(q), HostMatrix.identity(q.cols()), tol);
                    if (firstQ == null) {
                        firstQ = q;
                        firstR = r;
                        continue;
                    }
                    // with R's diagonal positive the first k columns of Q and the first k rows of R are unique
                    assertClose("Q (first k columns) of every tier", q.block(c.m(), k), firstQ.block(c.m(), k),
                            tol * 100);
                    assertClose("R of every tier", r.block(k, c.n()), firstR.block(k, c.n()), tol * 100);
                }
            }
        });
    }

    @Test
    void everyTierGivesTheSameGaugedEigh() {
        TierCases.forEach(3, true, c -> {
            Tensor values = hermitian(c);
            TensorRead a = c.laidOut(values);
            EighOptions options = (c.seed() % 2 == 0 ? EighOptions.LOWER : EighOptions.UPPER).withGauge(GAUGE);
            List<Eigh> results = new ArrayList<>();
            for (CpuBackend tier : TierCases.tiers()) {
                results.add(tier.withSession(s -> Linalg.eigh(s, a, options)));
            }
            double tol = tolerance(c.dtype(), c.m());
            for (long member = 0; member < c.members(); member++) {
                HostMatrix want = member(values, false, member);
                HostMatrix firstW = null;
                HostMatrix firstV = null;
                for (Eigh e : results) {
                    HostMatrix w = member(e.values(), true, member);
                    HostMatrix v = member(e.vectors(), false, member);
                    assertClose("V·Λ·Vᴴ = A", v.times(TierCases.diagonal(w, c.m(), c.m())).times(v.adjoint()), want,
                            tol);
                    assertClose("VᴴV = I", v.adjoint().times(v), HostMatrix.identity(c.m()), tol);
                    if (firstW == null) {
                        firstW = w;
                        firstV = v;
                        continue;
                    }
                    assertClose("λ of every tier", w, firstW, tol);
                    for (int j = 0; j < c.m(); j++) {
                        double gap = TierCases.relativeGap(firstW, j);
                        if (gap > 1e-3) {
                            assertClose("gauged v_" + j, TierCases.column(v, j), TierCases.column(firstV, j),
                                    tol / gap);
                        }
                    }
                }
            }
        });
    }

    @Test
    void everyTierGivesTheSameEigenvaluesAndValidEigenvectors() {
        TierCases.forEach(4, true, c -> {
            Tensor values = c.values();
            TensorRead a = c.laidOut(values);
            List<Eig> results = new ArrayList<>();
            for (CpuBackend tier : TierCases.tiers()) {
                results.add(tier.withSession(s -> Linalg.eig(s, a, GAUGE)));
            }
            double tol = tolerance(c.dtype(), c.m()) * 100;
            for (long member = 0; member < c.members(); member++) {
                HostMatrix want = member(values, false, member);
                double[] first = null;
                for (Eig e : results) {
                    HostMatrix w = member(e.values(), true, member);
                    HostMatrix v = member(e.vectors(), false, member);
                    assertClose("A·V = V·Λ", want.times(v), v.times(TierCases.diagonal(w, c.m(), c.m())), tol);
                    double[] sorted = sorted(w);
                    if (first == null) {
                        first = sorted;
                    } else {
                        for (int i = 0; i < sorted.length; i++) {
                            assertThat(sorted[i]).as("sorted eigenvalue part %d", i)
                                    .isCloseTo(first[i], org.assertj.core.data.Offset.offset(tol * (1 + want.norm())));
                        }
                    }
                }
            }
        });
    }

    /** @return the eigenvalues as (re, im) pairs sorted by real part, then imaginary part */
    private static double[] sorted(HostMatrix w) {
        double[][] pairs = new double[w.rows()][];
        for (int i = 0; i < w.rows(); i++) {
            pairs[i] = new double[] {w.re(i, 0), w.im(i, 0)};
        }
        Arrays.sort(pairs, (x, y) -> Math.abs(x[0] - y[0]) > 1e-6 ? Double.compare(x[0], y[0])
                : Double.compare(x[1], y[1]));
        double[] flat = new double[2 * pairs.length];
        for (int i = 0; i < pairs.length; i++) {
            flat[2 * i] = pairs[i][0];
            flat[2 * i + 1] = pairs[i][1];
        }
        return flat;
    }

    /** @return {@code (X + Xᴴ)/2} of the case's random values */
    static Tensor hermitian(TierCases.Case c) {
        Tensor x = c.values();
        Tensor h = Tensor.zeros(c.dtype(), x.shape());
        for (long member = 0; member < c.members(); member++) {
            HostMatrix m = member(x, false, member);
            HostMatrix mh = m.adjoint();
            HostMatrix sum = new HostMatrix(m.rows(), m.cols());
            for (int j = 0; j < m.cols(); j++) {
                for (int i = 0; i < m.rows(); i++) {
                    sum.set(i, j, (m.re(i, j) + mh.re(i, j)) / 2, (m.im(i, j) + mh.im(i, j)) / 2);
                }
            }
            sum.write(h, false, member);
        }
        return h;
    }
}
