package org.ferrite.opencl;

/** The test backend shared by every test class of a forked JVM (its programs compile once). */
final class OpenClTesting {
    private static OpenClBackend shared;

    private OpenClTesting() {
    }

    static synchronized OpenClBackend shared() {
        if (shared == null) {
            shared = OpenClBackend.builder().build();
        }
        return shared;
    }
}
