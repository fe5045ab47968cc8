package org.ferrite.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ferrite.bench.BatchedContractionBenchmark;
import org.ferrite.bench.EinsumBenchmark;
import org.ferrite.bench.GemmBenchmark;
import org.ferrite.bench.EntryBenchmark;
import org.ferrite.bench.HeldSessionDispatchBenchmark;
import org.ferrite.bench.LapackPeersBenchmark;
import org.ferrite.bench.LinalgBenchmark;
import org.ferrite.bench.report.ReportCase.Role;

/**
 * The cases of the report, in table order: the dispatch suite of the reference protocol (entries, then
 * per size the Ferrite arms, the kernel alone without a session, and the peers), the batched small
 * products ({@code 64 × (8×8)·(8×8)}, batch axis trailing; Ferrite without and with the Vector API
 * module) with their loop peers, the linear-algebra
 * rows against LAPACK and EJML, then the GEMM comparison ({@code n = 512} and {@code 1024} in quick
 * mode, all sizes with {@code --full}; two-thread arms at 512 and 1024; the {@code JAVA} route with and
 * without the Vector API module), then einsum. Thread-safe
 * (stateless).
 */
final class ReportSuite {
    /** Sizes of the dispatch suite's {@code size×size · size×1} contraction. */
    static final int[] SIZES = {2, 8, 32, 95, 256};

    private ReportSuite() {
    }

    /**
     * @param full the full protocol
     * @return the cases to run
     */
    static List<ReportCase> cases(boolean full) {
        Class<?> d = HeldSessionDispatchBenchmark.class;
        List<ReportCase> cases = new ArrayList<>();
        cases.add(new ReportCase("entry/scoped_empty", d, "entryScopedEmpty", null, 0, Role.FERRITE));
        cases.add(new ReportCase("entry/held_open_close", d, "entryHeldOpenClose", null, 0, Role.FERRITE));
        cases.add(new ReportCase("entry/held_empty", EntryBenchmark.class, "heldEmptyCallback", null, 0,
                Role.FERRITE));
        for (int size : SIZES) {
            cases.add(new ReportCase("scoped/single", d, "scopedSingle", "size", size, Role.FERRITE));
            cases.add(new ReportCase("held/single", d, "heldSingle", "size", size, Role.FERRITE));
            cases.add(new ReportCase("scoped/into", d, "scopedInto", "size", size, Role.FERRITE));
            cases.add(new ReportCase("held/into", d, "heldInto", "size", size, Role.FERRITE));
            cases.add(new ReportCase("held/chain16 (per op)", d, "heldChain16", "size", size, Role.FERRITE));
            cases.add(new ReportCase("floor/hand_loop", d, "floorHandLoop", "size", size, Role.FLOOR));
            cases.add(new ReportCase("ejml/mult", d, "ejmlMult", "size", size, Role.EJML));
            cases.add(new ReportCase("blas/dgemv", d, "blasDgemv", "size", size, Role.BLAS));
        }
        // what held/single pays beyond held/into at least: the JVM's price of the result's fresh array
        cases.add(new ReportCase("floor/new_array", d, "floorNewArray", "size", 2, Role.PEER));
        Class<?> b = BatchedContractionBenchmark.class;
        cases.add(new ReportCase("batched/held_into", b, "ferriteHeldInto", null, 0, Role.FERRITE));
        // its own fork adds --add-modules=jdk.incubator.vector: the provider's Vector API kernels
        cases.add(new ReportCase("batched/held_into (Vector API)", b, "ferriteHeldIntoVectorApi", null, 0,
                Role.FERRITE));
        cases.add(new ReportCase("batched/hand_loop", b, "floorHandLoop", null, 0, Role.FLOOR));
        cases.add(new ReportCase("batched/ejml_loop", b, "ejmlLoop", null, 0, Role.EJML));
        cases.add(new ReportCase("batched/ojalgo_loop", b, "ojalgoLoop", null, 0, Role.PEER));
        linalg(cases, full);
        Class<?> g = GemmBenchmark.class;
        int[] gemmSizes = full ? new int[] {64, 256, 512, 1024} : new int[] {512, 1024};
        for (int n : gemmSizes) {
            cases.add(new ReportCase("gemm/ferrite_auto", g, "ferriteAuto", "size", n, Role.FERRITE));
            cases.add(new ReportCase("gemm/ferrite_java", g, "ferriteJava", "size", n, Role.FERRITE));
            cases.add(new ReportCase("gemm/ferrite_java_vector", g, "ferriteJavaVector", "size", n, Role.FERRITE));
            if (n >= 512) {
                cases.add(new ReportCase("gemm/ferrite_auto_2_threads", g, "ferriteAuto2Threads", "size", n,
                        Role.FERRITE));
                cases.add(new ReportCase("gemm/ferrite_java_2_threads", g, "ferriteJava2Threads", "size", n,
                        Role.FERRITE));
                cases.add(new ReportCase("gemm/ferrite_java_vector_2_threads", g, "ferriteJava2ThreadsVector", "size",
                        n, Role.FERRITE));
            }
            cases.add(new ReportCase("gemm/ejml_mult", g, "ejmlMult", "size", n, Role.EJML));
            cases.add(new ReportCase("gemm/blas_dgemm", g, "blasDgemm", "size", n, Role.BLAS));
        }
        Class<?> e = EinsumBenchmark.class;
        for (int n : new int[] {16, 64}) {
            cases.add(new ReportCase("einsum/chain_precompiled", e, "chainPrecompiled", "n", n, Role.FERRITE));
            cases.add(new ReportCase("einsum/chain_adhoc", e, "chainAdHoc", "n", n, Role.FERRITE));
            cases.add(new ReportCase("einsum/chain_hand_dotgeneral", e, "chainHandDotGeneral", "n", n, Role.FLOOR));
        }
        cases.add(new ReportCase("einsum/batched_precompiled", e, "batchedPrecompiled", null, 0, Role.FERRITE));
        cases.add(new ReportCase("einsum/batched_adhoc", e, "batchedAdHoc", null, 0, Role.FERRITE));
        cases.add(new ReportCase("einsum/batched_hand_dotgeneral", e, "batchedHandDotGeneral", null, 0,
                Role.FERRITE));
        cases.add(new ReportCase("einsum/batched_hand_loop", e, "batchedHandLoop", null, 0, Role.FLOOR));
        // their own forks add --add-modules=jdk.incubator.vector
        cases.add(new ReportCase("einsum/batched_precompiled (Vector API)", e, "batchedPrecompiledVectorApi", null, 0,
                Role.FERRITE));
        cases.add(new ReportCase("einsum/batched_hand_dotgeneral (Vector API)", e, "batchedHandDotGeneralVectorApi",
                null, 0, Role.FERRITE));
        cases.add(new ReportCase("einsum/mps16_precompiled", e, "mpsPrecompiled", null, 0, Role.FERRITE));
        cases.add(new ReportCase("einsum/mps16_adhoc", e, "mpsAdHoc", null, 0, Role.FERRITE));
        // the plan's dotGeneralInto calls by hand: what the provider's operations cost without einsum
        cases.add(new ReportCase("einsum/mps16_hand_dotgeneral", e, "mpsHandDotGeneral", null, 0, Role.FERRITE));
        cases.add(new ReportCase("einsum/greedy_path_100", e, "greedyPathSearch", null, 0, Role.FERRITE));
        return cases;
    }

    /**
     * The linear-algebra rows: Ferrite through a held session ({@link LinalgBenchmark}) beside LAPACK
     * called directly and EJML ({@link LapackPeersBenchmark}) on the same problem — SVD and solve of
     * one F64 {@code n = 64} matrix in quick mode; SVD, QR, eigh and solve, F64 and C128, {@code n} 4 to
     * 256 with {@code --full} — and the batch of 1000 4×4 F64 QR and solve.
     */
    private static void linalg(List<ReportCase> cases, boolean full) {
        Class<?> l = LinalgBenchmark.class;
        Class<?> p = LapackPeersBenchmark.class;
        String[] ops = full ? new String[] {"svd", "qr", "eigh", "solve"} : new String[] {"svd", "solve"};
        String[] dtypes = full ? new String[] {"F64", "C128"} : new String[] {"F64"};
        int[] sizes = full ? new int[] {4, 16, 64, 256} : new int[] {64};
        for (String op : ops) {
            for (String dtype : dtypes) {
                for (int n : sizes) {
                    String group = "linalg/" + op + "/" + dtype + "/" + n;
                    String prefix = dtype.equals("F64") ? "f64" : "c128";
                    cases.add(new ReportCase("linalg/" + op + " " + dtype, l, "square", "n", n, Role.FERRITE,
                            params("op", op, "dtype", dtype), group));
                    cases.add(new ReportCase("lapack/" + op + " " + dtype, p, prefix + "Lapack", "size", n, Role.BLAS,
                            params("operation", op), group));
                    if (dtype.equals("F64") || op.equals("qr") || op.equals("solve")) {
                        cases.add(new ReportCase("ejml/" + op + " " + dtype, p, prefix + "Ejml", "size", n, Role.EJML,
                                params("operation", op), group));
                    }
                }
            }
        }
        for (String op : new String[] {"qr", "solve"}) {
            String group = "linalg/batch/" + op;
            cases.add(new ReportCase("linalg/batch 1000×4×4 " + op, l, "batch", null, 0, Role.FERRITE,
                    params("op", op), group));
            cases.add(new ReportCase("lapack/batch 1000×4×4 " + op, p, "batchLapack", null, 0, Role.BLAS,
                    params("operation", op), group));
            cases.add(new ReportCase("ejml/batch 1000×4×4 " + op, p, "batchEjml", null, 0, Role.EJML,
                    params("operation", op), group));
        }
    }

    private static Map<String, String> params(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }

    /**
     * @param c a case
     * @return the group whose rows share peers: the case's explicit group (linear algebra), the GEMM
     *     comparison, the batched products, each einsum workload, or the dispatch suite (the kernel-only
     *     rows share the dispatch suite's sizes and peers)
     */
    static String group(ReportCase c) {
        if (c.group() != null) {
            return c.group();
        }
        if (isGemm(c)) {
            return "gemm";
        }
        if (c.benchmarkClass() == BatchedContractionBenchmark.class) {
            return "batched";
        }
        if (c.benchmarkClass() == EinsumBenchmark.class) {
            return "einsum/" + c.method().replaceAll("[A-Z].*", "");
        }
        return "dispatch";
    }

    /**
     * How many times the protocol's dispatch warm-up a case gets: 3 for the einsum rows (peers
     * included), whose call trees C2 needed 2–3 s to finish compiling on two loaded cores (a chain at
     * n = 16 read 1.6 µs for a whole fork after 2 s of warm-up and 0.75 µs in the other), else 1.
     *
     * @param c the case
     * @return the factor
     */
    static int warmupFactor(ReportCase c) {
        return c.benchmarkClass() == EinsumBenchmark.class ? 3 : 1;
    }

    /**
     * @param c a case
     * @return true for the GEMM comparison (longer iterations)
     */
    static boolean isGemm(ReportCase c) {
        // the kernel-only rows share the dispatch suite's groups (same sizes, same peers)
        return c.benchmarkClass() == GemmBenchmark.class;
    }
}
