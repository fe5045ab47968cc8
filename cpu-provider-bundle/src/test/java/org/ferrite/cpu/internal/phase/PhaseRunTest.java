package org.ferrite.cpu.internal.phase;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.cpu.PhaseRunException;
import org.junit.jupiter.api.Test;

/** Which failure a run reports, and what it carries. */
class PhaseRunTest {
    @Test
    void aRunWithoutFailuresReportsNothingAndIsNotCancelled() {
        PhaseRun run = new PhaseRun(3);
        assertThat(run.cancelled()).isFalse();
        assertThat(run.failure()).isNull();
    }

    @Test
    void anyFailureCancelsTheRun() {
        PhaseRun lane = new PhaseRun(2);
        lane.laneFailed(1, new IOException());
        assertThat(lane.cancelled()).isTrue();
        PhaseRun session = new PhaseRun(2);
        session.sessionFailed(0, new IllegalStateException());
        assertThat(session.cancelled()).isTrue();
    }

    @Test
    void theLowestLaneIndexWinsWithinAClassAndTheOthersAreSuppressedWithTheirLanes() {
        PhaseRun run = new PhaseRun(3);
        IOException two = new IOException("two");
        IOException one = new IOException("one");
        run.laneFailed(2, two);
        run.laneFailed(1, one);
        Throwable failure = run.failure();
        assertThat(failure).isInstanceOf(PhaseRunException.LaneFailed.class).hasCause(one);
        assertThat(((PhaseRunException) failure).laneIndex()).isEqualTo(1);
        assertThat(failure.getSuppressed()).hasSize(1);
        assertThat(failure.getSuppressed()[0]).isInstanceOf(PhaseRunException.LaneFailed.class)
                .hasCause(two).extracting(t -> ((PhaseRunException) t).laneIndex()).isEqualTo(2);
    }

    @Test
    void precedenceIsSessionThenUncheckedThenLaneError() {
        IOException checked = new IOException("checked");
        IllegalStateException session = new IllegalStateException("session");
        IllegalArgumentException unchecked = new IllegalArgumentException("unchecked");

        PhaseRun sessionOverLane = new PhaseRun(2);
        sessionOverLane.laneFailed(0, checked);
        sessionOverLane.sessionFailed(1, session);
        assertThat(sessionOverLane.failure()).isInstanceOf(PhaseRunException.SessionFailed.class).hasCause(session);

        PhaseRun sessionOverAll = new PhaseRun(3);
        sessionOverAll.laneFailed(0, checked);
        sessionOverAll.sessionFailed(1, session);
        sessionOverAll.laneFailed(2, unchecked);
        Throwable failure = sessionOverAll.failure();
        assertThat(failure).isInstanceOf(PhaseRunException.SessionFailed.class).hasCause(session);
        assertThat(failure.getSuppressed()).hasSize(2);

        PhaseRun uncheckedOverChecked = new PhaseRun(2);
        uncheckedOverChecked.laneFailed(0, checked);
        uncheckedOverChecked.laneFailed(1, unchecked);
        assertThat(uncheckedOverChecked.failure()).isSameAs(unchecked);
    }

    @Test
    void theSameThrowableFromTwoLanesIsReportedOnceAndNotSuppressedIntoItself() {
        IllegalStateException shared = new IllegalStateException("shared");
        PhaseRun run = new PhaseRun(2);
        run.laneFailed(0, shared);
        run.laneFailed(1, shared);
        assertThat(run.failure()).isSameAs(shared);
        assertThat(shared.getSuppressed()).isEmpty();
    }

    @Test
    void aLaneNoWorkerStartedIsAnExecutorFailureOfTheSession() {
        PhaseRun run = new PhaseRun(2);
        run.notStarted(1);
        Throwable failure = run.failure();
        assertThat(failure).isInstanceOf(PhaseRunException.SessionFailed.class)
                .hasCauseInstanceOf(SessionEntryException.ExecutorFailure.class)
                .hasMessageContaining("before lane 1 started");
        assertThat(run.cancelled()).isTrue();
    }
}
