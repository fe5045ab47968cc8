package org.ferrite.api.testkit.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.ferrite.api.error.ErrorKind;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.api.testkit.conformance.Values.Domain;
import org.junit.jupiter.api.Test;

/**
 * Conformance of bad input across the families: each misuse is a {@link ValidationException} of the
 * expected {@link ValidationKind} naming the offending argument, thrown before the first write — the
 * output's whole storage array is unchanged afterwards, and so are the inputs.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class ErrorConformance extends ProviderConformance {
    /** For subclasses. */
    protected ErrorConformance() {
    }

    /** A call that writes {@code out}. */
    private interface Call {
        void run(BackendSession s);
    }

    /** Asserts the typed error and that {@code out} (all of its storage) and {@code inputs} are untouched. */
    private void expect(String what, ValidationKind kind, String argument, TensorWrite out, Call call,
            TensorRead... inputs) {
        Object outBefore = Values.snapshotStorage(out);
        Object[] inBefore = new Object[inputs.length];
        for (int k = 0; k < inputs.length; k++) {
            inBefore[k] = Values.snapshotStorage(inputs[k]);
        }
        Throwable thrown = catchThrowable(() -> inSession(s -> {
            call.run(s);
            return null;
        }));
        assertThat(thrown).as(what).isInstanceOf(ValidationException.class);
        ValidationException e = (ValidationException) thrown;
        assertThat(e.kind()).isEqualTo(ErrorKind.VALIDATION);
        assertThat(e.validationKind()).as(what + ": " + e.getMessage()).isEqualTo(kind);
        assertThat(e.argument()).as(what + ": " + e.getMessage()).isEqualTo(argument);
        assertThat(e.op()).isNotBlank();
        assertThat(e.getMessage()).contains(argument);
        assertThat(Values.storageEquals(out, outBefore)).as(what + ": out untouched").isTrue();
        for (int k = 0; k < inputs.length; k++) {
            assertThat(Values.storageEquals(inputs[k], inBefore[k])).as(what + ": input " + k + " untouched").isTrue();
        }
    }

    @Test
    void elementwiseMisuseNamesTheArgumentAndWritesNothing() {
        Tensor a = Values.random(DType.F64, 501, Domain.ANY, 2, 3);
        Tensor b = Values.random(DType.F64, 502, Domain.ANY, 2, 3);
        Tensor wrongShape = Values.random(DType.F64, 503, Domain.ANY, 3, 2);
        expect("out shape", ValidationKind.SHAPE_MISMATCH, "out", wrongShape,
                s -> s.binaryInto(BinaryOp.ADD, a, b, wrongShape), a, b);
        Tensor wrongType = Values.random(DType.F32, 504, Domain.ANY, 2, 3);
        expect("out dtype", ValidationKind.DTYPE_MISMATCH, "out", wrongType,
                s -> s.binaryInto(BinaryOp.MUL, a, b, wrongType), a, b);
        Tensor i32 = Tensor.ones(DType.I32, 2, 3);
        Tensor out = Values.random(DType.F64, 505, Domain.ANY, 2, 3);
        expect("rhs dtype", ValidationKind.DTYPE_MISMATCH, "rhs", out, s -> s.binaryInto(BinaryOp.ADD, a, i32, out), a);
        Tensor row = Values.random(DType.F64, 506, Domain.ANY, 1, 3);
        TensorWrite broadcast = row.broadcastTo(2, 3);
        expect("broadcast out", ValidationKind.INVALID_ARGUMENT, "out", broadcast,
                s -> s.unaryInto(UnaryOp.NEG, a, broadcast), a);
        Tensor c = Values.random(DType.C128, 507, Domain.ANY, 2, 3);
        Tensor complexOut = Values.random(DType.C128, 508, Domain.ANY, 2, 3);
        expect("abs of complex into complex", ValidationKind.DTYPE_MISMATCH, "out", complexOut,
                s -> s.unaryInto(UnaryOp.ABS, c, complexOut), c);
    }

    @Test
    void anOutputPartlyOverlappingAnInputIsRejected() {
        Tensor shared = Values.random(DType.F64, 511, Domain.ANY, 6);
        TensorRead lhs = shared.slice(0, 0, 4, 1);
        TensorWrite out = shared.slice(0, 1, 5, 1);
        Tensor rhs = Values.random(DType.F64, 512, Domain.ANY, 4);
        expect("partial alias", ValidationKind.INVALID_ARGUMENT, "out", out,
                s -> s.binaryInto(BinaryOp.ADD, lhs, rhs, out), rhs);
        expect("copy overlap", ValidationKind.INVALID_ARGUMENT, "out", out, s -> s.copyInto(lhs, out), rhs);
    }

    @Test
    void reductionMisuseNamesTheArgumentAndWritesNothing() {
        Tensor x = Values.random(DType.F32, 521, Domain.ANY, 2, 3);
        Tensor out = Values.random(DType.F32, 522, Domain.ANY, 2);
        expect("reduced shape", ValidationKind.SHAPE_MISMATCH, "out", out,
                s -> s.reduceInto(ReduceOp.SUM, x, new int[] {0}, out), x);
        Tensor ok = Values.random(DType.F32, 523, Domain.ANY, 3);
        expect("axis", ValidationKind.AXIS_OUT_OF_BOUNDS, "axes", ok,
                s -> s.reduceInto(ReduceOp.SUM, x, new int[] {5}, ok), x);
    }

    @Test
    void contractionMisuseNamesTheArgumentAndWritesNothing() {
        Tensor a = Values.random(DType.F64, 531, Domain.ANY, 2, 3);
        Tensor b = Values.random(DType.F64, 532, Domain.ANY, 3, 4);
        Tensor out = Values.random(DType.F64, 533, Domain.ANY, 4, 2);
        expect("product shape", ValidationKind.SHAPE_MISMATCH, "out", out,
                s -> s.dotGeneralInto(a, b, DotGeneralConfig.MATMUL, out), a, b);
        Tensor right = Values.random(DType.F64, 534, Domain.ANY, 2, 4);
        expect("complex scalars on a real dtype", ValidationKind.INVALID_ARGUMENT, "accumulation", right,
                s -> s.dotGeneralAccumulate(a, b, DotGeneralConfig.MATMUL, new Accumulation(1, 1, 0, 0, false,
                        false), right), a, b);
    }

    @Test
    void everyDeliberateFailureIsATensorExceptionWithItsOperation() {
        Throwable unsupported = catchThrowable(() -> inSession(s -> s.unary(UnaryOp.EXP, Tensor.ones(DType.I32, 2))));
        assertThat(unsupported).isInstanceOf(TensorException.class);
        assertThat(((TensorException) unsupported).kind()).isEqualTo(ErrorKind.UNSUPPORTED);
        assertThat(((TensorException) unsupported).op()).isNotBlank();
    }
}
