package org.ferrite.bench.report;

import dev.ludovic.netlib.blas.BLAS;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.ferrite.cpu.CpuBackend;

/**
 * Where the report ran: machine, load, JDK, and which BLAS each side used (Ferrite's route and the
 * peers' netlib implementation). Thread-safe (immutable).
 *
 * @param cpuModel the processor model (from {@code /proc/cpuinfo} on Linux)
 * @param cpus processors available to the JVM
 * @param os operating system, version and architecture
 * @param loadAverage the one-minute system load average when the report started
 * @param loadAverageEnd the same when it ended (NaN until then)
 * @param jdk vendor and version of the running JDK
 * @param ferriteBlas Ferrite's BLAS route ({@link CpuBackend#nativeBlas()})
 * @param peerBlas the class of netlib's {@code BLAS.getInstance()} that the BLAS peers call
 * @param lapack the native LAPACK of the linear-algebra rows ({@link CpuBackend#nativeLapack()}), with
 *     the {@code OPENBLAS_CORETYPE} it ran with
 */
record Environment(String cpuModel, int cpus, String os, double loadAverage, double loadAverageEnd, String jdk,
        String ferriteBlas, String peerBlas, String lapack) {

    /** @return the environment of this JVM (the forks inherit it) */
    static Environment current() {
        String ferrite = CpuBackend.nativeBlas();
        String peer = BLAS.getInstance().getClass().getName();
        String coretype = System.getenv("OPENBLAS_CORETYPE");
        String lapack = CpuBackend.nativeLapack() + ", OPENBLAS_CORETYPE="
                + (coretype == null ? "unset" : coretype);
        return new Environment(readCpuModel(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), Double.NaN,
                System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                        + System.getProperty("java.runtime.version"),
                ferrite, peer, lapack);
    }

    /** @return this environment with the load average at the end of the report */
    Environment ended() {
        return new Environment(cpuModel, cpus, os, loadAverage,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), jdk, ferriteBlas, peerBlas, lapack);
    }

    /** @return true if the BLAS peers call a native library (JNI) rather than netlib's Java fallback */
    boolean nativePeer() {
        return peerBlas.contains("JNI");
    }

    private static String readCpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8)) {
                if (line.toLowerCase(Locale.ROOT).startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch");
    }
}
