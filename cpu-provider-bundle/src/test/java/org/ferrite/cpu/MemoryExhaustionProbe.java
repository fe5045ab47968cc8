package org.ferrite.cpu;

import java.util.ArrayList;
import java.util.List;
import org.ferrite.api.error.MemoryExhaustedException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.einsum.Einsum;
import org.ferrite.einsum.EinsumOptions;

/**
 * The program {@link MemoryExhaustionTest} runs in a JVM with a small heap ({@code -Xmx96m}): each line
 * it prints names a case and what happened, and it exits 0 whatever happened (the test judges the lines).
 * Not thread-safe (one main thread).
 */
public final class MemoryExhaustionProbe {
    private MemoryExhaustionProbe() {
    }

    /**
     * @param args ignored
     */
    public static void main(String[] args) {
        try (CpuBackend backend = CpuBackend.builder().threads(1).build()) {
            report("allocate beyond the heap", () -> backend.withSession(s -> s.allocate(DType.F64, 1L << 24)));
            report("Tensor.zeros beyond the heap", () -> Tensor.zeros(DType.F64, 1L << 24));
            // fill the heap with 4 MiB blocks until one fails, then give two back: about 8-12 MiB stay free,
            // too little for the 32 MiB asked next, enough for everything else
            List<byte[]> ballast = new ArrayList<>();
            try {
                while (true) {
                    ballast.add(new byte[4 << 20]);
                }
            } catch (OutOfMemoryError full) {
                ballast.remove(ballast.size() - 1);
                ballast.remove(ballast.size() - 1);
            }
            report("allocate while the heap is full", () -> backend.withSession(s -> s.allocate(DType.F64, 1 << 22)));
            ballast.clear();
            report("usable after a failed allocation", () -> backend.withSession(s -> s.allocate(DType.F64, 1 << 22)));
            // "i,j,j->i" along the explicit path (i,j) first: an outer-product intermediate of 4000² F64
            // (128 MB) on a 96 MB heap, from 32 KB operands
            Tensor v = Tensor.random(DType.F64, 1, 4000);
            EinsumOptions outerFirst = EinsumOptions.builder().path(new int[] {0, 1}, new int[] {0, 1}).build();
            report("einsum intermediate beyond the heap",
                    () -> backend.withSession(s -> Einsum.einsum(s, "i,j,j->i", outerFirst, v, v, v)));
            report("einsum afterwards", () -> backend.withSession(s -> Einsum.einsum(s, "i,i->", v, v)));
        }
    }

    private interface Case {
        Object run();
    }

    private static void report(String name, Case c) {
        try {
            c.run();
            System.out.println(name + ": ok");
        } catch (MemoryExhaustedException e) {
            System.out.println(name + ": " + e.getClass().getSimpleName() + " requested=" + e.requestedBytes()
                    + " limit=" + e.limitBytes().orElse(-1) + " cause=" + (e.getCause() == null ? "none"
                            : e.getCause().getClass().getSimpleName()) + " message=" + e.getMessage());
        } catch (Throwable t) {
            System.out.println(name + ": " + t);
            t.printStackTrace(System.out);
        }
    }
}
