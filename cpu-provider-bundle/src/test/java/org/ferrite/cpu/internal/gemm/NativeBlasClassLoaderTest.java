package org.ferrite.cpu.internal.gemm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.ludovic.netlib.blas.BLAS;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;

/**
 * A provider bundle that is stopped, refreshed and started again gets a new class loader. Two fresh
 * class loaders over the provider's classes and netlib each load and use the native route — what a
 * refresh needs, since the JNI shim may be loaded only once per class loader. Skipped where no native
 * BLAS is installed.
 */
class NativeBlasClassLoaderTest {

    @Test
    void eachNewClassLoaderLoadsItsOwnNativeRoute() throws Exception {
        assumeTrue(NativeBlas.get().available(), "no native BLAS on this machine");
        URL[] path = {codeSource(NativeBlas.class), codeSource(BLAS.class), codeSource(org.netlib.util.intW.class)};
        for (int generation = 0; generation < 2; generation++) {
            try (URLClassLoader loader = new URLClassLoader(path, ClassLoader.getPlatformClassLoader())) {
                Class<?> type = loader.loadClass(NativeBlas.class.getName());
                assertThat(type).isNotSameAs(NativeBlas.class);
                Object blas = type.getMethod("get").invoke(null);
                Method available = type.getMethod("available");
                assertThat((boolean) available.invoke(blas))
                        .as("generation %d: %s", generation, type.getMethod("description").invoke(blas)).isTrue();
            }
        }
    }

    private static URL codeSource(Class<?> type) {
        return type.getProtectionDomain().getCodeSource().getLocation();
    }
}
