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
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.einsum.Einsum;
import org.ferrite.einsum.EinsumExpression;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * The API is provider-neutral: one piece of application code — held and scoped sessions, a chain of
 * elementwise operations, strided views into {@code …Into} outputs, reductions, batched {@code dotGeneral}
 * and {@code matmulInto}, a gather, softmax, einsum (ad hoc and one precompiled expression shared by
 * both), the session rules — runs unchanged against every registered {@link Backend} service, and the
 * providers' results agree.
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
            @InjectService(filter = "(&(ferrite.backend.name=cpu)(!(service.factoryPid=*)))", timeout = 5000)
            Backend cpu) throws Exception {
        Map<String, List<Tensor>> results = new LinkedHashMap<>();
        for (ServiceReference<Backend> ref : context.getServiceReferences(Backend.class,
                "(!(service.factoryPid=*))")) {
            Backend backend = context.getService(ref);
            try {
                results.put(backend.name(), application(backend));
            } finally {
                context.ungetService(ref);
            }
        }
        assertEquals(List.of("cpu", "reference"), results.keySet().stream().sorted().toList(),
                "both providers took part");
        List<Tensor> expected = results.get("reference");
        List<Tensor> actual = results.get("cpu");
        for (int k = 0; k < expected.size(); k++) {
            assertTrue(Tensor.allClose(actual.get(k), expected.get(k), TOLERANCE, TOLERANCE),
                    "result " + k + ": cpu " + actual.get(k) + " vs reference " + expected.get(k));
        }
    }

    /** Application code written against the API only; returns what it computed. */
    private static List<Tensor> application(Backend backend) {
        Tensor a = Tensor.random(DType.F64, 1, 4, 3, 2);
        Tensor b = Tensor.random(DType.F64, 2, 3, 5, 2);
        Tensor x = Tensor.random(DType.F64, 3, 4, 3, 2);
        List<Tensor> out = new ArrayList<>();
        try (HeldSession held = backend.openSession()) {
            // the session rules hold for every provider
            assertThrows(SessionEntryException.Reentered.class, () -> backend.withSession(s -> null));
            out.add(held.withSession(s -> s.tanh(s.add(s.mul(a, x), s.exp(s.neg(a))))));
            out.add(held.withSession(s -> s.sum(s.abs(s.sub(a, x)), 0, 2)));
            Tensor y = Tensor.zeros(DType.F64, 4, 2);
            held.withSession(s -> {
                s.binaryInto(BinaryOp.MAXIMUM, a.slice(1, 0, 1, 1).reshape(4, 2),
                        x.slice(1, 2, 3, 1).reshape(4, 2), y);
                return null;
            });
            out.add(y);
            // batched contraction: a [4, 3, 2] · b [3, 5, 2] over axis 1/0, batch 2/2 -> [4, 5, 2]
            out.add(held.withSession(s -> s.dotGeneral(a, b, DotGeneralConfig.of(new int[] {1}, new int[] {0},
                    new int[] {2}, new int[] {2}))));
            Tensor m = Tensor.zeros(DType.F64, 4, 5);
            held.withSession(s -> {
                s.matmulInto(a.slice(2, 0, 1, 1).reshape(4, 3), b.slice(2, 1, 2, 1).reshape(3, 5), m);
                return null;
            });
            out.add(m);
            out.add(held.withSession(s -> s.gather(b, Tensor.of(new int[] {2, 0, 1}, 3), GatherConfig
                    .builder().offsetDims(1, 2).collapsedSliceDims(0).startIndexMap(0).indexVectorDim(1)
                    .sliceSizes(1, 5, 2).build())));
            out.add(held.withSession(s -> Einsum.einsum(s, "ijb,jkb->bki", a, b)));
            out.add(held.withSession(s -> TRACE_OF_PRODUCT.evaluate(s, a, x.permute(1, 0, 2))));
        }
        out.add(backend.withSession(s -> s.softmax(s.transpose(a, 1, 0, 2), 1)));
        Tensor counts = backend.withSession(s -> s.sum(s.cast(s.compare(
                CompareOp.GT, a, x), DType.I64), 0, 1, 2));
        assertArrayEquals(new long[] {countGreater(a, x)}, counts.i64Data());
        out.add(backend.withSession(s -> s.cast(counts, DType.F64)));
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
