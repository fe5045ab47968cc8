package org.ferrite.bench;

/**
 * The benchmarks' arms that run with the CPU provider's Vector API kernels: their forks add
 * {@link #ADD_MODULE}, and every arm checks in its trial set-up that its JVM matches its name, so that a
 * fork whose JVM arguments were changed on the command line fails instead of being reported under the
 * wrong name. Thread-safe (stateless; no instances).
 */
final class VectorApiForks {
    /** The JVM argument of a vector arm's {@code @Fork(jvmArgsAppend = …)}. */
    static final String ADD_MODULE = "--add-modules=jdk.incubator.vector";

    private VectorApiForks() {
    }

    /**
     * @param arm the arm's method name
     * @param vectorArm whether the arm is named as one that runs with the vector kernels
     * @throws IllegalStateException if the kernels' presence in this JVM (the module in the boot layer and
     *     no {@code -Dferrite.simd=false}) differs from what the arm's name says
     */
    static void requireMatchingJvm(String arm, boolean vectorArm) {
        boolean vector = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
                && !"false".equals(System.getProperty("ferrite.simd"));
        if (vector != vectorArm) {
            throw new IllegalStateException(arm + " must run " + (vector ? "without" : "with")
                    + " the Vector API kernels (" + ADD_MODULE + ", and no -Dferrite.simd=false): keep its @Fork"
                    + " arguments");
        }
    }
}
