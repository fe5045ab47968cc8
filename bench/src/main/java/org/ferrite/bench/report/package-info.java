/**
 * The report command — the project's main job: {@code java -jar bench/target/benchmarks.jar report
 * [--full] [--json FILE]} runs the held-session dispatch suite and the GEMM comparison through the JMH
 * Runner API on one worker, then prints a Markdown table (median, 95% confidence interval,
 * allocation per operation, ratios to the hand-loop floor and to each peer, the targets and whether
 * they are met) with the machine, JDK and BLAS route, and writes the same as JSON. Any other arguments
 * go to JMH's own command line.
 */
package org.ferrite.bench.report;
