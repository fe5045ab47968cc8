package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.SessionEntryException;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.einsum.Einsum;
import org.ferrite.einsum.EinsumExpression;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.LinalgKernels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * The API is provider-neutral: one piece of application code — held and scoped sessions, inputs moved to
 * the session's placement with {@code to(…)} and results brought back with {@code toHost}, a chain of
 * elementwise operations, strided views into {@code …Into} outputs, reductions, batched
 * {@code dotGeneral} and {@code matmulInto}, a gather, softmax, einsum (ad hoc and one precompiled
 * expression shared by every provider), the session rules — runs unchanged against every registered
 * {@link Backend} service: the CPU and reference providers on the host, the off-heap provider on its
 * device, asynchronously, and — where an OpenCL device is present (POCL in CI) — the OpenCL provider on
 * it: four providers. The providers' results agree. Linear algebra (a batched solve, singular
 * values, determinants) runs where the capabilities advertise {@code LinalgKernels} — the CPU and
 * reference providers, whose results agree — and fails typed, naming the operation, on the off-heap
 * provider, which does not advertise it.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class SameCodeOnEveryProviderTest {
    private static final double TOLERANCE = 1e-12;
    /** One compiled expression, evaluated by both providers (plans are provider-neutral). */
    private static final EinsumExpression TRACE_OF_PRODUCT = Einsum.compile("ijb,jib->b",
            Tensor.random(DType.F64, 0, 4, 3, 2), Tensor.random(DType.F64, 0, 3, 4, 2));

    @Test
    void theSameCodeRunsOnEveryProviderAndTheResultsAgree(@InjectBundleContext BundleContext context,
            @InjectService(filter = "(ferrite.backend.name=reference)", timeout = 5000) Backend reference,
            @InjectService(filter = "(ferrite.backend.name=offheap)", timeout = 5000) Backend offheap,
            @InjectService(filter = "(&(ferrite.backend.name=cpu)(!(service.factoryPid=*)))", timeout = 5000)
            Backend cpu) throws Exception {
        Map<String, List<Tensor>> results = new LinkedHashMap<>();
        for (ServiceReference<Backend> ref : context.getServiceReferences(Backend.class,
                "(!(service.factoryPid=*))")) {
            Backend backend = context.getService(ref);
            try {
                results.put(backend.name(), application(backend));
                if (backend.name().equals("opencl")) {
                    assertRefusesLinearAlgebra(backend); // it does not advertise LinalgKernels either
                }
            } finally {
                context.ungetService(ref);
            }
        }
        List<String> providers = Bundles.openClAvailable(context) ? List.of("cpu", "offheap", "opencl", "reference")
                : List.of("cpu", "offheap", "reference");
        assertEquals(providers, results.keySet().stream().sorted().toList(), "every provider took part");
        assertAgree(results, providers);
        Map<String, List<Tensor>> linalg = new LinkedHashMap<>();
        for (Backend backend : List.of(reference, cpu, offheap)) {
            if (backend.capabilities().supportsExtension(LinalgKernels.class)) {
                linalg.put(backend.name(), linearAlgebra(backend));
            } else {
                assertRefusesLinearAlgebra(backend);
            }
        }
        assertEquals(List.of("cpu", "reference"), linalg.keySet().stream().sorted().toList(),
                "the providers that advertise linear algebra");
        assertAgree(linalg, List.of("cpu"));
    }

    private static void assertRefusesLinearAlgebra(Backend backend) {
        UnsupportedOpException e = assertThrows(UnsupportedOpException.class,
                () -> backend.withSession(s -> Linalg.svdvals(s, s.to(Tensor.zeros(DType.F64, 2, 2),
                        s.placement()))), backend.name() + " does not advertise LinalgKernels");
        assertEquals("svdvals", e.op());
    }

    private static void assertAgree(Map<String, List<Tensor>> results, List<String> providers) {
        List<Tensor> expected = results.get("reference");
        for (String provider : providers) {
            List<Tensor> actual = results.get(provider);
            for (int k = 0; k < expected.size(); k++) {
                assertTrue(actual.get(k).placement().isHost(), provider + " result " + k + " is on the host");
                assertTrue(Tensor.allClose(actual.get(k), expected.get(k), TOLERANCE, TOLERANCE),
                        "result " + k + ": " + provider + " " + actual.get(k) + " vs reference " + expected.get(k));
            }
        }
    }

    /** Application code written against the API only; returns what it computed, on the host. */
    private static List<Tensor> application(Backend backend) {
        Tensor a = Tensor.random(DType.F64, 1, 4, 3, 2);
        Tensor b = Tensor.random(DType.F64, 2, 3, 5, 2);
        Tensor x = Tensor.random(DType.F64, 3, 4, 3, 2);
        List<Tensor> out = new ArrayList<>();
        try (HeldSession held = backend.openSession()) {
            // the session rules hold for every provider
            assertThrows(SessionEntryException.Reentered.class, () -> backend.withSession(s -> null));
            // inputs move once; a held session keeps its tensors across its calls
            Tensor[] in = held.withSession(s -> new Tensor[] {s.to(a, s.placement()), s.to(b, s.placement()),
                s.to(x, s.placement())});
            Tensor da = in[0];
            Tensor db = in[1];
            Tensor dx = in[2];
            out.add(held.withSession(s -> s.toHost(s.tanh(s.add(s.mul(da, dx), s.exp(s.neg(da)))))));
            out.add(held.withSession(s -> s.toHost(s.sum(s.abs(s.sub(da, dx)), 0, 2))));
            out.add(held.withSession(s -> {
                Tensor y = s.allocate(DType.F64, 4, 2);
                s.binaryInto(BinaryOp.MAXIMUM, da.slice(1, 0, 1, 1).reshape(4, 2), dx.slice(1, 2, 3, 1).reshape(4, 2),
                        y);
                return s.toHost(y);
            }));
            // batched contraction: a [4, 3, 2] · b [3, 5, 2] over axis 1/0, batch 2/2 -> [4, 5, 2]
            out.add(held.withSession(s -> s.toHost(s.dotGeneral(da, db, DotGeneralConfig.of(new int[] {1},
                    new int[] {0}, new int[] {2}, new int[] {2})))));
            out.add(held.withSession(s -> {
                Tensor m = s.allocate(DType.F64, 4, 5);
                s.matmulInto(da.slice(2, 0, 1, 1).reshape(4, 3), db.slice(2, 1, 2, 1).reshape(3, 5), m);
                return s.toHost(m);
            }));
            out.add(held.withSession(s -> s.toHost(s.gather(db, s.to(Tensor.of(new int[] {2, 0, 1}, 3), s.placement()),
                    GatherConfig.builder().offsetDims(1, 2).collapsedSliceDims(0).startIndexMap(0).indexVectorDim(1)
                            .sliceSizes(1, 5, 2).build()))));
            out.add(held.withSession(s -> s.toHost(Einsum.einsum(s, "ijb,jkb->bki", da, db))));
            out.add(held.withSession(s -> s.toHost(TRACE_OF_PRODUCT.evaluate(s, da, dx.permute(1, 0, 2)))));
        }
        out.add(backend.withSession(s -> s.toHost(s.softmax(s.transpose(s.to(a, s.placement()), 1, 0, 2), 1))));
        Tensor counts = backend.withSession(s -> s.toHost(s.sum(s.cast(s.compare(CompareOp.GT, s.to(a, s.placement()),
                s.to(x, s.placement())), DType.I64), 0, 1, 2)));
        assertArrayEquals(new long[] {countGreater(a, x)}, counts.i64Data());
        out.add(backend.withSession(s -> s.toHost(s.cast(s.to(counts, s.placement()), DType.F64))));
        return out;
    }

    /** Linear algebra written against the API only, for a backend that advertises it; on the host. */
    private static List<Tensor> linearAlgebra(Backend backend) {
        Tensor x = Tensor.random(DType.F64, 3, 4, 3, 2);
        Tensor square = Tensor.random(DType.F64, 5, 3, 3, 2);
        for (int member = 0; member < 2; member++) {
            for (int i = 0; i < 3; i++) {
                square.set(square.getDouble(i, i, member) + 4, i, i, member); // well conditioned
            }
        }
        List<Tensor> out = new ArrayList<>();
        out.add(backend.withSession(s -> s.toHost(Linalg.solve(s, s.to(square, s.placement()),
                s.to(x.slice(0, 0, 3, 1), s.placement())))));
        out.add(backend.withSession(s -> s.toHost(Linalg.svdvals(s, s.to(square, s.placement())))));
        out.add(backend.withSession(s -> s.toHost(Linalg.det(s, s.to(square, s.placement())))));
        return out;
    }

    private static long countGreater(Tensor a, Tensor x) {
        double[] l = a.f64Data();
        double[] r = x.f64Data();
        long n = 0;
        for (int i = 0; i < l.length; i++) {
            n += l[i] > r[i] ? 1 : 0;
        }
        return n;
    }
}
