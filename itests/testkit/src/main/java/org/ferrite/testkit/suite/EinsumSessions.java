package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.einsum.EinsumKernels;

/**
 * Session plumbing for the einsum suite: wrappers built as dynamic proxies over the provider's own
 * session view (every call forwarded unchanged, so the provider's kernels run) — one records what einsum
 * allocates and reclaims and can make one operation fail, one offers an {@link EinsumKernels} extension —
 * and the misuse assertion.
 *
 * <p>Confined to the thread of the wrapped session view, as the view is. Lifetime: that of the view.
 */
final class EinsumSessions {
    private EinsumSessions() {
    }

    /** Records {@code allocate}/{@code reclaim} through the wrapper; optionally fails one operation. */
    static final class Recording {
        final BackendSession session;
        final Set<Tensor> allocated = Collections.newSetFromMap(new IdentityHashMap<>());
        final Set<Tensor> reclaimed = Collections.newSetFromMap(new IdentityHashMap<>());
        private int failOnCall = -1;
        private int calls;
        private Predicate<String> failing = name -> false;

        Recording(BackendSession real) {
            this.session = (BackendSession) Proxy.newProxyInstance(EinsumSessions.class.getClassLoader(),
                    new Class<?>[] {BackendSession.class}, (proxy, method, args) -> {
                        String name = method.getName();
                        if (failing.test(name) && ++calls == failOnCall) {
                            throw new IllegalStateException("injected failure of " + name);
                        }
                        Object result = forward(real, method, args);
                        if (name.equals("allocate")) {
                            allocated.add((Tensor) result);
                        } else if (name.equals("reclaim")) {
                            reclaimed.add((Tensor) args[0]);
                        }
                        return result;
                    });
        }

        /** Makes the {@code n}-th call (from 1) of an operation whose name {@code which} accepts throw. */
        void failOn(Predicate<String> which, int n) {
            this.failing = which;
            this.failOnCall = n;
        }

        /** @return what was allocated through the wrapper and never reclaimed, except {@code result} */
        Set<Tensor> leaked(Tensor result) {
            Set<Tensor> leaked = Collections.newSetFromMap(new IdentityHashMap<>());
            leaked.addAll(allocated);
            leaked.removeAll(reclaimed);
            leaked.remove(result);
            return leaked;
        }
    }

    /** @return {@code real} with {@code kernels} as its {@link EinsumKernels} extension */
    static BackendSession withKernels(BackendSession real, EinsumKernels kernels) {
        return (BackendSession) Proxy.newProxyInstance(EinsumSessions.class.getClassLoader(),
                new Class<?>[] {BackendSession.class}, (proxy, method, args) -> {
                    if (method.getName().equals("extension") && args[0] == EinsumKernels.class) {
                        return Optional.of(kernels);
                    }
                    return forward(real, method, args);
                });
    }

    private static Object forward(BackendSession real, java.lang.reflect.Method method, Object[] args)
            throws Throwable {
        try {
            return method.invoke(real, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** A call that writes {@code out} from {@code operands}. */
    interface Call {
        void run(BackendSession s, TensorWrite out, TensorRead[] operands);
    }

    /**
     * Asserts that {@code call} fails with a {@link ValidationException} of {@code kind} naming
     * {@code argument}, op {@code "einsum"}, before writing {@code out}.
     */
    static void expectRejected(Misuse.InSession suite, String what, ValidationKind kind, String argument,
            Tensor outHost, Call call, Tensor... operandsHost) {
        suite.run((s, m) -> {
            TensorView out = EinsumOracle.onSession(s, TensorView.of(outHost));
            Tensor outBefore = s.toHost(out);
            TensorRead[] ops = EinsumOracle.onSession(s, operandsHost, new SplittableRandom(8));
            Throwable thrown = catchThrowable(() -> call.run(s, out, ops));
            assertThat(thrown).as(what).isInstanceOf(ValidationException.class);
            ValidationException e = (ValidationException) thrown;
            assertThat(e.validationKind()).as(what + ": " + e.getMessage()).isEqualTo(kind);
            assertThat(e.argument()).as(what + ": " + e.getMessage()).isEqualTo(argument);
            assertThat(e.op()).isEqualTo("einsum");
            assertThat(Tensor.contentEquals(s.toHost(out), outBefore)).as(what + ": out untouched").isTrue();
            return null;
        });
    }
}
