package org.ferrite.linalg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.Test;

/**
 * The shape rules every hook validates with: result shapes built from the batch axes, and each rule's
 * typed rejection naming the argument.
 */
class LinalgShapesTest {
    private static final Tensor A = Tensor.zeros(DType.F64, 3, 2, 4, 5);

    @Test
    void shapesKeepTheBatchAxesAfterTheMatrixAxes() {
        assertThat(LinalgShapes.matrixShape(7, 8, A)).containsExactly(7, 8, 4, 5);
        assertThat(LinalgShapes.vectorShape(2, A)).containsExactly(2, 4, 5);
        assertThat(LinalgShapes.batchShape(A)).containsExactly(4, 5);
        assertThat(LinalgShapes.batchCount(A)).isEqualTo(20);
        assertThat(LinalgShapes.batchCount(Tensor.zeros(DType.F64, 2, 2))).isEqualTo(1);
    }

    @Test
    void operandsMustBeFloatingMatricesAndSquareWhereRequired() {
        expectValidation(() -> LinalgShapes.checkMatrix("svd", "a", Tensor.zeros(DType.I32, 2, 2)),
                ValidationKind.DTYPE_MISMATCH, "svd", "a");
        expectValidation(() -> LinalgShapes.checkMatrix("qr", "a", Tensor.zeros(DType.F64, 3)),
                ValidationKind.RANK_MISMATCH, "qr", "a");
        expectValidation(() -> LinalgShapes.checkSquare("cholesky", "a", A), ValidationKind.SHAPE_MISMATCH,
                "cholesky", "a").getMessage().contains("square");
    }

    @Test
    void outputsMustHaveTheExactShapeDtypeAndBeWritable() {
        Tensor s = Tensor.zeros(DType.F64, 2, 4, 5);
        Tensor u = Tensor.zeros(DType.F64, 3, 2, 4, 5);
        Tensor vh = Tensor.zeros(DType.F64, 2, 2, 4, 5);
        LinalgShapes.checkSvd(A, SvdJob.THIN, s, u, vh);
        expectValidation(() -> LinalgShapes.checkSvd(A, SvdJob.FULL, s, u, vh), ValidationKind.SHAPE_MISMATCH, "svd",
                "u");
        expectValidation(() -> LinalgShapes.checkSvd(A, SvdJob.THIN, Tensor.zeros(DType.F32, 2, 4, 5), u, vh),
                ValidationKind.DTYPE_MISMATCH, "svd", "s");
        expectValidation(() -> LinalgShapes.checkSvd(A, SvdJob.VALUES, s, u, null), ValidationKind.INVALID_ARGUMENT,
                "svd", "u");
        Tensor square = Tensor.zeros(DType.C128, 3, 3, 2);
        expectValidation(() -> LinalgShapes.checkEigh(square, Tensor.zeros(DType.C128, 3, 2), null),
                ValidationKind.DTYPE_MISMATCH, "eigh", "values");
        LinalgShapes.checkEig(square, Tensor.zeros(DType.C128, 3, 2), null);
        expectValidation(() -> LinalgShapes.checkCholesky(square,
                Tensor.zeros(DType.C128, 3, 3).broadcastInDim(new long[] {3, 3, 2}, new int[] {0, 1})),
                ValidationKind.INVALID_ARGUMENT, "cholesky", "factor");
    }

    @Test
    void rightHandSidesAreMatricesOrVectorsWithTheBatchOfA() {
        Tensor a = Tensor.zeros(DType.F64, 3, 3, 2);
        LinalgShapes.checkSolve(a, Tensor.zeros(DType.F64, 3, 4, 2), Tensor.zeros(DType.F64, 3, 4, 2));
        LinalgShapes.checkSolve(a, Tensor.zeros(DType.F64, 3, 2), Tensor.zeros(DType.F64, 3, 2));
        expectValidation(() -> LinalgShapes.checkSolve(a, Tensor.zeros(DType.F64, 3, 3), Tensor.zeros(DType.F64, 3,
                3)), ValidationKind.SHAPE_MISMATCH, "solve", "b");
        expectValidation(() -> LinalgShapes.checkSolve(a, Tensor.zeros(DType.F64, 3), Tensor.zeros(DType.F64, 3)),
                ValidationKind.RANK_MISMATCH, "solve", "b");
        expectValidation(() -> LinalgShapes.checkSolve(a, Tensor.zeros(DType.F32, 3, 2), Tensor.zeros(DType.F32, 3,
                2)), ValidationKind.DTYPE_MISMATCH, "solve", "b");
        expectValidation(() -> LinalgShapes.checkSolve(a, Tensor.zeros(DType.F64, 3, 2), Tensor.zeros(DType.F64, 3,
                1, 2)), ValidationKind.SHAPE_MISMATCH, "solve", "x");
        TriangularSolveOptions right = TriangularSolveOptions.UPPER.withSide(Side.RIGHT);
        LinalgShapes.checkTriangularSolve(a, Tensor.zeros(DType.F64, 5, 3, 2), right, Tensor.zeros(DType.F64, 5, 3, 2));
        expectValidation(() -> LinalgShapes.checkTriangularSolve(a, Tensor.zeros(DType.F64, 3, 5, 2), right,
                Tensor.zeros(DType.F64, 3, 5, 2)), ValidationKind.SHAPE_MISMATCH, "triangularSolve", "b");
    }
}
