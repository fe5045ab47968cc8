package org.ferrite.itests.smoke;

import java.util.List;
import org.ferrite.api.Backend;
import org.ferrite.api.CapabilityKey;

/**
 * A smoke of every op family × every dtype against a CPU backend, written against the API only, so that
 * one body runs wherever the shipped jars run: a forked JVM whose class path holds only
 * {@code ferrite-api}, {@code ferrite-cpu} and JNA, the same jars on the module path
 * ({@code ShippedJarSmokeIT}), and Apache Felix through the registered {@code Backend} service
 * ({@code ShippedBundleSmokeTest}). The project's unit tests run on compiled classes with Maven's whole
 * class path and cannot see what a jar lacks; this smoke can — a class missing from the jar fails its
 * case with {@code NoClassDefFoundError}, named by family, operation and dtype.
 *
 * <p>Families: elementwise, analytic, compare/select, structural, reductions, indexing, dotGeneral,
 * einsum and linalg — small shapes, one case per operation and dtype the operation accepts (and, for
 * the enum-driven families, one refusal per pair the API leaves undefined). The linear algebra runs once
 * on the given backend and once on each backend forced to one CPU tier; {@code dotGeneral} once more
 * with native BLAS forced.
 *
 * <pre>{@code
 * SmokeReport report = JarSmoke.run(backend, List.of(small, dense, lapack), nativeGemm);
 * report.lines().forEach(System.out::println);   // one line per family, then every failure
 * }</pre>
 *
 * <p>Thread-safe (stateless); each run is confined to its calling thread. Lifetime: static; the caller
 * owns (and closes) the backends it passes.
 */
public final class JarSmoke {
    // The CPU provider's capability keys, by name (keys are equal by name): the smoke reads only the
    // API, and the Felix test bundle does not import org.ferrite.cpu.
    private static final CapabilityKey<String> LINALG_ROUTE = CapabilityKey.of("cpu.linalg.route", String.class);
    private static final CapabilityKey<Boolean> LAPACK_AVAILABLE =
            CapabilityKey.of("cpu.linalg.lapack.available", Boolean.class);
    private static final CapabilityKey<String> LAPACK_NOTE = CapabilityKey.of("cpu.linalg.lapack.note", String.class);
    private static final CapabilityKey<String> SIMD_NOTE = CapabilityKey.of("cpu.simd.note", String.class);

    private JarSmoke() {
    }

    /**
     * @param backend a CPU backend as users get it (any linear-algebra route; {@code AUTO} by default)
     * @param linalgRoutes CPU backends each forced to one linear-algebra tier ({@code LinalgRoute}
     *     {@code SMALL}, {@code DENSE}, {@code NATIVE}); each is named in the report by the route its
     *     capabilities state
     * @param nativeGemm a CPU backend forced to native BLAS ({@code GemmRoute.NATIVE})
     * @return the report: per-family counts and every failure
     */
    public static SmokeReport run(Backend backend, List<Backend> linalgRoutes, Backend nativeGemm) {
        SmokeReport report = new SmokeReport();
        report.note("backend " + backend.name() + ", route " + detail(backend, LINALG_ROUTE) + ", simd "
                + detail(backend, SIMD_NOTE) + ", LAPACK " + detail(backend, LAPACK_NOTE));
        ElementwiseSmoke.run(backend, report);
        AnalyticSmoke.run(backend, report);
        StructuralSmoke.run(backend, report);
        ReductionSmoke.run(backend, report);
        IndexingSmoke.run(backend, report);
        ContractionSmoke.dotGeneral(backend, ContractionSmoke.DOT_GENERAL, report);
        ContractionSmoke.einsum(backend, report);
        LinalgSmoke.run(backend, LinalgSmoke.FAMILY, report);
        for (Backend tier : linalgRoutes) {
            String route = detail(tier, LINALG_ROUTE);
            if ("NATIVE".equals(route) && !tier.capabilities().detail(LAPACK_AVAILABLE).orElse(false)) {
                report.note("route NATIVE ran on the Java tiers: LAPACK " + detail(tier, LAPACK_NOTE));
            }
            LinalgSmoke.run(tier, LinalgSmoke.FAMILY + "[route=" + route + "]", report);
        }
        ContractionSmoke.dotGeneral(nativeGemm, ContractionSmoke.DOT_GENERAL + "[gemmRoute=NATIVE]", report);
        return report;
    }

    private static String detail(Backend backend, CapabilityKey<?> key) {
        return backend.capabilities().detail(key).map(String::valueOf).orElse("?");
    }
}
