package org.ferrite.bench.report;

/**
 * One line of the table: the measurement, its ratios to the same group's floor and peers (median over
 * median; NaN where there is no such peer), and its target with the verdict. Thread-safe (immutable).
 *
 * @param result the measurement
 * @param toFloor median / the hand loop's median
 * @param toEjml median / EJML's median
 * @param toBlas median / netlib BLAS's median
 * @param target the target in words, or empty
 * @param verdict {@code "met"}, {@code "MISSED"}, {@code "n/a"} (with the reason) or empty
 */
record ReportRow(CaseResult result, double toFloor, double toEjml, double toBlas, String target, String verdict) {
}
