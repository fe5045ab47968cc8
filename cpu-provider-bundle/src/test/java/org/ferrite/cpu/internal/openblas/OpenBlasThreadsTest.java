package org.ferrite.cpu.internal.openblas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

/** {@link OpenBlasThreads}: absence reported quietly, the one-thread pin, and the process-wide setter. */
class OpenBlasThreadsTest {
    private static final String OPENBLAS_LAPACK = "liblapack.so.3";
    /**
     * A library that neither is nor depends on OpenBLAS (JNA's "c" is the whole process on Linux, so
     * it would find OpenBLAS once anything loaded it).
     */
    private static final String MATH_LIBRARY = "libm.so.6";

    @Test
    void aLibraryThatIsNotOpenBlasIsNotControllable() {
        assumeTrue(com.sun.jna.Platform.isLinux(), "libm.so.6 is a Linux name");
        OpenBlasThreads libm = OpenBlasThreads.forLibrary(MATH_LIBRARY);
        assertThat(libm.controllable()).isFalse();
        assertThat(libm.description()).isEmpty();
        assertThat(libm.baseline()).isZero();
        libm.set(4); // a no-op, not an error
        assertThat(libm.current()).isZero();
    }

    @Test
    void aMissingLibraryIsReportedAbsentWithoutThrowing() {
        OpenBlasThreads missing = OpenBlasThreads.forLibrary("libferrite-no-such-library.so.9");
        assertThat(missing.controllable()).isFalse();
        assertThat(missing.toString()).isEqualTo("not OpenBLAS");
    }

    @Test
    void openBlasIsPinnedToOneThreadAndSetChangesTheProcessWideCount() {
        assumeTrue(System.getenv("OPENBLAS_NUM_THREADS") == null, "OPENBLAS_NUM_THREADS is set: Ferrite leaves it");
        OpenBlasThreads threads = OpenBlasThreads.forLibrary(OPENBLAS_LAPACK);
        assumeTrue(threads.controllable(), "no OpenBLAS LAPACK on this machine");
        assertThat(threads.description()).startsWith("OpenBLAS").endsWith(", 1 thread");
        assertThat(threads.baseline()).isEqualTo(1);
        assertThat(threads.current()).isEqualTo(1);
        try {
            threads.set(2);
            assertThat(threads.current()).isEqualTo(2);
            // the same global, seen through the BLAS library's look-up
            assertThat(OpenBlasThreads.forLibrary("libblas.so.3").current()).isEqualTo(2);
        } finally {
            threads.set(threads.baseline());
        }
        assertThat(threads.current()).isEqualTo(1);
    }
}
