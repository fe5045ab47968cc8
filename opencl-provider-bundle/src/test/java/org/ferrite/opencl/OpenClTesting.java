package org.ferrite.opencl;

/**
 * What the OpenCL tests share in one forked JVM: whether a device is present (else every OpenCL test class
 * is disabled, with the reason printed once) and one backend, whose programs compile once for the run.
 *
 * <p>Thread-safe (synchronized). Lifetime: the test JVM.
 */
final class OpenClTesting {
    private static OpenClBackend shared;
    private static boolean told;

    private OpenClTesting() {
    }

    /** @return true if an OpenCL device is present; prints the reason, once, if not */
    static synchronized boolean available() {
        String reason = OpenClBackend.unavailableReason();
        if (!reason.isEmpty() && !told) {
            told = true;
            System.err.println("OpenCL tests SKIPPED: " + reason);
        }
        return reason.isEmpty();
    }

    /** @return the backend shared by the test classes (never closed: the JVM's end releases it) */
    static synchronized OpenClBackend shared() {
        if (shared == null) {
            shared = OpenClBackend.builder().build();
        }
        return shared;
    }
}
