package org.ferrite.api.tensor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TensorToStringTest {

    @Test
    void rankZeroPrintsTheBareValue() {
        assertThat(Tensor.scalar(2.5).toString()).isEqualTo("Tensor(F64, shape=[])\n2.5");
        assertThat(Tensor.scalar(DType.I64, 3).toString()).isEqualTo("Tensor(I64, shape=[])\n3");
    }

    @Test
    void matrixPrintsRowsInIndexOrderWhateverTheLayout() {
        Tensor m = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4, 5, 6}, 2, 3);
        assertThat(m.toString()).isEqualTo("Tensor(F64, shape=[2, 3])\n[[1.0, 2.0, 3.0],\n [4.0, 5.0, 6.0]]");
        assertThat(m.transpose().toString())
                .isEqualTo("TensorView(F64, shape=[3, 2])\n[[1.0, 4.0],\n [2.0, 5.0],\n [3.0, 6.0]]");
    }

    @Test
    void integersBooleansAndComplexNumbersPrintInTheirOwnForm() {
        assertThat(Tensor.of(new int[] {1, -2}, 2).toString()).isEqualTo("Tensor(I32, shape=[2])\n[1, -2]");
        assertThat(Tensor.of(new boolean[] {true, false}, 2).toString())
                .isEqualTo("Tensor(BOOL, shape=[2])\n[true, false]");
        assertThat(Tensor.ofComplex(new double[] {1, 2, 0.5, -1.5}, 2).toString())
                .isEqualTo("Tensor(C128, shape=[2])\n[1.0+2.0j, 0.5-1.5j]");
        assertThat(Tensor.ofComplex(new float[] {0, -0f}, 1).toString()).isEqualTo("Tensor(C64, shape=[1])\n[0.0-0.0j]");
    }

    @Test
    void nonIntegralValuesPrintWithoutTrailingZerosAndSpecialValuesAsNumPyDoes() {
        Tensor t = Tensor.of(new double[] {0.1, 1.0 / 3, 1e20, 1.5e-7, Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, -0.0}, 8);
        assertThat(t.toString()).isEqualTo(
                "Tensor(F64, shape=[8])\n[0.1, 0.33333333, 1.0e+20, 1.5e-07, nan, inf, -inf, -0.0]");
        assertThat(Tensor.ofComplex(new double[] {Double.NaN, Double.NEGATIVE_INFINITY}, 1).toString())
                .isEqualTo("Tensor(C128, shape=[1])\n[nan-infj]");
    }

    @Test
    void largeTensorsAreSummarisedWithThreeEdgeItemsPerAxis() {
        Tensor t = Tensor.arange(DType.I32, 2000);
        assertThat(t.toString()).isEqualTo("Tensor(I32, shape=[2000])\n[0, 1, 2, ..., 1997, 1998, 1999]");
        Tensor cube = Tensor.zeros(DType.F32, 20, 20, 20);
        String s = cube.toString();
        String[] lines = s.split("\n");
        // header, 3 leading blocks of 3 rows, the "..." row, 3 trailing blocks of 3 rows
        assertThat(s).contains("...");
        assertThat(lines[1]).isEqualTo("[[[0.0, 0.0, 0.0, ..., 0.0, 0.0, 0.0],");
        assertThat(s.length()).isLessThan(2000);
    }

    @Test
    void smallTensorsAreNeverSummarised() {
        String s = Tensor.arange(DType.I32, 1000).toString();
        assertThat(s).doesNotContain("...").contains(", 999]");
    }

    @Test
    void emptyTensorsPrintEmptyBrackets() {
        assertThat(Tensor.zeros(DType.F64, 0).toString()).isEqualTo("Tensor(F64, shape=[0])\n[]");
        assertThat(Tensor.zeros(DType.F64, 2, 0).toString()).isEqualTo("Tensor(F64, shape=[2, 0])\n[[],\n []]");
    }
}
