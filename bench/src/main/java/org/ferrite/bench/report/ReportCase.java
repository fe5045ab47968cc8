package org.ferrite.bench.report;

import java.util.Map;

/**
 * One row of the report: which benchmark method with which parameters, how it is labelled, its role,
 * and its group: the rows it is compared with — by default the rows of its suite
 * ({@link ReportSuite#group}) with the same size or {@code n}; for the linear-algebra rows an explicit
 * key (operation, dtype, order). Thread-safe
 * (immutable).
 *
 * @param label the case as the reference names it, e.g. {@code "held/into"}
 * @param benchmarkClass the JMH benchmark class
 * @param method the benchmark method
 * @param parameter the JMH parameter name, or null
 * @param value its value (the group), or 0 without a parameter
 * @param role what the row is compared as
 * @param params further JMH parameters fixed for this row (e.g. {@code op=svd}), in order
 * @param group the comparison group, or null for the default (suite and {@code value})
 */
record ReportCase(String label, Class<?> benchmarkClass, String method, String parameter, int value, Role role,
        Map<String, String> params, String group) {

    /**
     * A row compared by the default group.
     *
     * @param label the label
     * @param benchmarkClass the benchmark class
     * @param method the method
     * @param parameter the parameter, or null
     * @param value its value
     * @param role the role
     */
    ReportCase(String label, Class<?> benchmarkClass, String method, String parameter, int value, Role role) {
        this(label, benchmarkClass, method, parameter, value, role, Map.of(), null);
    }

    /** What a row is, for the ratio columns. */
    enum Role {
        /** A Ferrite measurement. */
        FERRITE,
        /** The dispatch-free hand-written loop. */
        FLOOR,
        /** EJML. */
        EJML,
        /** The native peer: netlib BLAS, or LAPACK called directly for the linear-algebra rows. */
        BLAS,
        /** Another library's loop over the same work (ojAlgo), a target's peer without a ratio column. */
        PEER
    }

    /** @return the JMH include pattern selecting exactly this method */
    String includePattern() {
        return "^" + benchmarkClass.getName().replace(".", "\\.") + "\\." + method + "$";
    }

    /** @return e.g. {@code "held/into @ size=95"}, {@code "linalg/svd F64 @ n=64"} */
    String title() {
        return parameter == null ? label : label + " @ " + parameter + "=" + value;
    }

    /**
     * @param other another row
     * @return true if the two rows are compared with each other
     */
    boolean sameGroup(ReportCase other) {
        return ReportSuite.group(this).equals(ReportSuite.group(other)) && value == other.value;
    }
}
