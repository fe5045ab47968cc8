package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.ferrite.api.Backend;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.junit5.context.BundleContextExtension;

/**
 * The CPU provider embeds {@code dev.ludovic.netlib}, whose JNI shim a class loader loads from its own
 * temporary copy. Updating the provider bundle gives it a new class loader while the old revision's
 * loader (still reachable from this test) keeps its copy loaded: the new revision must load the native
 * BLAS again — the JVM refuses one library file in two class loaders — or, if it cannot, degrade to
 * the Java kernels with the same results.
 */
@ExtendWith(BundleContextExtension.class)
class NativeGemmAcrossBundleUpdateTest {
    private static final String DEFAULT_FILTER = "(&(ferrite.backend.name=cpu)(!(service.factoryPid=*)))";
    private static final int N = 256;

    @Test
    void aLargeProductIsTheSameBeforeAndAfterTheProviderGetsANewClassLoader(
            @InjectBundleContext BundleContext context) throws Exception {
        SplittableRandom random = new SplittableRandom(20261129);
        double[] a = random.doubles(N * N, -1, 1).toArray();
        double[] b = random.doubles(N * N, -1, 1).toArray();
        double[] expected = naiveProduct(a, b);
        Bundle provider = Bundles.bySymbolicName(context, Bundles.CPU);

        try (BackendEvents events = BackendEvents.open(context, DEFAULT_FILTER)) {
            assertEquals("added cpu", events.next());
            double[] before = product(events.live().get(0), a, b);
            assertClose(expected, before);
            NativeState oldRevision = NativeState.of(provider);

            provider.update();
            assertEquals("removed cpu", events.next());
            BackendEvents.Event added = events.nextEvent();
            assertEquals("added cpu", added.what());
            double[] after = product(added.backend(), a, b);
            NativeState newRevision = NativeState.of(provider);

            assertNotSame(oldRevision.loader(), newRevision.loader(), "the update gave the provider a new class loader");
            assertEquals(oldRevision.available(), newRevision.available(),
                    "native BLAS before: " + oldRevision.description() + "; after: " + newRevision.description());
            assertArrayEquals(before, after, "same kernels, same partitioning: the same bits");
        } finally {
            if (provider.getState() != Bundle.ACTIVE) {
                provider.start();
            }
        }
    }

    /** {@code [N, N] · [N, N]} through a scoped session; operands and result are column-major. */
    private static double[] product(Backend backend, double[] a, double[] b) {
        return backend.withSession(s -> s.dotGeneral(Tensor.of(a, N, N), Tensor.of(b, N, N), DotGeneralConfig.MATMUL)
                .f64Data().clone());
    }

    /** {@code c[i + N·j] = Σ_p a[i + N·p] · b[p + N·j]} in column-major order. */
    private static double[] naiveProduct(double[] a, double[] b) {
        double[] c = new double[N * N];
        for (int j = 0; j < N; j++) {
            for (int p = 0; p < N; p++) {
                double bpj = b[p + N * j];
                for (int i = 0; i < N; i++) {
                    c[i + N * j] += a[i + N * p] * bpj;
                }
            }
        }
        return c;
    }

    /** Entries are sums of N products of magnitude below 1: an absolute bound of N·1e-13 is ample. */
    private static void assertClose(double[] expected, double[] actual) {
        assertEquals(expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            if (Math.abs(expected[i] - actual[i]) > N * 1e-13) {
                throw new AssertionError("entry " + i + ": expected " + expected[i] + ", got " + actual[i]);
            }
        }
    }

    /** The provider's {@code NativeBlas} as seen from its current revision's class loader. */
    private record NativeState(ClassLoader loader, boolean available, String description) {
        static NativeState of(Bundle provider) throws ReflectiveOperationException {
            ClassLoader loader = provider.adapt(BundleWiring.class).getClassLoader();
            Class<?> type = loader.loadClass("org.ferrite.cpu.internal.gemm.NativeBlas");
            Object blas = type.getMethod("get").invoke(null);
            boolean available = (Boolean) type.getMethod("available").invoke(blas);
            String description = (String) type.getMethod("description").invoke(blas);
            assertTrue(available || description.startsWith("unavailable"), description);
            return new NativeState(loader, available, description);
        }
    }
}
