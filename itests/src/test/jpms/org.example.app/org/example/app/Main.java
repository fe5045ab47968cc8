package org.example.app;

import java.util.Map;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.api.CapabilityKey;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;

/** Prints what discovery found on the module path and one computed result, as key=value lines. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        Backend backend = Backends.get();
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4}, 2, 2);
        double[] y = backend.withSession(s -> s.matmul(a, Tensor.of(new double[] {1, 1}, 2))).f64Data();
        System.out.println("app.named=" + Main.class.getModule().isNamed());
        System.out.println("backend=" + backend.name());
        // Backends.get() hands out a shared face; an owned backend is the provider's own class
        try (Backend owned = Backends.create(backend.name(), Map.of())) {
            System.out.println("backend.module=" + owned.getClass().getModule().getName());
        }
        System.out.println("api.module=" + Backend.class.getModule().getName());
        System.out.println("result=" + y[0] + "," + y[1]);
        // a provider's detail, read by its key's name (the application does not require org.ferrite.cpu)
        System.out.println("simd=" + backend.capabilities().detail(CapabilityKey.of("cpu.simd.note", String.class))
                .orElse("?"));
    }
}
