package org.ferrite.bench.report;

import java.util.Arrays;

/**
 * Main class of {@code benchmarks.jar}: {@code report …} runs the report command, {@code guide-table …}
 * regenerates the performance guide's table from a results file ({@link GuideTable}), anything else is
 * JMH's command line ({@code -l} lists the benchmarks, a regex runs them). Thread-safe (stateless).
 */
public final class BenchmarksMain {
    private BenchmarksMain() {
    }

    /**
     * @param args {@code report [--full] [--json FILE] [--only REGEX]}, {@code guide-table RESULTS [GUIDE]},
     *     or JMH arguments
     * @throws Exception whatever JMH throws
     */
    public static void main(String[] args) throws Exception {
        if (args.length > 0 && "report".equals(args[0])) {
            System.exit(ReportCommand.run(Arrays.copyOfRange(args, 1, args.length)));
        }
        if (args.length > 0 && "guide-table".equals(args[0])) {
            System.exit(GuideTable.run(Arrays.copyOfRange(args, 1, args.length)));
        }
        org.openjdk.jmh.Main.main(args);
    }
}
