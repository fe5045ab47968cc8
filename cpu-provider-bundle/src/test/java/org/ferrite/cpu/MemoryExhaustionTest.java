package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Out of memory is typed: on a 96 MB heap (a forked JVM running {@link MemoryExhaustionProbe}), an
 * allocation the heap can never hold is refused before allocating, one that fails because the heap is
 * full is reported from its {@link OutOfMemoryError}, both as
 * {@link org.ferrite.api.error.MemoryExhaustedException} naming the size asked and the heap — and the
 * backend stays usable; an einsum intermediate beyond the heap is refused the same way.
 */
class MemoryExhaustionTest {
    private static List<String> lines;

    @BeforeAll
    static void runTheProbeOnASmallHeap() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(java.toString(), "-Xmx96m", "-cp", System.getProperty("java.class.path"),
                MemoryExhaustionProbe.class.getName()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the probe finished").isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        lines = output.lines().toList();
    }

    private static org.assertj.core.api.AbstractStringAssert<?> assertLine(String name) {
        return assertThat(line(name)).as("the probe's output:%n%s", String.join("\n", lines));
    }

    private static String line(String name) {
        return lines.stream().filter(l -> l.startsWith(name + ": ")).findFirst()
                .orElseThrow(() -> new AssertionError("no line for '" + name + "' in " + lines))
                .substring(name.length() + 2);
    }

    @Test
    void anAllocationTheHeapCanNeverHoldIsRefusedBeforeAllocating() {
        assertLine("allocate beyond the heap").startsWith("MemoryExhaustedException requested=134217728 limit=")
                .contains("cause=none", "cannot allocate 134217728 bytes on the JVM heap", "-Xmx");
        assertLine("Tensor.zeros beyond the heap").startsWith("MemoryExhaustedException requested=134217728")
                .contains("cause=none", "Tensor.zeros: ");
    }

    @Test
    void anAllocationOnAFullHeapIsTypedAndTheBackendStaysUsable() {
        assertLine("allocate while the heap is full").startsWith("MemoryExhaustedException requested=33554432")
                .contains("cause=OutOfMemoryError");
        assertLine("usable after a failed allocation").isEqualTo("ok");
    }

    @Test
    void anEinsumIntermediateBeyondTheHeapIsTyped() {
        assertLine("einsum intermediate beyond the heap").startsWith("MemoryExhaustedException requested="
                + 4000L * 4000 * 8);
        assertLine("einsum afterwards").isEqualTo("ok");
    }
}
