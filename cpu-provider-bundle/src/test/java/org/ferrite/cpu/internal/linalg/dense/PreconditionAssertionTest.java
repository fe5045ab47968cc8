package org.ferrite.cpu.internal.linalg.dense;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.ferrite.cpu.internal.linalg.option.SvdJob;
import org.ferrite.cpu.internal.linalg.option.Triangle;
import org.junit.jupiter.api.Test;

/**
 * The layer leaves argument validation to its caller but asserts its preconditions (tests run with
 * {@code -ea}): a matrix that does not fit its array, or a leading dimension below the row count, fails
 * with an {@link AssertionError} naming the bound, before any output is written.
 */
class PreconditionAssertionTest {
    @Test
    void aTooShortOutputFailsBeforeAnyWrite() {
        DenseWorkspace ws = new DenseWorkspace();
        double[] a = new double[2 * 4 * 3];
        Arrays.fill(a, 1);
        double[] s = {Double.NaN, Double.NaN, Double.NaN};
        double[] u = new double[2 * 4 * 3 - 1];
        double[] vt = new double[2 * 3 * 3];
        assertThatThrownBy(() -> DenseSvd.zgesvd(SvdJob.THIN, 4, 3, a, 0, 4, s, 0, u, 0, 4, vt, 0, 3, ws))
                .isInstanceOf(AssertionError.class).hasMessageContaining("needs 24 scalars, the array has 23");
        assertThat(s).containsOnly(Double.NaN);
    }

    @Test
    void aLeadingDimensionBelowTheRowCountFails() {
        double[] a = new double[16];
        assertThatThrownBy(() -> DenseCholesky.dpotrf(Triangle.LOWER, 4, a, 0, 3)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("leading dimension ≥ max(1, rows)");
        int[] ipiv = new int[2];
        assertThatThrownBy(() -> DenseLu.dgetrf(3, 3, new double[9], 0, 3, ipiv, 0, new DenseWorkspace()))
                .isInstanceOf(AssertionError.class).hasMessageContaining("3 pivots from offset 0");
    }
}
