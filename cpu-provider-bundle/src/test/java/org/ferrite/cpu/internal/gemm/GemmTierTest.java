package org.ferrite.cpu.internal.gemm;

import static org.assertj.core.api.Assertions.assertThat;

import org.ferrite.cpu.GemmRoute;
import org.junit.jupiter.api.Test;

/** {@link GemmTier#choose}: the route and the size pick the kernel family. */
class GemmTierTest {

    @Test
    void tinyProductsRunOnTheTinyLoopsUnlessNativeIsForced() {
        assertThat(GemmTier.choose(GemmRoute.AUTO, 2, 1, 2, true)).isEqualTo(GemmTier.TINY);
        assertThat(GemmTier.choose(GemmRoute.JAVA, 2, 1, 2, true)).isEqualTo(GemmTier.TINY);
        assertThat(GemmTier.choose(GemmRoute.NATIVE, 2, 1, 2, true)).isEqualTo(GemmTier.NATIVE);
    }

    @Test
    void largeProductsGoNativeUnderAutoOnlyWhenLoadable() {
        assertThat(GemmTier.choose(GemmRoute.AUTO, 512, 512, 512, true)).isEqualTo(GemmTier.NATIVE);
        assertThat(GemmTier.choose(GemmRoute.AUTO, 512, 512, 512, false)).isEqualTo(GemmTier.BLOCKED);
        assertThat(GemmTier.choose(GemmRoute.JAVA, 512, 512, 512, true)).isEqualTo(GemmTier.BLOCKED);
    }

    @Test
    void matrixVectorProductsNeverPackTheMatrix() {
        assertThat(GemmTier.choose(GemmRoute.JAVA, 512, 1, 512, true)).isEqualTo(GemmTier.TINY);
        assertThat(GemmTier.choose(GemmRoute.JAVA, 1, 512, 512, true)).isEqualTo(GemmTier.TINY);
        assertThat(GemmTier.choose(GemmRoute.AUTO, 48, 1, 48, false)).isEqualTo(GemmTier.TINY);
        assertThat(GemmTier.choose(GemmRoute.AUTO, 512, 1, 512, false)).isEqualTo(GemmTier.TINY);
        assertThat(GemmTier.choose(GemmRoute.AUTO, 512, 1, 512, true)).isEqualTo(GemmTier.NATIVE);
        assertThat(GemmTier.choose(GemmRoute.JAVA, 512, 2, 512, true)).isEqualTo(GemmTier.BLOCKED);
    }

    @Test
    void matrixVectorProductsGoNativeUnderAutoFromTheirOwnCrossover() {
        // n×n·n×1: the tiny kernel wins at n = 32 (1024 multiply-adds), dgemv from n = 40 (1600)
        assertThat(GemmTier.choose(GemmRoute.AUTO, 32, 1, 32, true)).isEqualTo(GemmTier.TINY);
        assertThat(GemmTier.choose(GemmRoute.AUTO, 40, 1, 40, true)).isEqualTo(GemmTier.NATIVE);
        assertThat(GemmTier.choose(GemmRoute.AUTO, 1, 40, 40, true)).isEqualTo(GemmTier.NATIVE);
        assertThat(GemmTier.choose(GemmRoute.AUTO, 1, 1, GemmTier.MATVEC_NATIVE_MIN - 1, true))
                .isEqualTo(GemmTier.TINY);
        assertThat(GemmTier.choose(GemmRoute.JAVA, 40, 1, 40, true)).isEqualTo(GemmTier.TINY);
        // products of more than one column keep the general thresholds: 12×12·12×12 stays tiny
        assertThat(GemmTier.choose(GemmRoute.AUTO, 12, 12, 12, true)).isEqualTo(GemmTier.TINY);
        assertThat(GemmTier.choose(GemmRoute.AUTO, 16, 16, 12, true)).isEqualTo(GemmTier.BLOCKED);
    }

    @Test
    void nativeRouteDegradesToJavaWhenBlasIsNotLoadable() {
        assertThat(GemmTier.choose(GemmRoute.NATIVE, 512, 512, 512, false)).isEqualTo(GemmTier.BLOCKED);
        assertThat(GemmTier.choose(GemmRoute.NATIVE, 2, 2, 2, false)).isEqualTo(GemmTier.TINY);
    }
}
