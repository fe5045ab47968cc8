package org.ferrite.itests.smoke;

import java.util.ArrayList;
import java.util.List;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.LinalgRoute;

/**
 * Runs {@link JarSmoke} as an application on the shipped jars: the default backend from
 * {@code Backends.get("cpu")} (ServiceLoader discovery), one CPU backend per forced linear-algebra tier
 * and one with native BLAS forced. Prints where it runs, the summary and every failure; exits with 1 if
 * any case failed. {@code ShippedJarSmokeIT} compiles it (with the smoke's sources) against the jars
 * alone and launches it on the class path and on the module path.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        Module module = Main.class.getModule();
        System.out.println("smoke.module=" + (module.isNamed() ? module.getName() : "unnamed"));
        System.out.println("provider.module=" + moduleOf(CpuBackend.class));
        List<Backend> owned = new ArrayList<>();
        SmokeReport report;
        try {
            List<Backend> tiers = new ArrayList<>();
            for (LinalgRoute route : List.of(LinalgRoute.SMALL, LinalgRoute.DENSE, LinalgRoute.NATIVE)) {
                tiers.add(own(owned, CpuBackend.builder().linalgRoute(route).build()));
            }
            Backend nativeGemm = own(owned, CpuBackend.builder().gemmRoute(GemmRoute.NATIVE).build());
            report = JarSmoke.run(Backends.get("cpu"), tiers, nativeGemm);
            report.note("native BLAS " + CpuBackend.nativeBlas());
        } finally {
            owned.forEach(Backend::close);
        }
        report.lines().forEach(System.out::println);
        System.exit(report.passed() ? 0 : 1);
    }

    private static Backend own(List<Backend> owned, Backend backend) {
        owned.add(backend);
        return backend;
    }

    private static String moduleOf(Class<?> type) {
        Module module = type.getModule();
        return module.isNamed() ? module.getName() : "unnamed";
    }
}
