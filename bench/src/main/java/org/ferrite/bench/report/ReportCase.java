package org.ferrite.bench.report;

/**
 * One row of the report: which benchmark method with which parameter, how it is labelled, its role,
 * and its group (the size or {@code n} its peers share). Thread-safe (immutable).
 *
 * @param label the case as the reference names it, e.g. {@code "held/into"}
 * @param benchmarkClass the JMH benchmark class
 * @param method the benchmark method
 * @param parameter the JMH parameter name, or null
 * @param value its value (the group), or 0 without a parameter
 * @param role what the row is compared as
 */
record ReportCase(String label, Class<?> benchmarkClass, String method, String parameter, int value, Role role) {

    /** What a row is, for the ratio columns. */
    enum Role {
        /** A Ferrite measurement. */
        FERRITE,
        /** The dispatch-free hand-written loop. */
        FLOOR,
        /** EJML. */
        EJML,
        /** netlib BLAS. */
        BLAS,
        /** Another library's loop over the same work (ojAlgo), a target's peer without a ratio column. */
        PEER
    }

    /** @return the JMH include pattern selecting exactly this method */
    String includePattern() {
        return "^" + benchmarkClass.getName().replace(".", "\\.") + "\\." + method + "$";
    }

    /** @return e.g. {@code "held/into @ size=95"} */
    String title() {
        return parameter == null ? label : label + " @ " + parameter + "=" + value;
    }
}
