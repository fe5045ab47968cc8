package org.ferrite.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.ferrite.testkit.ConformanceKit;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.suite.DeviceToDeviceConformance;
import org.ferrite.testkit.suite.EinsumConformance;
import org.ferrite.testkit.suite.EventConformance;
import org.ferrite.testkit.suite.LinalgConformance;
import org.ferrite.testkit.suite.LinalgEdgeConformance;
import org.ferrite.testkit.suite.LinalgSolveConformance;
import org.ferrite.testkit.suite.NarrowDTypeConformance;
import org.ferrite.testkit.suite.NumPyIdiomConformance;
import org.ferrite.testkit.suite.PersistentMemoryConformance;
import org.ferrite.testkit.suite.PromotionConformance;
import org.ferrite.testkit.suite.RandomConformance;
import org.ferrite.testkit.suite.SessionConformance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The kit cannot pass vacuously: a provider's kit class that executes none of the kit's tests fails; one
 * that runs a suite executes its tests and reports the excluded suites' tests as skipped. Each case runs a kit class through the JUnit
 * Platform launcher, as a build would, and reads the outcome.
 */
class ConformanceKitSelfTest {

    /** The configuration parameter that enables the kit classes below: only the launcher runs sets it. */
    private static final String SUBJECT = "ferrite.testkit.selftest";

    /** Keeps the kit classes below out of the build's own run (a -Dtest pattern may select nested classes). */
    static final class OnlyThroughTheLauncher implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getConfigurationParameter(SUBJECT).isPresent()
                    ? ConditionEvaluationResult.enabled("run by " + ConformanceKitSelfTest.class.getSimpleName())
                    : ConditionEvaluationResult.disabled("a subject of " + ConformanceKitSelfTest.class.getSimpleName());
        }
    }

    /** The reference provider with every suite excluded: nothing executes. */
    @ExtendWith(OnlyThroughTheLauncher.class)
    static class EverySuiteExcluded extends ReferenceConformanceTest {
        @Override
        protected Set<Class<? extends ProviderConformance>> excludedSuites() {
            return new HashSet<>(ConformanceKit.suites());
        }
    }

    /** A provider that excluded all but the session suite. */
    static class OnlyTheSessionSuite extends EverySuiteExcluded {
        @Override
        protected Set<Class<? extends ProviderConformance>> excludedSuites() {
            Set<Class<? extends ProviderConformance>> all = super.excludedSuites();
            all.remove(SessionConformance.class);
            return all;
        }
    }

    private static TestExecutionSummary run(Class<?> kitClass) {
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request().selectors(selectClass(kitClass))
                .configurationParameter(SUBJECT, "true").build();
        Launcher launcher = LauncherFactory.create();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        launcher.execute(request, listener);
        return listener.getSummary();
    }

    @Test
    void aKitClassThatExecutesNoneOfTheKitsTestsFails() {
        TestExecutionSummary summary = run(EverySuiteExcluded.class);
        assertThat(summary.getTestsSucceededCount()).isZero();
        assertThat(summary.getTestsSkippedCount() + summary.getTestsAbortedCount()).isPositive();
        assertThat(summary.getContainersFailedCount()).as("the kit class itself fails").isEqualTo(1);
        List<TestExecutionSummary.Failure> failures = summary.getFailures();
        assertThat(failures).hasSize(1);
        assertThat(failures.get(0).getException()).hasMessageContaining(EverySuiteExcluded.class.getName())
                .hasMessageContaining("ran none of the conformance kit's tests");
    }

    @Test
    void aKitClassThatRunsASuiteExecutesItsTestsAndReportsTheExcludedOnesAsSkipped() {
        TestExecutionSummary summary = run(OnlyTheSessionSuite.class);
        assertThat(summary.getFailures()).isEmpty();
        assertThat(summary.getTestsSucceededCount()).isGreaterThanOrEqualTo(10);
        assertThat(summary.getTestsAbortedCount()).as("the excluded suites' tests").isPositive();
    }

    @Test
    void theKitListsEverySuiteItRuns() {
        assertThat(ConformanceKit.suites()).hasSize(23).contains(SessionConformance.class, PromotionConformance.class,
                EinsumConformance.class, LinalgConformance.class, LinalgSolveConformance.class,
                LinalgEdgeConformance.class, PersistentMemoryConformance.class, EventConformance.class,
                DeviceToDeviceConformance.class, RandomConformance.class, NarrowDTypeConformance.class,
                NumPyIdiomConformance.class)
                .doesNotHaveDuplicates();
    }
}
