package org.ferrite.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.einsum.Einsum;
import org.ferrite.examples.MatrixProductState.Compression;
import org.ferrite.examples.MatrixProductState.Overlap;
import org.junit.jupiter.api.Test;

/**
 * The sweep's norm and overlap equal the dense contraction of the whole state vector for L = 8, and a
 * compression that keeps every singular value keeps the state.
 */
class MatrixProductStateTest {
    private static final Backend BACKEND = Backends.get();
    private static final String DENSE = "aib,bjc,ckd,dle,emf,fng,goh,hpx->aijklmnopx";

    @Test
    void theNormAndOverlapOfL8EqualTheDenseContraction() {
        MatrixProductState psi = MatrixProductState.random(8, 4, 11);
        MatrixProductState phi = MatrixProductState.random(8, 4, 12);
        BACKEND.withSession(s -> {
            Tensor densePsi = Einsum.einsum(s, DENSE, sites(psi));
            Tensor densePhi = Einsum.einsum(s, DENSE, sites(phi));
            double norm = s.sumSquares(densePsi).getDouble();
            Overlap sweep = psi.overlap(s, psi);
            assertThat(Math.exp(sweep.logMagnitude()) / norm).isCloseTo(1, within(1e-12));
            assertThat(sweep.phase()).isCloseTo(0, within(1e-12));
            Tensor cross = Einsum.einsum(s, "aijklmnopx,aijklmnopx->", s.conj(densePhi), densePsi);
            Overlap overlap = phi.overlap(s, psi);
            assertThat(overlap.logMagnitude()).isCloseTo(Math.log(Math.hypot(cross.getReal(), cross.getImag())),
                    within(1e-10));
            assertThat(overlap.phase()).isCloseTo(Math.atan2(cross.getImag(), cross.getReal()), within(1e-10));
            return null;
        });
    }

    @Test
    void aCompressionThatKeepsEverySingularValueKeepsTheState() {
        MatrixProductState psi = MatrixProductState.random(10, 8, 5);
        BACKEND.withSession(s -> {
            Compression kept = psi.compress(s, 32);
            assertThat(kept.discardedWeight()).isCloseTo(0, within(1e-12));
            double fidelity = Math.exp(2 * kept.state().overlap(s, psi).logMagnitude()
                    - psi.overlap(s, psi).logMagnitude() - kept.state().overlap(s, kept.state()).logMagnitude());
            assertThat(fidelity).isCloseTo(1, within(1e-10));
            Compression cut = psi.compress(s, 2);
            assertThat(cut.state().maxBond()).isEqualTo(2);
            double cutFidelity = Math.exp(2 * cut.state().overlap(s, psi).logMagnitude()
                    - psi.overlap(s, psi).logMagnitude() - cut.state().overlap(s, cut.state()).logMagnitude());
            assertThat(cut.discardedWeight()).isPositive();
            assertThat(1 - cutFidelity).as("infidelity below twice the discarded weight")
                    .isLessThanOrEqualTo(2 * cut.discardedWeight());
            return null;
        });
    }

    private static TensorRead[] sites(MatrixProductState state) {
        TensorRead[] sites = new TensorRead[state.length()];
        for (int i = 0; i < sites.length; i++) {
            sites[i] = state.site(i);
        }
        return sites;
    }
}
