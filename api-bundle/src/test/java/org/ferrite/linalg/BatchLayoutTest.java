package org.ferrite.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorView;
import org.junit.jupiter.api.Test;

/**
 * The converter between NumPy's batch-leading layout and Ferrite's batch-trailing one: NumPy's member
 * {@code (i, j)}, entry {@code (r, c)} is Ferrite's entry {@code (r, c)} of member {@code (i, j)}; the
 * two directions are inverse views of the same storage; a bad core count is refused by name.
 */
class BatchLayoutTest {
    @Test
    void numpysMemberEntryIsFerritesEntryOfTheSameMember() {
        double[] data = new double[2 * 3 * 4 * 5];
        for (int i = 0; i < data.length; i++) {
            data[i] = i;
        }
        Tensor numpy = Tensor.fromRowMajor(DType.F64, data, 2, 3, 4, 5); // NumPy's (2, 3) stack of 4 × 5
        TensorView ferrite = BatchLayout.fromNumPy(numpy, 2);
        assertThat(ferrite.shape()).containsExactly(4, 5, 2, 3);
        for (long i = 0; i < 2; i++) {
            for (long j = 0; j < 3; j++) {
                for (long r = 0; r < 4; r++) {
                    for (long c = 0; c < 5; c++) {
                        assertThat(ferrite.getDouble(r, c, i, j)).isEqualTo(numpy.getDouble(i, j, r, c))
                                .isEqualTo(((i * 3 + j) * 4 + r) * 5 + c);
                    }
                }
            }
        }
        assertThat(ferrite.storage()).as("a view, no copy").isSameAs(numpy.storage());
        TensorView back = BatchLayout.toNumPy(ferrite, 2);
        assertThat(back.shape()).containsExactly(2, 3, 4, 5);
        assertThat((double[]) back.toRowMajorArray()).containsExactly(data);
    }

    @Test
    void vectorsMoveOneAxisAndNumbersNone() {
        Tensor numpy = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4, 5, 6}, 2, 3); // two vectors of 3
        TensorView vectors = BatchLayout.fromNumPy(numpy, 1);
        assertThat(vectors.shape()).containsExactly(3, 2);
        assertThat(vectors.getDouble(2, 1)).isEqualTo(6);
        assertThat(BatchLayout.fromNumPy(numpy, 0).shape()).containsExactly(2, 3);
        assertThat(BatchLayout.toNumPy(numpy, 0).shape()).containsExactly(2, 3);
        assertThat(BatchLayout.fromNumPy(Tensor.zeros(DType.F64, 4, 5), 2).shape()).containsExactly(4, 5);
        assertThat(BatchLayout.toNumPy(Tensor.scalar(2.0), 0).getDouble()).isEqualTo(2);
    }

    @Test
    void aCoreCountOutsideZeroToTheRankIsRefusedNamingCoreAxes() {
        Tensor t = Tensor.zeros(DType.F64, 2, 3);
        expectValidation(() -> BatchLayout.fromNumPy(t, 3), ValidationKind.INVALID_ARGUMENT, "fromNumPy", "coreAxes");
        expectValidation(() -> BatchLayout.toNumPy(t, -1), ValidationKind.INVALID_ARGUMENT, "toNumPy", "coreAxes");
    }
}
