package org.ferrite.testkit;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.junit.jupiter.api.extension.TestWatcher;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The kit's guard against a false pass: it counts, per top-level test class, the kit tests that really
 * executed (passed or failed; not skipped, aborted or disabled), and fails that class — as a container
 * failure that fails the build — when the count is zero after all of its tests and nested suites ran.
 * A provider whose test class runs none of the suites (every suite excluded, every test aborted by an
 * assumption, a device missing on the build machine) is reported as a failure, never as
 * "Tests run: 0 … BUILD SUCCESS".
 *
 * <p>Before each test of a suite nested in a {@link ConformanceKit}, it also binds the suite to its kit
 * (from JUnit's enclosing test instances) and aborts the test, as skipped, when the provider excluded
 * that suite ({@link ConformanceKit#excludedSuites()}).
 *
 * <p>Thread-safe (JUnit may call it from several threads; the counts are atomic). Lifetime: JUnit creates
 * it per registration; the counts live in the top-level class's extension store.
 */
final class KitRun implements BeforeEachCallback, TestExecutionExceptionHandler, TestWatcher, AfterAllCallback {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(KitRun.class);

    /** Counts of one top-level test class. */
    static final class Tally {
        final AtomicLong executed = new AtomicLong();
        final AtomicLong notExecuted = new AtomicLong();
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        Object suite = context.getRequiredTestInstance();
        if (!(suite instanceof ProviderConformance)) {
            return;
        }
        ProviderConformance conformance = (ProviderConformance) suite;
        for (Object enclosing : context.getRequiredTestInstances().getAllInstances()) {
            if (enclosing instanceof ConformanceKit) {
                conformance.kit = (ConformanceKit) enclosing;
            }
        }
        if (conformance.kit != null) {
            Class<?> type = ConformanceKit.suiteOf(conformance.getClass());
            if (conformance.kit.excludedSuites().contains(type)) {
                throw new TestAbortedException(type.getSimpleName() + " is excluded by "
                        + conformance.kit.getClass().getName() + ".excludedSuites()");
            }
        }
    }

    /** A refusal of a dtype the provider does not advertise is no failure: the test does not apply. */
    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        Object suite = context.getTestInstance().orElse(null);
        if (suite instanceof ProviderConformance) {
            Optional<org.ferrite.api.tensor.DType> dtype = ((ProviderConformance) suite).refusedDtype(thrown);
            if (dtype.isPresent()) {
                TestAbortedException skip = new TestAbortedException("the provider does not advertise " + dtype.get()
                        + " (BackendCapabilities.dtypes()) and refused it: this test does not apply");
                skip.addSuppressed(thrown);
                throw skip;
            }
        }
        throw thrown;
    }

    @Override
    public void testSuccessful(ExtensionContext context) {
        tally(context).executed.incrementAndGet();
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        tally(context).executed.incrementAndGet();
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        tally(context).notExecuted.incrementAndGet();
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        tally(context).notExecuted.incrementAndGet();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (context.getParent().flatMap(ExtensionContext::getTestClass).isPresent()) {
            return; // a nested suite: the top-level class decides
        }
        Tally tally = tally(context);
        if (tally.executed.get() == 0) {
            throw new AssertionFailedError(context.getRequiredTestClass().getName() + " ran none of the"
                    + " conformance kit's tests (" + tally.notExecuted.get() + " skipped, aborted or disabled)."
                    + " A conformance run that executes nothing proves nothing: extend ConformanceKit, supply a"
                    + " usable backend, and exclude only suites that do not apply to the provider.");
        }
    }

    /** The tally of the top-level test class that {@code context} belongs to. */
    private static Tally tally(ExtensionContext context) {
        ExtensionContext top = context;
        while (top.getParent().flatMap(ExtensionContext::getTestClass).isPresent()) {
            top = top.getParent().get();
        }
        return top.getStore(NAMESPACE).getOrComputeIfAbsent(Tally.class, k -> new Tally(), Tally.class);
    }
}
