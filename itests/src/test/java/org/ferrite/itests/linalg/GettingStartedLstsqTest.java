package org.ferrite.itests.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.linalg.BatchLayout;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.Lstsq;
import org.junit.jupiter.api.Test;

/**
 * The batched least-squares part of the porting example in {@code docs/getting-started.md}: the guide's
 * snippet is this test's marked block, word for word, and it fits every member's line as the normal
 * equations do.
 */
class GettingStartedLstsqTest {
    private static final String HEADING = "## A porting example: batched least squares";

    @Test
    void theGuidesSnippetFitsEveryMembersLine() {
        int batch = 3;
        double[] aData = new double[batch * 5 * 2];
        double[] bData = new double[batch * 5];
        for (int k = 0; k < batch; k++) { // member k: y = (k + 1)·t + (2 − k) plus a little noise
            for (int i = 0; i < 5; i++) {
                double t = i / 4.0;
                aData[(k * 5 + i) * 2] = t;
                aData[(k * 5 + i) * 2 + 1] = 1;
                bData[k * 5 + i] = (k + 1) * t + (2 - k) + 0.01 * Math.sin(7 * i + k);
            }
        }
        Backend backend = Backends.get();
        // snippet: lstsq
        Tensor a = Tensor.fromRowMajor(DType.F64, aData, batch, 5, 2);     // NumPy's a, (batch, 5, 2)
        Tensor b = Tensor.fromRowMajor(DType.F64, bData, batch, 5);        // NumPy's b, (batch, 5)
        Lstsq fit = backend.withSession(s -> Linalg.lstsq(s,
                BatchLayout.fromNumPy(a, 2),                                // [5, 2, batch]
                BatchLayout.fromNumPy(b, 1)));                              // [5, batch]
        double[] x = (double[]) BatchLayout.toNumPy(fit.x(), 1).toRowMajorArray();         // NumPy's x, (batch, 2)
        double[] residuals = (double[]) BatchLayout.toNumPy(fit.residuals(), 1).toRowMajorArray(); // (batch, 1)
        // end snippet
        for (int k = 0; k < batch; k++) { // the normal equations of y ≈ p·t + q: the 2 × 2 system by hand
            double st = 0;
            double stt = 0;
            double sy = 0;
            double sty = 0;
            for (int i = 0; i < 5; i++) {
                double t = aData[(k * 5 + i) * 2];
                double y = bData[k * 5 + i];
                st += t;
                stt += t * t;
                sy += y;
                sty += t * y;
            }
            double det = 5 * stt - st * st;
            double p = (5 * sty - st * sy) / det;
            double q = (stt * sy - st * sty) / det;
            assertThat(x[2 * k]).as("slope of member %d", k).isCloseTo(p, within(1e-12));
            assertThat(x[2 * k + 1]).as("intercept of member %d", k).isCloseTo(q, within(1e-12));
            double squares = 0;
            for (int i = 0; i < 5; i++) {
                double r = bData[k * 5 + i] - p * aData[(k * 5 + i) * 2] - q;
                squares += r * r;
            }
            assertThat(residuals[k]).as("residual of member %d", k).isCloseTo(squares, within(1e-14));
        }
        assertThat(fit.rank().i64Data()).containsExactly(2, 2, 2);
    }

    @Test
    void theGuideShowsThisTestsSnippet() throws IOException {
        assertThat(GuideSnippets.guide(HEADING)).as("the snippet of docs/getting-started.md under '%s'", HEADING)
                .isNotEmpty().isEqualTo(GuideSnippets.test(GettingStartedLstsqTest.class, "lstsq"));
    }
}
