package org.ferrite.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A case's forks, run in separate rounds, are summarised as one sample. */
class ReportRunnerTest {
    private static final ReportCase CASE = ReportSuite.cases(false).get(0);

    @Test
    void forksArePooledIntoOneMedianAndTheirAllocationAveraged() {
        ReportRunner.Fork quiet = new ReportRunner.Fork(new double[] {10, 11, 12, 13}, 0, null);
        ReportRunner.Fork busy = new ReportRunner.Fork(new double[] {14, 15, 16, 17}, 8, null);
        CaseResult r = ReportRunner.summarise(CASE, List.of(quiet, busy));
        assertThat(r.ok()).isTrue();
        assertThat(r.samples()).isEqualTo(8);
        assertThat(r.medianNs()).as("the median of all eight samples").isEqualTo(13.5);
        assertThat(r.meanNs()).isEqualTo(13.5);
        assertThat(r.allocBytesPerOp()).isEqualTo(4);
        assertThat(quiet.medianNs()).as("a fork's own median, for its progress line").isEqualTo(11.5);
    }

    @Test
    void aFailedForkFailsTheCase() {
        ReportRunner.Fork ok = new ReportRunner.Fork(new double[] {10, 11}, 0, null);
        ReportRunner.Fork failed = new ReportRunner.Fork(new double[0], Double.NaN, "IllegalStateException: wrong");
        CaseResult r = ReportRunner.summarise(CASE, List.of(ok, failed));
        assertThat(r.ok()).isFalse();
        assertThat(r.failure()).isEqualTo("IllegalStateException: wrong");
    }

    @Test
    void gemmCasesRunInOneForkAndDispatchCasesInTheProtocols() {
        ReportRunner runner = new ReportRunner(Protocol.QUICK, java.nio.file.Path.of("."));
        for (ReportCase c : ReportSuite.cases(false)) {
            assertThat(runner.forksOf(c)).as(c.title()).isEqualTo(ReportSuite.isGemm(c) ? 1 : Protocol.QUICK.forks());
        }
    }
}
