package org.ferrite.api.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.ferrite.api.error.ErrorKind;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.junit.jupiter.api.Test;

class OpChecksTest {

    @Test
    void everyDefinedPairPassesAndEveryOtherIsRefusedNamingOpDtypeAndTheDtypesThatWork() {
        for (DType d : DType.values()) {
            for (BinaryOp op : BinaryOp.values()) {
                check(() -> OpChecks.requireDefined(op, d), OpTable.accepts(op, d), OpTable.of(op).name(), d);
            }
            for (UnaryOp op : UnaryOp.values()) {
                check(() -> OpChecks.requireDefined(op, d), OpTable.accepts(op, d), OpTable.of(op).name(), d);
            }
            for (CompareOp op : CompareOp.values()) {
                check(() -> OpChecks.requireDefined(op, d), OpTable.accepts(op, d), OpTable.of(op).name(), d);
            }
            for (ReduceOp op : ReduceOp.values()) {
                check(() -> OpChecks.requireDefined(op, d), OpTable.accepts(op, d), OpTable.of(op).name(), d);
            }
            for (ScatterMode mode : ScatterMode.values()) {
                check(() -> OpChecks.requireDefined(mode, d), OpTable.accepts(mode, d), "scatter", d);
            }
            check(() -> OpChecks.requireDefined(OpTable.SOFTMAX, d), d.isRealFloating(), "softmax", d);
        }
    }

    @Test
    void theRefusalSaysWhatIsDefinedAndWhatToDo() {
        assertThatThrownBy(() -> OpChecks.requireDefined(BinaryOp.ATAN2, DType.BOOL))
                .isInstanceOf(UnsupportedOpException.class).hasMessage("atan2: not defined for dtype BOOL: atan2 is"
                        + " defined for I32, I64, F32, F64, F16, BF16 (OpTable); cast the operands first");
        assertThatThrownBy(() -> OpChecks.requireDefined(UnaryOp.NOT, DType.F64))
                .hasMessage("not: not defined for dtype F64: not is defined for BOOL, I32, I64, I8, U8 (OpTable); cast"
                        + " the operand first");
        assertThatThrownBy(() -> OpChecks.requireDefined(ScatterMode.MAX, DType.C64))
                .hasMessage("scatter: not defined for dtype C64: scatter mode MAX is defined for I32, I64, F32, F64,"
                        + " F16, BF16, I8, U8 (OpTable); cast the operands first");
        UnsupportedOpException e = OpChecks.unsupported(OpTable.of(ReduceOp.SUM_SQUARES), DType.BOOL);
        assertThat(e.op()).isEqualTo("sum_squares");
        assertThat(e.dtype()).isEqualTo("BOOL");
        assertThat(e.kind()).isEqualTo(ErrorKind.UNSUPPORTED);
    }

    private static void check(Runnable call, boolean defined, String op, DType d) {
        if (defined) {
            call.run();
            return;
        }
        assertThatThrownBy(call::run).as("%s %s", op, d).isInstanceOfSatisfying(UnsupportedOpException.class, e -> {
            assertThat(e.op()).isEqualTo(op);
            assertThat(e.dtype()).isEqualTo(d.name());
            assertThat(e.getMessage()).contains(" is defined for ").contains("(OpTable)");
        });
    }
}
