package org.ferrite.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.ferrite.api.error.BackendFailureException;
import org.ferrite.api.error.ErrorKind;
import org.ferrite.api.error.NoBackendException;
import org.ferrite.api.error.ValidationException;
import org.junit.jupiter.api.Test;

class BackendsTest {
    private static final Function<String, String> UNSET = key -> null;

    private static Function<String, String> only(String key, String value) {
        return k -> k.equals(key) ? value : null;
    }

    private static Backends.Discovery found(BackendProvider... providers) {
        return new Backends.Discovery(new ArrayList<>(List.of(providers)), new ArrayList<>());
    }

    private static Backends.Discovery all() {
        return found(new TestProviders.Alpha(), new TestProviders.Beta(), new TestProviders.Gamma(),
                new TestProviders.Broken());
    }

    @Test
    void explicitNameWinsOverPropertyAndEnvironment() {
        BackendProvider p = Backends.select("alpha", all(), only(Backends.PROPERTY, "beta"),
                only(Backends.ENVIRONMENT, "beta"));
        assertThat(p.name()).isEqualTo("alpha");
    }

    @Test
    void systemPropertyWinsOverEnvironmentAndPriority() {
        BackendProvider p = Backends.select(null, all(), only(Backends.PROPERTY, "alpha"),
                only(Backends.ENVIRONMENT, "beta"));
        assertThat(p.name()).isEqualTo("alpha");
    }

    @Test
    void environmentWinsOverPriorityAndBlankValuesAreIgnored() {
        assertThat(Backends.select(null, all(), UNSET, only(Backends.ENVIRONMENT, "alpha")).name()).isEqualTo("alpha");
        assertThat(Backends.select(null, all(), only(Backends.PROPERTY, "  "), only(Backends.ENVIRONMENT, " alpha "))
                .name()).isEqualTo("alpha");
    }

    @Test
    void withoutANameTheHighestPriorityAvailableProviderWins() {
        // gamma has the highest priority but is unavailable; broken throws from every query
        assertThat(Backends.select(null, all(), UNSET, UNSET).name()).isEqualTo("beta");
        assertThat(Backends.select(null, found(new TestProviders.Alpha()), UNSET, UNSET).name()).isEqualTo("alpha");
    }

    @Test
    void priorityTiesAreBrokenByNameWhateverTheDiscoveryOrder() {
        BackendProvider a = new TestProviders.Base("zeta", 7, true) { };
        BackendProvider b = new TestProviders.Base("eta", 7, true) { };
        assertThat(Backends.select(null, found(a, b), UNSET, UNSET).name()).isEqualTo("eta");
        assertThat(Backends.select(null, found(b, a), UNSET, UNSET).name()).isEqualTo("eta");
    }

    @Test
    void aProviderThatThrowsDoesNotBreakSelectionByName() {
        assertThat(Backends.select(null, found(new TestProviders.Broken(), new TestProviders.Alpha()),
                only(Backends.PROPERTY, "alpha"), UNSET).name()).isEqualTo("alpha");
    }

    @Test
    void unknownNameIsAnErrorListingTheKnownProvidersNeverAFallback() {
        NoBackendException e = catchThrowableOfType(NoBackendException.class,
                () -> Backends.select(null, all(), only(Backends.PROPERTY, "cuda"), UNSET));
        assertThat(e.kind()).isEqualTo(ErrorKind.RUNTIME_STATE);
        assertThat(e.getMessage()).contains("no backend named 'cuda'").contains("system property ferrite.backend")
                .contains("known: [alpha, beta, gamma]");
        assertThat(e.diagnostics()).contains("alpha").contains("beta").contains("gamma")
                .contains(TestProviders.Broken.class.getName());
        NoBackendException env = catchThrowableOfType(NoBackendException.class,
                () -> Backends.select(null, all(), UNSET, only(Backends.ENVIRONMENT, "tpu")));
        assertThat(env.getMessage()).contains("environment variable FERRITE_BACKEND");
        NoBackendException explicit = catchThrowableOfType(NoBackendException.class,
                () -> Backends.select("tpu", all(), UNSET, UNSET));
        assertThat(explicit.getMessage()).contains("the explicit name");
    }

    @Test
    void anUnavailableProviderAskedForByNameIsAnErrorWithItsReason() {
        NoBackendException e = catchThrowableOfType(NoBackendException.class,
                () -> Backends.select("gamma", all(), UNSET, UNSET));
        assertThat(e.getMessage()).contains("'gamma'").contains("not available").contains("no CUDA device");
        assertThat(e.diagnostics()).contains("UNAVAILABLE").contains("no CUDA device");
    }

    @Test
    void noAvailableProviderIsAnErrorCarryingTheDiagnostics() {
        NoBackendException e = catchThrowableOfType(NoBackendException.class,
                () -> Backends.select(null, found(new TestProviders.Gamma()), UNSET, UNSET));
        assertThat(e.getMessage()).contains("no available backend provider").contains("ferrite-cpu");
        assertThat(e.diagnostics()).contains("gamma").contains("UNAVAILABLE").contains("no CUDA device");
        NoBackendException none = catchThrowableOfType(NoBackendException.class,
                () -> Backends.select(null, found(), UNSET, UNSET));
        assertThat(none.diagnostics()).contains("none").contains("META-INF/services/org.ferrite.api.BackendProvider");
    }

    @Test
    void diagnosticsListEveryDiscoveredProviderAndEveryLoadFailure() {
        List<ProviderDiagnostic> d = Backends.diagnostics();
        Map<String, ProviderDiagnostic> byClass = d.stream()
                .collect(Collectors.toMap(ProviderDiagnostic::providerClass, x -> x, (x, y) -> x));
        ProviderDiagnostic alpha = byClass.get(TestProviders.Alpha.class.getName());
        assertThat(alpha.name()).isEqualTo("alpha");
        assertThat(alpha.priority()).isEqualTo(10);
        assertThat(alpha.available()).isTrue();
        assertThat(alpha.reason()).isEmpty();
        assertThat(alpha.classLoader()).isNotEmpty();
        ProviderDiagnostic gamma = byClass.get(TestProviders.Gamma.class.getName());
        assertThat(gamma.available()).isFalse();
        assertThat(gamma.reason()).isEqualTo("no CUDA device");
        ProviderDiagnostic broken = byClass.get(TestProviders.Broken.class.getName());
        assertThat(broken.available()).isFalse();
        assertThat(broken.reason()).contains("broken provider");
        assertThat(d).anySatisfy(x -> {
            assertThat(x.available()).isFalse();
            assertThat(x.reason()).contains("org.ferrite.api.NoSuchProvider");
        });
        assertThat(d.stream().filter(x -> x.name().equals("alpha")).count()).as("deduplicated").isEqualTo(1);
        assertThat(gamma.toString()).contains("gamma").contains("priority=100").contains("UNAVAILABLE")
                .contains(": no CUDA device");
    }

    @Test
    void getByNameReturnsOneSharedBackendAndCreateReturnsPrivateOnes() {
        Backend a1 = Backends.get("alpha");
        Backend a2 = Backends.get("alpha");
        assertThat(a1).isSameAs(a2);
        assertThat(a1.name()).isEqualTo("alpha");
        Backend own = Backends.create("alpha", Map.of("threads", "2"));
        assertThat(own).isNotSameAs(a1);
        assertThat(((TestProviders.StubBackend) own).properties()).containsEntry("threads", "2");
        NoBackendException e = catchThrowableOfType(NoBackendException.class, () -> Backends.get("nope"));
        assertThat(e.getMessage()).contains("known: [alpha, beta, gamma]");
        assertThat(e.diagnostics()).contains("NoSuchProvider");
    }

    @Test
    void sharedBackendCloseIsANoOp() {
        Backend shared = Backends.get("alpha");
        TestProviders.StubBackend owned = (TestProviders.StubBackend) ((SharedBackend) shared).owned();
        int before = owned.closes.get();
        try (Backend b = Backends.get("alpha")) {
            assertThat(b).isSameAs(shared);
        }
        shared.close();
        shared.close();
        assertThat(shared.<String>withSession(s -> "still usable")).isEqualTo("still usable");
        assertThat(Backends.get("alpha")).isSameAs(shared);
        assertThat(owned.closes).as("the owned backend behind the shared face").hasValue(before);
        assertThat(shared.capabilities().dtypes()).containsExactly(org.ferrite.api.tensor.DType.F64);
        assertThat(shared.toString()).contains("alpha");
    }

    @Test
    void createdBackendsAreOwnedAndCloseForReal() {
        Backend own = Backends.create("alpha", Map.of());
        own.close();
        assertThat(((TestProviders.StubBackend) own).closes).hasValue(1);
    }

    @Test
    void theFacadeClosesTheOwnedBackendsBehindTheSharedOnesAtExit() {
        Backend shared = Backends.get("beta");
        TestProviders.StubBackend owned = (TestProviders.StubBackend) ((SharedBackend) shared).owned();
        int before = owned.closes.get();
        Backends.closeShared(); // what the shutdown hook runs
        assertThat(owned.closes).hasValue(before + 1);
    }

    @Test
    void getReadsTheRealSystemPropertyAndOtherwisePicksByPriority() {
        String before = System.getProperty(Backends.PROPERTY);
        try {
            System.setProperty(Backends.PROPERTY, "alpha");
            assertThat(Backends.get().name()).isEqualTo("alpha");
            System.clearProperty(Backends.PROPERTY);
            if (System.getenv(Backends.ENVIRONMENT) == null) {
                assertThat(Backends.get().name()).isEqualTo("beta");
            }
        } finally {
            if (before == null) {
                System.clearProperty(Backends.PROPERTY);
            } else {
                System.setProperty(Backends.PROPERTY, before);
            }
        }
    }

    @Test
    void providerDiagnosticToleratesMissingTextsButNotAMissingClass() {
        ProviderDiagnostic missing = new ProviderDiagnostic(null, "C", "loader", 1, false, null);
        assertThat(missing.name()).isEqualTo("?");
        assertThat(missing.reason()).isEmpty();
        ValidationException e = catchThrowableOfType(ValidationException.class,
                () -> new ProviderDiagnostic("x", null, "loader", 1, true, ""));
        assertThat(e.getMessage()).contains("providerClass");
        assertThat(new ProviderDiagnostic("cpu", "C", "app", 100, true, "").toString()).doesNotEndWith(": ");
    }

    @Test
    void aProviderWithoutANameIsListedAndNamedInErrorsButNeverSelected() {
        BackendProvider nameless = new TestProviders.Base(null, 1000, true) { };
        Backends.Discovery found = found(nameless, new TestProviders.Alpha());
        assertThat(Backends.select(null, found, UNSET, UNSET).name()).isEqualTo("alpha");
        ProviderDiagnostic listed = Backends.diagnose(found).get(0);
        assertThat(listed.name()).isEqualTo("?");
        assertThat(listed.available()).isFalse();
        assertThat(listed.reason()).contains("name() returned null").contains("never selected");
        NoBackendException e = catchThrowableOfType(NoBackendException.class,
                () -> Backends.select("beta", found, UNSET, UNSET));
        assertThat(e.getMessage()).contains("known: [alpha]");
        assertThat(e.diagnostics()).contains(nameless.getClass().getName()).contains("name() returned null");
        NoBackendException none = catchThrowableOfType(NoBackendException.class,
                () -> Backends.select(null, found(nameless), UNSET, UNSET));
        assertThat(none.diagnostics()).contains("name() returned null");
    }

    @Test
    void anUnavailableProviderWithoutAReasonOrWhoseReasonThrowsStillGetsOne() {
        BackendProvider silent = new TestProviders.Base("silent", 1, false) {
            @Override
            public String unavailableReason() {
                return null;
            }
        };
        BackendProvider throwing = new TestProviders.Base("throwing", 1, false) {
            @Override
            public String unavailableReason() {
                throw new IllegalStateException("reason lost");
            }
        };
        NoBackendException e = catchThrowableOfType(NoBackendException.class,
                () -> Backends.select("silent", found(silent, throwing), UNSET, UNSET));
        assertThat(e.getMessage()).contains("'silent'").contains("not available: it gave no reason");
        assertThat(e.diagnostics()).contains("silent").contains("it gave no reason").contains("throwing")
                .contains("reason lost");
        NoBackendException byThrowing = catchThrowableOfType(NoBackendException.class,
                () -> Backends.select("throwing", found(silent, throwing), UNSET, UNSET));
        assertThat(byThrowing.getMessage()).contains("provider failed").contains("reason lost");
    }

    @Test
    void aProviderWhoseCreateThrowsFailsTypedNamingItWithDiagnosticsAndTheCause() {
        IllegalStateException cause = new IllegalStateException("no device context");
        BackendProvider failing = new TestProviders.Base("failing", 1, true) {
            @Override
            public Backend create(Map<String, String> properties) {
                throw cause;
            }
        };
        BackendProvider selected = Backends.select("failing", found(failing, new TestProviders.Gamma()), UNSET, UNSET);
        BackendFailureException e = catchThrowableOfType(BackendFailureException.class,
                () -> selected.create(Map.of()));
        assertThat(e.kind()).isEqualTo(ErrorKind.BACKEND_FAILURE);
        assertThat(e.getCause()).isSameAs(cause);
        assertThat(e.getMessage()).contains("backend provider 'failing'").contains(failing.getClass().getName())
                .contains("no device context").contains("Discovered providers:").contains("no CUDA device");
    }

    @Test
    void aProviderWhoseCreateReturnsNullOrFailsToLinkFailsTyped() {
        BackendProvider nothing = new TestProviders.Base("nothing", 1, true) {
            @Override
            public Backend create(Map<String, String> properties) {
                return null;
            }
        };
        BackendProvider unlinked = new TestProviders.Base("unlinked", 1, true) {
            @Override
            public Backend create(Map<String, String> properties) {
                throw new NoClassDefFoundError("com/example/Native");
            }
        };
        assertThat(catchThrowableOfType(BackendFailureException.class,
                () -> Backends.select("nothing", found(nothing), UNSET, UNSET).create(Map.of())).getMessage())
                .contains("'nothing'").contains("returned no backend");
        assertThat(catchThrowableOfType(BackendFailureException.class,
                () -> Backends.select(null, found(unlinked), UNSET, UNSET).create(Map.of())))
                .hasCauseInstanceOf(NoClassDefFoundError.class).hasMessageContaining("'unlinked'");
    }

    @Test
    void aTypedErrorFromCreatePassesThroughUnchanged() {
        ValidationException typed = ValidationException.invalidArgument("create", "threads", "at least 1", "0", null);
        BackendProvider strict = new TestProviders.Base("strict", 1, true) {
            @Override
            public Backend create(Map<String, String> properties) {
                throw typed;
            }
        };
        assertThat(catchThrowableOfType(ValidationException.class,
                () -> Backends.select("strict", found(strict), UNSET, UNSET).create(Map.of()))).isSameAs(typed);
    }
}
