package org.ferrite.einsum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.tensor.DType;
import org.junit.jupiter.api.Test;

class BindingTest {
    private static ValidationException failure(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        return catchThrowableOfType(ValidationException.class, call);
    }

    private static OperandSpec f64(long... shape) {
        return OperandSpec.of(DType.F64, shape);
    }

    private static ValidationException compileError(String subscripts, OperandSpec... specs) {
        return failure(() -> Einsum.compile(subscripts, specs));
    }

    @Test
    void theResultDtypeIsNumpysPromotionOfTheOperandDtypes() {
        assertThat(Einsum.compile("i,i", OperandSpec.of(DType.I32, 3), OperandSpec.of(DType.F32, 3)).resultDtype())
                .isEqualTo(DType.F64);
        assertThat(Einsum.compile("i,i", OperandSpec.of(DType.BOOL, 3), OperandSpec.of(DType.I32, 3)).resultDtype())
                .isEqualTo(DType.I32);
        assertThat(Einsum.compile("i,i", OperandSpec.of(DType.F64, 3), OperandSpec.of(DType.C64, 3)).resultDtype())
                .isEqualTo(DType.C128);
        assertThat(Einsum.compile("ij", OperandSpec.of(DType.BOOL, 3, 2)).resultDtype()).isEqualTo(DType.BOOL);
    }

    @Test
    void ellipsesAlignRightAndBroadcastExtentOne() {
        EinsumExpression e = Einsum.compile("...ij,...jk->...ik", f64(5, 1, 2, 3), f64(4, 3, 6));
        assertThat(e.resultShape()).containsExactly(5, 4, 2, 6);
        assertThat(Einsum.compile("...,...", f64(2, 3), f64(3)).resultShape()).containsExactly(2, 3);
        assertThat(Einsum.compile("i...i", f64(3, 2, 3)).resultShape()).containsExactly(2);
        assertThat(Einsum.compile("...i->i", f64(3)).resultShape()).containsExactly(3);
        assertThat(Einsum.compile("ij->...ij", f64(3, 2)).resultShape()).containsExactly(3, 2);
    }

    @Test
    void aLabeledExtentOfOneBroadcastsAsInNumpy() {
        assertThat(Einsum.compile("i,i->i", f64(1), f64(3)).resultShape()).containsExactly(3);
        assertThat(Einsum.compile("ij,jk->ik", f64(2, 1), f64(3, 4)).resultShape()).containsExactly(2, 4);
        assertThat(Einsum.compile("i,i->i", f64(0), f64(1)).resultShape()).containsExactly(0);
    }

    @Test
    void aRepeatedOutputLabelDoublesTheAxis() {
        assertThat(Einsum.compile("i->ii", f64(3)).resultShape()).containsExactly(3, 3);
        assertThat(Einsum.compile("ij->iji", f64(3, 2)).resultShape()).containsExactly(3, 2, 3);
    }

    @Test
    void theOperandCountMustMatchTheTerms() {
        ValidationException e = compileError("ij,jk->ik", f64(2, 3));
        assertThat(e.argument()).isEqualTo("operands");
        assertThat(e.getMessage()).contains("2 operands").contains("ij,jk->ik").contains("got 1 operands");
    }

    @Test
    void aRankMismatchNamesTheOperandAndQuotesItsTerm() {
        ValidationException e = compileError("ij,jk->ik", f64(2, 3), f64(3, 4, 5));
        assertThat(e.validationKind()).isEqualTo(ValidationKind.RANK_MISMATCH);
        assertThat(e.argument()).isEqualTo("operands[1]");
        assertThat(e.getMessage()).contains("term 1 'jk' of \"ij,jk->ik\"").contains("rank 3");
        ValidationException ellipsis = compileError("...ijk", f64(2, 3));
        assertThat(ellipsis.getMessage()).contains("rank >= 3");
    }

    @Test
    void extentsOfOneLabelMustAgreeOrBroadcast() {
        ValidationException e = compileError("ij,jk->ik", f64(2, 3), f64(4, 5));
        assertThat(e.validationKind()).isEqualTo(ValidationKind.SHAPE_MISMATCH);
        assertThat(e.argument()).isEqualTo("operands[1]");
        assertThat(e.axis()).isZero();
        assertThat(e.getMessage()).contains("label 'j' has extent 3 at operands[0] axis 1");
        ValidationException ellipsis = compileError("...i,...i", f64(2, 3), f64(4, 3));
        assertThat(ellipsis.getMessage()).contains("... dimension 0");
    }

    @Test
    void aRepeatedLabelNeedsEqualExtentsWithinItsOperand() {
        ValidationException e = compileError("ii", f64(2, 3));
        assertThat(e.argument()).isEqualTo("operands[0]");
        assertThat(e.axis()).isEqualTo(1);
        assertThat(e.getMessage()).contains("label 'i' repeats within term 0 'ii'");
    }

    @Test
    void anEllipsisCoveringDimensionsNeedsOneInTheOutput() {
        ValidationException e = compileError("...i->i", f64(2, 3));
        assertThat(e.argument()).isEqualTo("subscripts");
        assertThat(e.getMessage()).contains("'...' in the output").contains("1 dimension(s)");
    }

    @Test
    void sublistLabelsAreNamedInMessages() {
        Subscripts s = Subscripts.of(new int[][] {{0, 100}, {100, 1}});
        ValidationException e = failure(() -> Einsum.compile(s, EinsumOptions.DEFAULT, f64(2, 3),
                f64(4, 5)));
        assertThat(e.getMessage()).contains("label '{100}'").contains("sublist 1 [100, 1]");
    }

    @Test
    void specsRejectNegativeExtents() {
        ValidationException e = failure(() -> OperandSpec.of(DType.F64, 2, -1));
        assertThat(e.argument()).isEqualTo("shape");
        assertThat(e.axis()).isEqualTo(1);
    }
}
