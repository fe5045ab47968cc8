package org.ferrite.cpu.internal.linalg.lapack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URL;
import java.net.URLClassLoader;
import org.ferrite.api.tensor.DType;
import org.junit.jupiter.api.Test;

/** {@link LapackLibrary}: the probe reports every kind of absence with its reason and never throws. */
class LapackLibraryTest {

    @Test
    void aLibraryThatCannotBeFoundIsReportedUnavailableWithTheReason() {
        LapackLibrary bogus = LapackLibrary.load("true", "libferrite-no-such-lapack.so.7");
        assertThat(bogus.available()).isFalse();
        assertThat(bogus.description()).startsWith("unavailable (cannot load libferrite-no-such-lapack.so.7");
        assertThatThrownBy(() -> new LapackWorkspace(bogus)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("check LapackLibrary.available()");
    }

    @Test
    void aLibraryWithoutTheRoutinesListsTheMissingSymbols() {
        assumeTrue(com.sun.jna.Platform.isLinux(), "libm.so.6 is a Linux name");
        LapackLibrary libm = LapackLibrary.load("true", "libm.so.6");
        assertThat(libm.available()).isFalse();
        assertThat(libm.description()).contains("lacks " + LapackNative.symbols().size() + " LAPACK symbols")
                .contains("dgesdd_").contains("zheevd_").contains("ILP64");
    }

    @Test
    void theSystemPropertyDisablesTheTier() {
        LapackLibrary disabled = LapackLibrary.load("false", LapackLibrary.DEFAULT_LIBRARY);
        assertThat(disabled.available()).isFalse();
        assertThat(disabled.description()).isEqualTo("unavailable (disabled by -Dferrite.lapack.native=false)");
    }

    @Test
    void everyRoutineIsBoundForEveryType() {
        assertThat(LapackNative.symbols()).hasSize(36).contains("sgesdd_", "dgesdd_", "cgesdd_", "zgesdd_", "dorgqr_",
                "zungqr_", "sgetrs_", "cpotrf_", "ssyevd_", "cheevd_", "sgeev_", "zgeev_", "ctrtrs_", "dtrtrs_");
        assertThat(LapackType.of(DType.C64)).isEqualTo(LapackType.C64);
        assertThatThrownBy(() -> LapackType.of(DType.I32)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("I32");
    }

    @Test
    void theInstalledLibraryIsAvailableAndDescribed() {
        LapackLibrary library = LapackLibrary.get();
        assumeTrue(library.available(), library::description);
        assertThat(library.description()).startsWith("native ");
        assertThat(LapackLibrary.get()).isSameAs(library);
    }

    @Test
    void locatingForTheCapabilitiesAgreesWithTheBindingAndReportsItOnceBound() {
        boolean locatedFirst = LapackLibrary.located().available();
        LapackLibrary library = LapackLibrary.get();
        assertThat(locatedFirst).as("located before or after the binding").isEqualTo(library.available());
        assertThat(LapackLibrary.located()).as("once bound, the binding's answer").isSameAs(library);
    }

    @Test
    void withoutJnaTheProbeReportsJnaAbsentInsteadOfThrowing() throws Exception {
        URL[] path = {codeSource(LapackLibrary.class), codeSource(DType.class)};
        try (URLClassLoader noJna = new URLClassLoader(path, ClassLoader.getPlatformClassLoader())) {
            Class<?> type = noJna.loadClass(LapackLibrary.class.getName());
            Object probed = type.getMethod("get").invoke(null);
            assertThat((boolean) type.getMethod("available").invoke(probed)).isFalse();
            assertThat((String) type.getMethod("description").invoke(probed)).contains("JNA is not available");
        }
    }

    @Test
    void eachNewClassLoaderProbesAndBindsItsOwnCopy() throws Exception {
        assumeTrue(LapackLibrary.get().available(), LapackLibrary.get()::description);
        URL[] path = {codeSource(LapackLibrary.class), codeSource(DType.class)};
        for (int generation = 0; generation < 2; generation++) {
            // a bundle refresh: Ferrite's classes anew, JNA (another bundle) shared
            try (ChildFirst loader = new ChildFirst(path, LapackLibraryTest.class.getClassLoader())) {
                Class<?> type = loader.loadClass(LapackLibrary.class.getName());
                assertThat(type).isNotSameAs(LapackLibrary.class);
                Object probed = type.getMethod("get").invoke(null);
                assertThat((boolean) type.getMethod("available").invoke(probed))
                        .as("generation %d: %s", generation, type.getMethod("description").invoke(probed)).isTrue();
            }
        }
    }

    private static URL codeSource(Class<?> type) {
        return type.getProtectionDomain().getCodeSource().getLocation();
    }

    /** Loads {@code org.ferrite} classes itself, everything else (JNA, JUnit) from the parent. */
    private static final class ChildFirst extends URLClassLoader {
        ChildFirst(URL[] path, ClassLoader parent) {
            super(path, parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (getClassLoadingLock(name)) {
                if (!name.startsWith("org.ferrite.")) {
                    return super.loadClass(name, resolve);
                }
                Class<?> loaded = findLoadedClass(name);
                return loaded != null ? loaded : findClass(name);
            }
        }
    }
}
