package org.ferrite.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.Test;

/**
 * The option records validate at construction and derive the shapes the kernels write; the failures
 * name the first failing member by index and multi-index and keep LAPACK's {@code info} when renamed.
 */
class LinalgOptionsTest {

    @Test
    void svdOptionsRejectNegativeRanksBadTolerancesAndTruncatingFullFactors() {
        assertThat(SvdOptions.THIN.truncates()).isFalse();
        assertThat(SvdOptions.THIN.withMaxRank(3).truncates()).isTrue();
        assertThat(SvdOptions.FULL.job()).isEqualTo(SvdJob.FULL);
        assertThatThrownBy(() -> SvdOptions.THIN.withMaxRank(-1)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("'maxRank'");
        assertThatThrownBy(() -> SvdOptions.THIN.withTolerance(-1)).hasMessageContaining("'rtol'");
        assertThatThrownBy(() -> SvdOptions.THIN.withAbsoluteTolerance(Double.NaN)).hasMessageContaining("'atol'");
        assertThatThrownBy(() -> SvdOptions.FULL.withTolerance(1e-3)).hasMessageContaining("thin factors");
    }

    @Test
    void optionsDeriveTheShapesTheKernelsWrite() {
        assertThat(QrOptions.REDUCED.qColumns(5, 3)).isEqualTo(3);
        assertThat(QrOptions.COMPLETE.qColumns(5, 3)).isEqualTo(5);
        assertThat(QrOptions.COMPLETE.rRows(5, 3)).isEqualTo(5);
        assertThat(SvdJob.THIN.uColumns(5, 3)).isEqualTo(3);
        assertThat(SvdJob.FULL.vhRows(5, 3)).isEqualTo(3);
        assertThat(SvdJob.VALUES.uColumns(5, 3)).isZero();
        assertThat(TriangularSolveOptions.LOWER.withTranspose(Transpose.TRANSPOSE).withUnitDiagonal(true))
                .isEqualTo(new TriangularSolveOptions(Side.LEFT, Triangle.LOWER, Transpose.TRANSPOSE, true));
        assertThat(EighOptions.UPPER.withGauge(PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE).triangle())
                .isEqualTo(Triangle.UPPER);
    }

    @Test
    void aMemberFailureNamesItsIndexMultiIndexAndInfoAndKeepsThemWhenRenamed() {
        Tensor a = Tensor.zeros(DType.F64, 2, 2, 4, 3);
        var e = LinalgFailure.notPositiveDefinite("cholesky", a, 6, 2);
        assertThat(e.batchIndex()).hasValue(6);
        assertThat(e.info()).hasValue(2);
        assertThat(e.getMessage()).isEqualTo("cholesky: a is not positive definite in batch member 6 (index [2, 1]"
                + " of batch shape [4, 3]): its leading minor of order 2 is not positive definite (or holds NaN)"
                + " (LAPACK info 2)");
        var single = LinalgFailure.singular("solve", Tensor.zeros(DType.F64, 2, 2), 0, 1);
        assertThat(single.getMessage()).startsWith("solve: a is singular: U[0, 0]");
        var renamed = LinalgFailure.as("inv", single);
        assertThat(renamed.op()).isEqualTo("inv");
        assertThat(renamed.batchIndex()).hasValue(0);
        assertThat(renamed.info()).hasValue(1);
        assertThat(renamed.getMessage()).isEqualTo("inv" + single.getMessage().substring("solve".length()));
    }
}
