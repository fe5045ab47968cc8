package org.ferrite.bench.report;

/**
 * What was measured for one {@link ReportCase}: per-operation times in nanoseconds over the
 * measurement iterations (one sample per iteration), the median and its 95% confidence interval (from
 * order statistics, distribution-free), the mean and JMH's 99.9% error, and the allocation per
 * operation from JMH's GC profiler; or the failure. Thread-safe (immutable).
 *
 * @param reportCase the case
 * @param medianNs median time per operation
 * @param ciLowNs lower end of the 95% confidence interval of the median
 * @param ciHighNs upper end
 * @param meanNs mean time per operation
 * @param errorNs JMH's 99.9% error of the mean
 * @param samples the number of measurement iterations
 * @param allocBytesPerOp {@code gc.alloc.rate.norm}, or NaN if not measured
 * @param failure why the case failed (a validation error, a crash), or null
 */
record CaseResult(ReportCase reportCase, double medianNs, double ciLowNs, double ciHighNs, double meanNs,
        double errorNs, long samples, double allocBytesPerOp, String failure) {

    /**
     * @param reportCase the case
     * @param failure what went wrong
     * @return a failed result
     */
    static CaseResult failed(ReportCase reportCase, String failure) {
        return new CaseResult(reportCase, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN,
                failure);
    }

    /** @return true if measured */
    boolean ok() {
        return failure == null;
    }
}
