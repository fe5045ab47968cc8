package org.ferrite.api.error;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ValidationExceptionTest {

    @Test
    void shapeMismatchCarriesBothShapesAsDefensiveCopies() {
        long[] expected = {2, 3};
        long[] actual = {3, 2};
        ValidationException e = ValidationException.shapeMismatch("add", "out", expected, actual);
        expected[0] = 99;
        assertThat(e.validationKind()).isEqualTo(ValidationKind.SHAPE_MISMATCH);
        assertThat(e.kind()).isEqualTo(ErrorKind.VALIDATION);
        assertThat(e.expectedShape()).containsExactly(2, 3);
        assertThat(e.actualShape()).containsExactly(3, 2);
        e.expectedShape()[0] = 7;
        assertThat(e.expectedShape()).containsExactly(2, 3);
        assertThat(e.axis()).isEqualTo(ValidationException.NO_AXIS);
        assertThat(e.getMessage()).isEqualTo("add: SHAPE_MISMATCH in argument 'out': expected [2, 3], got [3, 2]");
    }

    @Test
    void extentMismatchNamesTheAxisAndTheAdvice() {
        ValidationException e = ValidationException.extentMismatch("dotGeneral", "rhs", 1, 4, 5, "pair them");
        assertThat(e.validationKind()).isEqualTo(ValidationKind.SHAPE_MISMATCH);
        assertThat(e.axis()).isEqualTo(1);
        assertThat(e.expected()).isEqualTo("extent 4");
        assertThat(e.actual()).isEqualTo("extent 5");
        assertThat(e.expectedShape()).isNull();
        assertThat(e.getMessage()).isEqualTo(
                "dotGeneral: SHAPE_MISMATCH in argument 'rhs' at axis 1: expected extent 4, got extent 5 (pair them)");
    }

    @Test
    void rankAxisDtypeAndInvalidArgumentFactoriesSetTheirKind() {
        ValidationException rank = ValidationException.rankMismatch("diagonal", "operand", ">= 2", 1);
        assertThat(rank.validationKind()).isEqualTo(ValidationKind.RANK_MISMATCH);
        assertThat(rank.expected()).isEqualTo("rank >= 2");
        assertThat(rank.actual()).isEqualTo("rank 1");
        ValidationException axis = ValidationException.axisOutOfBounds("sum", "axes", 5, 3);
        assertThat(axis.validationKind()).isEqualTo(ValidationKind.AXIS_OUT_OF_BOUNDS);
        assertThat(axis.axis()).isEqualTo(5);
        assertThat(axis.expected()).isEqualTo("an axis in [0, 3)");
        ValidationException dtype = ValidationException.dtypeMismatch("matmul", "rhs", "F64", "F32");
        assertThat(dtype.validationKind()).isEqualTo(ValidationKind.DTYPE_MISMATCH);
        assertThat(dtype.getMessage()).isEqualTo("matmul: DTYPE_MISMATCH in argument 'rhs': expected F64, got F32");
        ValidationException invalid = ValidationException.invalidArgument("add", "out", "disjoint", "overlapping",
                "use a new tensor");
        assertThat(invalid.validationKind()).isEqualTo(ValidationKind.INVALID_ARGUMENT);
        assertThat(invalid.getMessage()).endsWith("(use a new tensor)");
        ValidationException onAxis = ValidationException.invalidAxisArgument("slice", "step", 2, "non-zero", "0");
        assertThat(onAxis.axis()).isEqualTo(2);
        assertThat(onAxis.getMessage()).contains("at axis 2");
    }

    @Test
    void everyValidationKindHasAFactory() {
        assertThat(ValidationKind.values()).containsExactly(ValidationKind.SHAPE_MISMATCH,
                ValidationKind.RANK_MISMATCH, ValidationKind.AXIS_OUT_OF_BOUNDS, ValidationKind.DTYPE_MISMATCH,
                ValidationKind.INVALID_ARGUMENT);
        assertThat(ErrorKind.values()).hasSize(5);
    }
}
