package org.ferrite.itests.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.einsum.Einsum;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.Svd;
import org.ferrite.linalg.SvdOptions;
import org.junit.jupiter.api.Test;

/**
 * The MPS, SVD-truncation and idioms part of the porting example in {@code docs/getting-started.md}: the
 * guide's snippet is this test's marked block, word for word, and every value it computes is checked here
 * against what NumPy gives (worked by hand, or by loops over the operands).
 */
class GettingStartedPortingTest {
    private static final String HEADING = "## A porting example: an MPS, an SVD truncation and everyday idioms";

    @Test
    void theGuidesSnippetComputesWhatNumPyComputes() {
        // NumPy's MPS tensors A[k] of shapes (χl, d, χr): (1, 2, 2), (2, 2, 2), (2, 2, 1), C order
        double[] d0 = {0.6, 0.8, 0.0, 1.0};
        double[] d1 = {1.0, 0.0, 0.5, 0.5, 0.0, 1.0, -0.5, 0.5};
        double[] d2 = {0.3, 1.0, -0.4, 0.2};
        Tensor a0 = Tensor.fromRowMajor(DType.F64, d0, 1, 2, 2);
        Tensor a1 = Tensor.fromRowMajor(DType.F64, d1, 2, 2, 2);
        Tensor a2 = Tensor.fromRowMajor(DType.F64, d2, 2, 2, 1);
        Backend backend = Backends.get();
        backend.run(s -> {
            // snippet: idioms
            // an MPS of three sites (NumPy's A[k] of shape (χl, d, χr)) contracted to the state ψ
            Tensor psi = Einsum.einsum(s, "aib,bjc,ckd->ijk", a0, a1, a2);   // np.einsum(…), shape (2, 2, 2)
            Tensor flat = s.reshapeRowMajor(psi, 8);                          // psi.reshape(8): a copy here
            double norm = Math.sqrt(s.sum(s.mul(flat, flat)).getDouble());    // np.linalg.norm(psi)
            // an SVD truncation: split ψ between site 1 and sites 2–3, keep one singular value
            Svd f = Linalg.svd(s, flat.reshapeRowMajor(2, 4), SvdOptions.THIN.withMaxRank(1)); // a view
            double kept = f.s().getDouble(0) / norm;                          // the kept weight
            // everyday idioms
            Tensor scores = Tensor.fromRowMajor(DType.F64, new double[] {0.1, 0.7, 0.2,
                                                                         0.5, 0.5, 0.0}, 2, 3);
            Tensor best = s.argmax(scores, -1);                    // np.argmax(scores, axis=-1): [1, 0], I64
            Tensor order = s.argsort(scores, -1);                  // kind='stable': [[0, 2, 1], [2, 0, 1]]
            Tensor ranked = s.takeAlongAxis(scores, order, -1);    // np.take_along_axis: s.sort(scores, -1)
            Tensor mask = s.compare(CompareOp.GT, scores, 0.3);    // scores > 0.3
            long count = s.sum(mask).getLong();                    // np.sum(mask): 3, I64 (a BOOL sum counts)
            Tensor[] where = s.nonzero(mask);                      // np.nonzero(mask): [0, 1, 1], [1, 0, 1]
            Tensor running = s.cumsum(scores, -1);                 // np.cumsum(scores, axis=-1)
            Tensor last = s.toContiguous(scores.slice(-1, -1, 3, 1)); // scores[:, -1:]
            Tensor n = Tensor.of(new int[] {-7, 7}, 2);
            Tensor two = Tensor.full(DType.I32, 2);
            Tensor q = s.floorDivide(n, two);                      // n // 2: [-4, 3] (s.div truncates: [-3, 3])
            Tensor r = s.remainder(n, two);                        // n % 2: [1, 1] (s.rem and s.fmod: [-1, 1])
            double average = s.mean(n).getDouble();                // np.mean of integers: F64, 0.0
            Tensor id = s.eye(DType.F64, 3);                       // np.eye(3)
            Tensor pair = s.stack(-1, scores, ranked);             // np.stack([scores, ranked], -1): (2, 3, 2)
            // end snippet
            double[] want = new double[8];
            double squares = 0;
            for (int i = 0; i < 2; i++) {
                for (int j = 0; j < 2; j++) {
                    for (int k = 0; k < 2; k++) {
                        double v = 0;
                        for (int b = 0; b < 2; b++) {
                            for (int c = 0; c < 2; c++) {
                                v += d0[i * 2 + b] * d1[(b * 2 + j) * 2 + c] * d2[(c * 2 + k)];
                            }
                        }
                        want[(i * 2 + j) * 2 + k] = v;
                        squares += v * v;
                        assertThat(psi.getDouble(i, j, k)).as("psi[%d, %d, %d]", i, j, k).isCloseTo(v, within(1e-15));
                    }
                }
            }
            assertThat((double[]) flat.toRowMajorArray()).containsExactly(want, within(1e-15));
            assertThat(norm).isCloseTo(Math.sqrt(squares), within(1e-15));
            // σ₀² is the larger eigenvalue of M·Mᵀ (2 × 2) for M = ψ.reshape(2, 4)
            double p = 0;
            double o = 0;
            double t = 0;
            for (int c = 0; c < 4; c++) {
                p += want[c] * want[c];
                o += want[c] * want[4 + c];
                t += want[4 + c] * want[4 + c];
            }
            double sigma = Math.sqrt((p + t) / 2 + Math.sqrt((p - t) * (p - t) / 4 + o * o));
            assertThat(f.s().shape()).containsExactly(1);
            assertThat(kept).isCloseTo(sigma / Math.sqrt(squares), within(1e-14));
            assertThat(best.i64Data()).containsExactly(1, 0);
            assertThat((long[]) order.toRowMajorArray()).containsExactly(0, 2, 1, 2, 0, 1);
            assertThat((double[]) ranked.toRowMajorArray()).containsExactly(0.1, 0.2, 0.7, 0.0, 0.5, 0.5);
            assertThat(count).isEqualTo(3);
            assertThat(where[0].i64Data()).containsExactly(0, 1, 1);
            assertThat(where[1].i64Data()).containsExactly(1, 0, 1);
            assertThat((double[]) running.toRowMajorArray()).containsExactly(new double[] {0.1, 0.1 + 0.7,
                0.1 + 0.7 + 0.2, 0.5, 1.0, 1.0}, within(1e-15));
            assertThat(last.shape()).containsExactly(2, 1);
            assertThat((double[]) last.toRowMajorArray()).containsExactly(0.2, 0.0);
            assertThat(q.dtype()).isEqualTo(DType.I32);
            assertThat((int[]) q.toRowMajorArray()).containsExactly(-4, 3);
            assertThat((int[]) r.toRowMajorArray()).containsExactly(1, 1);
            assertThat((int[]) s.div(n, two).toRowMajorArray()).containsExactly(-3, 3);
            assertThat((int[]) s.fmod(n, two).toRowMajorArray()).containsExactly(-1, 1);
            assertThat(average).isZero();
            assertThat((double[]) id.toRowMajorArray()).containsExactly(1, 0, 0, 0, 1, 0, 0, 0, 1);
            assertThat(pair.shape()).containsExactly(2, 3, 2);
            assertThat(pair.getDouble(1, 2, 0)).isEqualTo(0.0);
            assertThat(pair.getDouble(0, 2, 1)).isEqualTo(0.7);
        });
    }

    @Test
    void theGuideShowsThisTestsSnippet() throws IOException {
        assertThat(GuideSnippets.guide(HEADING)).as("the snippet of docs/getting-started.md under '%s'", HEADING)
                .isNotEmpty().isEqualTo(GuideSnippets.test(GettingStartedPortingTest.class, "idioms"));
    }
}
