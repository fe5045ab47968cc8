package org.ferrite.api.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ErrorHierarchyTest {

    @Test
    void everyExceptionIsAnUncheckedTensorExceptionWithItsKindAndOp() {
        IllegalStateException cause = new IllegalStateException("native");
        List<TensorException> all = List.of(
                ValidationException.invalidArgument("op1", "arg", "x", "y", null),
                new UnsupportedOpException("exp", "I32", "use cast first"),
                new NumericalFailureException("cholesky", "not positive definite at pivot 3"),
                new BackendFailureException("gemm", "native BLAS crashed", cause),
                new RuntimeStateException("withSession", "session closed"),
                new SessionEntryException.Reentered("openSession", "already held"),
                new SessionEntryException.Contended("openSession", "busy", null),
                new SessionEntryException.IncompatibleContext("withSession", "wrong thread"),
                new SessionEntryException.ResourcePoisoned("openSession", "pool lost", cause),
                new SessionEntryException.ExecutorFailure("dotGeneral", "pool failed", cause),
                new SessionCloseException("affinity not restored", cause),
                new NoBackendException("no backend", "Discovered providers: none"));
        ErrorKind[] kinds = {ErrorKind.VALIDATION, ErrorKind.UNSUPPORTED, ErrorKind.NUMERICAL_FAILURE,
            ErrorKind.BACKEND_FAILURE, ErrorKind.RUNTIME_STATE, ErrorKind.RUNTIME_STATE, ErrorKind.RUNTIME_STATE,
            ErrorKind.RUNTIME_STATE, ErrorKind.RUNTIME_STATE, ErrorKind.RUNTIME_STATE, ErrorKind.RUNTIME_STATE,
            ErrorKind.RUNTIME_STATE};
        String[] ops = {"op1", "exp", "cholesky", "gemm", "withSession", "openSession", "openSession", "withSession",
            "openSession", "dotGeneral", "close", "Backends.get"};
        for (int i = 0; i < all.size(); i++) {
            TensorException e = all.get(i);
            assertThat(e).isInstanceOf(RuntimeException.class);
            assertThat(e.kind()).as("%s", e.getClass()).isEqualTo(kinds[i]);
            assertThat(e.op()).as("%s", e.getClass()).isEqualTo(ops[i]);
            assertThat(e.getMessage()).startsWith(ops[i] + ": ");
        }
        assertThat(all.get(3).getCause()).isSameAs(cause);
        assertThat(all.get(8).getCause()).isSameAs(cause);
        assertThat(all.get(10).getCause()).isSameAs(cause);
        assertThat(all.get(4)).isNotInstanceOf(SessionEntryException.class);
        assertThat(all.get(1)).isNotInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void sessionEntryExceptionIsSealedWithExactlyFiveCases() {
        assertThat(SessionEntryException.class.isSealed()).isTrue();
        assertThat(Arrays.stream(SessionEntryException.class.getPermittedSubclasses()).map(Class::getSimpleName)
                .collect(Collectors.toList())).containsExactlyInAnyOrder("Reentered", "Contended",
                        "IncompatibleContext", "ResourcePoisoned", "ExecutorFailure");
        for (Class<?> c : SessionEntryException.class.getPermittedSubclasses()) {
            assertThat(java.lang.reflect.Modifier.isFinal(c.getModifiers())).as("%s is final", c).isTrue();
            assertThat(RuntimeStateException.class).isAssignableFrom(c);
        }
    }

    @Test
    void contendedKeepsTheInterruptAsItsCause() {
        InterruptedException interrupted = new InterruptedException();
        var e = new SessionEntryException.Contended("openSession", "interrupted while waiting", interrupted);
        assertThat(e.getCause()).isSameAs(interrupted);
        assertThat(e.getMessage()).isEqualTo("openSession: interrupted while waiting");
    }

    @Test
    void numericalFailureCarriesTheBatchMemberAndInfoOnlyWhenGiven() {
        var plain = new NumericalFailureException("div", "integer division by zero");
        assertThat(plain.batchIndex()).isEmpty();
        assertThat(plain.info()).isEmpty();
        var member = new NumericalFailureException("eigh", "batch member 4 did not converge", 4);
        assertThat(member.batchIndex()).hasValue(4);
        assertThat(member.info()).isEmpty();
        var lapack = new NumericalFailureException("cholesky", "batch member 0 is not positive definite", 0, 3);
        assertThat(lapack.batchIndex()).hasValue(0);
        assertThat(lapack.info()).hasValue(3);
        assertThat(lapack.getMessage()).isEqualTo("cholesky: batch member 0 is not positive definite");
        assertThatThrownBy(() -> new NumericalFailureException("solve", "x", -1, 1))
                .isInstanceOf(ValidationException.class).hasMessageContaining("argument 'batchIndex'");
    }

    @Test
    void unsupportedOpNamesTheDtypeWhenThereIsOne() {
        var e = new UnsupportedOpException("exp", "I32", "cast to F64 first");
        assertThat(e.dtype()).isEqualTo("I32");
        assertThat(e.getMessage()).isEqualTo("exp: not defined for dtype I32: cast to F64 first");
        var any = new UnsupportedOpException("fft", null, "not provided by this backend");
        assertThat(any.dtype()).isNull();
        assertThat(any.getMessage()).isEqualTo("fft: not provided by this backend");
    }

    @Test
    void noBackendExceptionCarriesTheDiagnosticsInItsMessage() {
        var e = new NoBackendException("no backend named 'gpu'", "Discovered providers:\n  cpu ...");
        assertThat(e.diagnostics()).isEqualTo("Discovered providers:\n  cpu ...");
        assertThat(e.getMessage()).contains("no backend named 'gpu'").contains("cpu ...");
        assertThat(e).isInstanceOf(RuntimeStateException.class);
        assertThatThrownBy(() -> new NoBackendException("x", null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void kindAndOpAreRequired() {
        assertThatThrownBy(() -> new TensorException(null, "op", "m")).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new TensorException(ErrorKind.VALIDATION, null, "m"))
                .isInstanceOf(NullPointerException.class);
    }
}
