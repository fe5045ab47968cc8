package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.ferrite.api.error.ErrorKind;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.Values;
import org.ferrite.testkit.oracle.Values.Domain;
import org.junit.jupiter.api.Test;

/**
 * Conformance of bad input across the families (contraction misuse is in {@link ContractionConformance}):
 * each misuse is a {@code ValidationException} of the
 * expected {@link ValidationKind} naming the offending argument, thrown before the first write — the
 * output's whole storage array is unchanged afterwards, and so are the inputs.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class ErrorConformance extends ProviderConformance {
    /** For subclasses. */
    protected ErrorConformance() {
    }

    private void expect(String what, ValidationKind kind, String argument, TensorWrite out, Misuse.Call call,
            TensorRead... inputs) {
        Misuse.expect(this::inSession, what, kind, argument, out, call, inputs);
    }

    @Test
    void nullArgumentsAreReportedByTheirParameterName() {
        Tensor x = Tensor.ones(DType.F64, 2, 2);
        inSession(s -> {
            TensorRead on = s.to(x, s.placement());
            assertThat(catchThrowable(() -> s.sum(on, (int[]) null))).isInstanceOf(NullPointerException.class)
                    .hasMessage("axes");
            assertThat(catchThrowable(() -> s.reduce(ReduceOp.MAX, null, 0))).isInstanceOf(NullPointerException.class)
                    .hasMessage("x");
            assertThat(catchThrowable(() -> s.reduce(null, on, 0))).isInstanceOf(NullPointerException.class)
                    .hasMessage("op");
            return null;
        });
    }

    @Test
    void elementwiseMisuseNamesTheArgumentAndWritesNothing() {
        Tensor a = Values.random(DType.F64, 501, Domain.ANY, 2, 3);
        Tensor b = Values.random(DType.F64, 502, Domain.ANY, 2, 3);
        Tensor wrongShape = Values.random(DType.F64, 503, Domain.ANY, 3, 2);
        expect("out shape", ValidationKind.SHAPE_MISMATCH, "out", wrongShape,
                (s, m) -> s.binaryInto(BinaryOp.ADD, m.of(a), m.of(b), m.of(wrongShape)), a, b);
        Tensor wrongType = Values.random(DType.F32, 504, Domain.ANY, 2, 3);
        expect("out dtype", ValidationKind.DTYPE_MISMATCH, "out", wrongType,
                (s, m) -> s.binaryInto(BinaryOp.MUL, m.of(a), m.of(b), m.of(wrongType)), a, b);
        Tensor i32 = Tensor.ones(DType.I32, 2, 3);
        Tensor out = Values.random(DType.F64, 505, Domain.ANY, 2, 3);
        expect("rhs dtype", ValidationKind.DTYPE_MISMATCH, "rhs", out,
                (s, m) -> s.binaryInto(BinaryOp.ADD, m.of(a), m.of(i32), m.of(out)), a);
        Tensor row = Values.random(DType.F64, 506, Domain.ANY, 1, 3);
        TensorWrite broadcast = row.broadcastTo(2, 3);
        expect("broadcast out", ValidationKind.INVALID_ARGUMENT, "out", broadcast,
                (s, m) -> s.unaryInto(UnaryOp.NEG, m.of(a), m.of(broadcast)), a);
        Tensor c = Values.random(DType.C128, 507, Domain.ANY, 2, 3);
        Tensor complexOut = Values.random(DType.C128, 508, Domain.ANY, 2, 3);
        expect("abs of complex into complex", ValidationKind.DTYPE_MISMATCH, "out", complexOut,
                (s, m) -> s.unaryInto(UnaryOp.ABS, m.of(c), m.of(complexOut)), c);
    }

    @Test
    void anOutputPartlyOverlappingAnInputIsRejected() {
        Tensor shared = Values.random(DType.F64, 511, Domain.ANY, 6);
        TensorRead lhs = shared.slice(0, 0, 4, 1);
        TensorWrite out = shared.slice(0, 1, 5, 1);
        Tensor rhs = Values.random(DType.F64, 512, Domain.ANY, 4);
        expect("partial alias", ValidationKind.INVALID_ARGUMENT, "out", out,
                (s, m) -> s.binaryInto(BinaryOp.ADD, m.of(lhs), m.of(rhs), m.of(out)), rhs);
        expect("copy overlap", ValidationKind.INVALID_ARGUMENT, "out", out, (s, m) -> s.copyInto(m.of(lhs), m.of(out)),
                rhs);
    }

    @Test
    void reductionMisuseNamesTheArgumentAndWritesNothing() {
        Tensor x = Values.random(DType.F32, 521, Domain.ANY, 2, 3);
        Tensor out = Values.random(DType.F32, 522, Domain.ANY, 2);
        expect("reduced shape", ValidationKind.SHAPE_MISMATCH, "out", out,
                (s, m) -> s.reduceInto(ReduceOp.SUM, m.of(x), new int[] {0}, m.of(out)), x);
        Tensor ok = Values.random(DType.F32, 523, Domain.ANY, 3);
        expect("axis", ValidationKind.AXIS_OUT_OF_BOUNDS, "axes", ok,
                (s, m) -> s.reduceInto(ReduceOp.SUM, m.of(x), new int[] {5}, m.of(ok)), x);
    }

    @Test
    void everyDeliberateFailureIsATensorExceptionWithItsOperation() {
        Tensor mask = Tensor.ones(DType.BOOL, 2); // exp of integers widens to F64 (NumPy 2); of BOOL it is refused
        Throwable unsupported = catchThrowable(() -> inSession((s, m) -> s.unary(UnaryOp.EXP, m.of(mask))));
        assertThat(unsupported).isInstanceOf(TensorException.class);
        assertThat(((TensorException) unsupported).kind()).isEqualTo(ErrorKind.UNSUPPORTED);
        assertThat(((TensorException) unsupported).op()).isNotBlank();
    }
}
