package org.ferrite.cpu.internal.simd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.function.IntSupplier;
import org.ferrite.api.BackendCapabilities;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.CpuCapabilities;
import org.junit.jupiter.api.Test;

/**
 * The guard that decides whether the Vector API kernels are used. The unit tests of this module run
 * with {@code --add-modules jdk.incubator.vector} (see the module's pom), so on a machine with
 * vectors of 256 bits or more the kernels must be on here: otherwise the kernel tests would exercise
 * only the scalar fallbacks without anybody noticing.
 */
class SimdTest {
    private static final IntSupplier BITS_512 = () -> 512;

    @Test
    void theKernelsAreOnInTheUnitTestJvm() {
        assertThat(ModuleLayer.boot().findModule("jdk.incubator.vector")).as("surefire's argLine adds the module")
                .isPresent();
        IntSupplier shape = Simd.instantiate(IntSupplier.class, "VectorShape");
        assertThat(shape).as("the probe loads").isNotNull();
        assumeTrue(shape.getAsInt() >= Simd.MIN_BITS, "this CPU's vectors are narrower than 256 bits");
        assertThat(Simd.enabled()).as(Simd.describe()).isTrue();
        assertThat(Simd.bits()).isEqualTo(shape.getAsInt());
        assertThat(Simd.describe()).isEqualTo("Vector API, " + shape.getAsInt() + "-bit");
    }

    @Test
    void theCapabilitiesSayWhetherTheVectorKernelsAreOn() {
        try (CpuBackend backend = CpuBackend.builder().threads(1).build()) {
            BackendCapabilities caps = backend.capabilities();
            assertThat(caps.detail(CpuCapabilities.SIMD_ENABLED)).contains(Simd.enabled());
            assertThat(caps.detail(CpuCapabilities.SIMD_NOTE)).contains(Simd.describe());
        }
    }

    @Test
    void thePropertySwitchesTheKernelsOffBeforeAnythingIsLoaded() {
        assertThat(Simd.whyOff("false", true, () -> {
            throw new AssertionError("the probe must not load when switched off");
        })).isEqualTo("switched off by -Dferrite.simd=false");
        assertThat(Simd.whyOff("FALSE", true, () -> BITS_512)).startsWith("switched off");
        assertThat(Simd.whyOff("true", true, () -> BITS_512)).isNull();
        assertThat(Simd.whyOff(null, true, () -> BITS_512)).isNull();
    }

    @Test
    void withoutTheModuleTheKernelsAreOffAndSayHowToTurnThemOn() {
        assertThat(Simd.whyOff(null, false, () -> {
            throw new AssertionError("the probe must not load without the module");
        })).isEqualTo("the JVM was started without --add-modules jdk.incubator.vector");
    }

    @Test
    void invisibleClassesOrNarrowVectorsKeepTheScalarKernels() {
        assertThat(Simd.whyOff(null, true, () -> null)).contains("cannot load jdk.incubator.vector");
        assertThat(Simd.whyOff(null, true, () -> () -> 128)).isEqualTo(
                "the preferred vector is 128 bits (fewer than 256)");
        assertThat(Simd.whyOff(null, true, () -> () -> 256)).isNull();
    }

    @Test
    void loadFallsBackWhenTheImplementationIsMissingOrOfAnotherType() {
        Runnable fallback = () -> { };
        assertThat(Simd.load(Runnable.class, "NoSuchKernel", fallback)).isSameAs(fallback);
        assertThat(Simd.load(Runnable.class, "VectorShape", fallback)).as("VectorShape is no Runnable")
                .isSameAs(fallback);
        assertThat(Simd.instantiate(IntSupplier.class, "VectorShape")).isNotNull();
    }
}
