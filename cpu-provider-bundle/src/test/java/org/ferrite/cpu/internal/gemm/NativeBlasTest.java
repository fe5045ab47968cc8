package org.ferrite.cpu.internal.gemm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ludovic.netlib.blas.BLAS;
import dev.ludovic.netlib.blas.JavaBLAS;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

/** {@link NativeBlas}: loading, degradation with a reason, and the sanity check. */
class NativeBlasTest {

    @Test
    void aLoaderFailureDegradesToJavaWithTheReason() {
        NativeBlas blas = NativeBlas.load("true", () -> {
            throw new UnsatisfiedLinkError("libblas.so.3: cannot open shared object file");
        });
        assertThat(blas.available()).isFalse();
        assertThat(blas.description()).contains("unavailable").contains("libblas.so.3: cannot open");
        assertThatThrownBy(blas::blas).isInstanceOf(IllegalStateException.class).hasMessageContaining("unavailable");
    }

    @Test
    void theSystemPropertyDisablesTheNativeRoute() {
        NativeBlas blas = NativeBlas.load("false", JavaBLAS::getInstance);
        assertThat(blas.available()).isFalse();
        assertThat(blas.description()).contains("disabled by -Dferrite.blas.native=false");
    }

    @Test
    void aLibraryFailingTheSanityProductIsNotUsed() {
        BLAS wrong = (BLAS) Proxy.newProxyInstance(BLAS.class.getClassLoader(), new Class<?>[] {BLAS.class},
                (proxy, method, args) -> null); // dgemm that writes nothing
        NativeBlas blas = NativeBlas.load("true", () -> wrong);
        assertThat(blas.available()).isFalse();
        assertThat(blas.description()).contains("sanity check");
    }

    @Test
    void aWorkingLibraryIsAvailableAndDescribed() {
        NativeBlas blas = NativeBlas.load("true", JavaBLAS::getInstance);
        assertThat(blas.available()).isTrue();
        assertThat(blas.description()).startsWith("native ").contains("BLAS");
    }

    @Test
    void theProcessWideInstanceDescribesItsRoute() {
        NativeBlas blas = NativeBlas.get();
        assertThat(blas.description()).isNotBlank();
        assertThat(blas.available()).isEqualTo(blas.description().startsWith("native"));
    }
}
