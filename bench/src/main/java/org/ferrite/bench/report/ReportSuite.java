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
import org.ferrite.bench.workloads.ItebdWorkloadBenchmark;
import org.ferrite.bench.workloads.TrgWorkloadBenchmark;
import org.ferrite.bench.workloads.TruncatedSvdBenchmark;

/**
 * The cases of the report, in table order, each registered once here as part of the quick report (the
 * default, about three minutes) or of {@code --full} only ({@code --full} runs every case):
 * <ul>
 * <li>quick — the seed's table: scoped entry and held open + close; held single, into and chain16 at
 * sizes 2, 95 and 256 with their peers (hand loop, EJML, native {@code dgemv}); the prepared and
 * fresh-operand forms of held/into at size 2; the batched small products ({@code 64 × (8×8)·(8×8)},
 * without and with the Vector API module) against ojAlgo; einsum's chain at {@code n = 16} against the
 * prepared pair by hand, and the batched einsum;</li>
 * <li>full — everything else: the held empty callback, sizes 8 and 32, the scoped forms, the batched
 * loop peers, the linear-algebra rows against LAPACK and EJML, the GEMM comparison, the remaining
 * einsum rows, and the workloads (TRG and iTEBD beside NumPy, the truncated SVD).</li>
 * </ul>
 * To add a case, register it in {@link #cases(boolean)} with {@link Cases#quick} or {@link Cases#full}
 * (and, for a target, a line in {@link Targets}). Thread-safe (stateless).
 */
final class ReportSuite {
    /** Sizes of the dispatch suite's {@code size×size · size×1} contraction. */
    static final int[] SIZES = {2, 8, 32, 95, 256};

    private ReportSuite() {
    }

    /** The registration list: every case in table order, kept or not by the protocol. */
    private static final class Cases {
        private final boolean full;
        private final List<ReportCase> list = new ArrayList<>();

        Cases(boolean full) {
            this.full = full;
        }

        /** Registers a case of the quick report (and of {@code --full}). */
        void quick(ReportCase c) {
            list.add(c);
        }

        /** Registers a case of {@code --full} only. */
        void full(ReportCase c) {
            if (full) {
                list.add(c);
            }
        }

        /** Registers a case of the quick report when {@code quick}, else of {@code --full} only. */
        void either(boolean quick, ReportCase c) {
            if (quick) {
                quick(c);
            } else {
                full(c);
            }
        }
    }

    /**
     * @param full the full protocol: every case; else the quick report's
     * @return the cases to run, in table order
     */
    static List<ReportCase> cases(boolean full) {
        Cases cases = new Cases(full);
        Class<?> d = HeldSessionDispatchBenchmark.class;
        cases.quick(new ReportCase("entry/scoped_empty", d, "entryScopedEmpty", null, 0, Role.FERRITE));
        cases.quick(new ReportCase("entry/held_open_close", d, "entryHeldOpenClose", null, 0, Role.FERRITE));
        cases.full(new ReportCase("entry/held_empty", EntryBenchmark.class, "heldEmptyCallback", null, 0,
                Role.FERRITE));
        for (int size : SIZES) {
            boolean quick = size == 2 || size == 95 || size == 256;
            cases.full(new ReportCase("scoped/single", d, "scopedSingle", "size", size, Role.FERRITE));
            cases.either(quick, new ReportCase("held/single", d, "heldSingle", "size", size, Role.FERRITE));
            cases.full(new ReportCase("scoped/into", d, "scopedInto", "size", size, Role.FERRITE));
            cases.either(quick, new ReportCase("held/into", d, "heldInto", "size", size, Role.FERRITE));
            // the same product through a contraction prepared in setup, and with new operand objects per call
            cases.either(size == 2, new ReportCase("held/prepared_into", d, "heldPreparedInto", "size", size,
                    Role.FERRITE));
            cases.either(size == 2, new ReportCase("held/into_fresh_operands", d, "heldIntoFreshOperands", "size",
                    size, Role.FERRITE));
            cases.either(quick, new ReportCase("held/chain16 (per op)", d, "heldChain16", "size", size,
                    Role.FERRITE));
            cases.either(quick, new ReportCase("floor/hand_loop", d, "floorHandLoop", "size", size, Role.FLOOR));
            cases.either(quick, new ReportCase("ejml/mult", d, "ejmlMult", "size", size, Role.EJML));
            cases.either(quick, new ReportCase("blas/dgemv", d, "blasDgemv", "size", size, Role.BLAS));
        }
        // what held/single pays beyond held/into at least: the JVM's price of the result's fresh array
        cases.quick(new ReportCase("floor/new_array", d, "floorNewArray", "size", 2, Role.PEER));
        Class<?> b = BatchedContractionBenchmark.class;
        cases.quick(new ReportCase("batched/held_into", b, "ferriteHeldInto", null, 0, Role.FERRITE));
        // its own fork adds --add-modules=jdk.incubator.vector: the provider's Vector API kernels
        cases.quick(new ReportCase("batched/held_into (Vector API)", b, "ferriteHeldIntoVectorApi", null, 0,
                Role.FERRITE));
        cases.full(new ReportCase("batched/hand_loop", b, "floorHandLoop", null, 0, Role.FLOOR));
        cases.full(new ReportCase("batched/ejml_loop", b, "ejmlLoop", null, 0, Role.EJML));
        cases.quick(new ReportCase("batched/ojalgo_loop", b, "ojalgoLoop", null, 0, Role.PEER));
        linalg(cases);
        gemm(cases);
        einsum(cases);
        workloads(cases);
        return cases.list;
    }

    /** The GEMM comparison ({@code --full}): square products on both routes, one and two threads. */
    private static void gemm(Cases cases) {
        Class<?> g = GemmBenchmark.class;
        for (int n : new int[] {64, 256, 512, 1024}) {
            cases.full(new ReportCase("gemm/ferrite_auto", g, "ferriteAuto", "size", n, Role.FERRITE));
            cases.full(new ReportCase("gemm/ferrite_java", g, "ferriteJava", "size", n, Role.FERRITE));
            cases.full(new ReportCase("gemm/ferrite_java_vector", g, "ferriteJavaVector", "size", n, Role.FERRITE));
            if (n >= 512) {
                cases.full(new ReportCase("gemm/ferrite_auto_2_threads", g, "ferriteAuto2Threads", "size", n,
                        Role.FERRITE));
                cases.full(new ReportCase("gemm/ferrite_java_2_threads", g, "ferriteJava2Threads", "size", n,
                        Role.FERRITE));
                cases.full(new ReportCase("gemm/ferrite_java_vector_2_threads", g, "ferriteJava2ThreadsVector",
                        "size", n, Role.FERRITE));
            }
            cases.full(new ReportCase("gemm/ejml_mult", g, "ejmlMult", "size", n, Role.EJML));
            cases.full(new ReportCase("gemm/blas_dgemm", g, "blasDgemm", "size", n, Role.BLAS));
        }
    }

    /** The einsum rows: the chain at 16 against the prepared pair and the batched product are quick. */
    private static void einsum(Cases cases) {
        Class<?> e = EinsumBenchmark.class;
        for (int n : new int[] {16, 64}) {
            boolean quick = n == 16;
            cases.either(quick, new ReportCase("einsum/chain_precompiled", e, "chainPrecompiled", "n", n,
                    Role.FERRITE));
            cases.full(new ReportCase("einsum/chain_adhoc", e, "chainAdHoc", "n", n, Role.FERRITE));
            cases.either(quick, new ReportCase("einsum/chain_hand_prepared", e, "chainHandPrepared", "n", n,
                    Role.FLOOR));
            cases.full(new ReportCase("einsum/chain_hand_dotgeneral", e, "chainHandDotGeneral", "n", n,
                    Role.PEER));
        }
        cases.quick(new ReportCase("einsum/batched_precompiled", e, "batchedPrecompiled", null, 0, Role.FERRITE));
        cases.full(new ReportCase("einsum/batched_adhoc", e, "batchedAdHoc", null, 0, Role.FERRITE));
        cases.full(new ReportCase("einsum/batched_hand_dotgeneral", e, "batchedHandDotGeneral", null, 0,
                Role.FERRITE));
        cases.full(new ReportCase("einsum/batched_hand_loop", e, "batchedHandLoop", null, 0, Role.FLOOR));
        // their own forks add --add-modules=jdk.incubator.vector
        cases.quick(new ReportCase("einsum/batched_precompiled (Vector API)", e, "batchedPrecompiledVectorApi", null,
                0, Role.FERRITE));
        cases.full(new ReportCase("einsum/batched_hand_dotgeneral (Vector API)", e, "batchedHandDotGeneralVectorApi",
                null, 0, Role.FERRITE));
        cases.full(new ReportCase("einsum/mps16_precompiled", e, "mpsPrecompiled", null, 0, Role.FERRITE));
        cases.full(new ReportCase("einsum/mps16_adhoc", e, "mpsAdHoc", null, 0, Role.FERRITE));
        // the plan's dotGeneralInto calls by hand: what the provider's operations cost without einsum
        cases.full(new ReportCase("einsum/mps16_hand_dotgeneral", e, "mpsHandDotGeneral", null, 0, Role.FERRITE));
        cases.full(new ReportCase("einsum/greedy_path_100", e, "greedyPathSearch", null, 0, Role.FERRITE));
    }

    /**
     * The workload rows ({@code --full}): the examples' TRG at T_c (20 steps, χ = 8, 16, 24) and iTEBD at
     * h = 1 (1 000 steps, χ = 32) through a held session ({@code org.ferrite.bench.workloads}), beside the
     * same algorithms in NumPy run in the same sitting ({@link NumPyPeers}); the truncated SVD's randomized
     * path beside the direct one on the same matrices.
     */
    private static void workloads(Cases cases) {
        for (int chi : NumPyPeers.TRG_CHI) {
            cases.full(new ReportCase("workload/trg", TrgWorkloadBenchmark.class, "freeEnergyAtTc", "chi", chi,
                    Role.FERRITE, Map.of(), "workload/trg"));
        }
        cases.full(new ReportCase("workload/itebd", ItebdWorkloadBenchmark.class, "evolveAtCriticality", "chi",
                NumPyPeers.ITEBD_CHI, Role.FERRITE, Map.of(), "workload/itebd"));
        for (String shape : new String[] {"64:8", "256:16", "576:24"}) {
            String group = "workload/svd " + shape;
            cases.full(new ReportCase("svd/truncated randomized " + shape, TruncatedSvdBenchmark.class, "randomized",
                    null, 0, Role.FERRITE, params("shape", shape), group));
            cases.full(new ReportCase("svd/truncated direct " + shape, TruncatedSvdBenchmark.class, "direct", null, 0,
                    Role.BLAS, params("shape", shape), group));
        }
    }

    /**
     * @param cases the cases of a report
     * @return the NumPy peer rows of the workload rows among them
     */
    static List<ReportCase> numPyPeers(List<ReportCase> cases) {
        List<ReportCase> peers = new ArrayList<>();
        for (ReportCase c : cases) {
            if (c.benchmarkClass() == TrgWorkloadBenchmark.class) {
                peers.add(NumPyPeers.trg(c.value()));
            } else if (c.benchmarkClass() == ItebdWorkloadBenchmark.class) {
                peers.add(NumPyPeers.itebd());
            }
        }
        return peers;
    }

    /**
     * The linear-algebra rows ({@code --full}): Ferrite through a held session ({@link LinalgBenchmark})
     * beside LAPACK called directly and EJML ({@link LapackPeersBenchmark}) on the same problem — SVD,
     * QR, eigh and solve, F64 and C128, {@code n} 4 to 256 — and the batch of 1000 4×4 F64 QR and solve.
     * A row's group is its operation and dtype; its size ({@code n}) pairs it with its peers.
     */
    private static void linalg(Cases cases) {
        Class<?> l = LinalgBenchmark.class;
        Class<?> p = LapackPeersBenchmark.class;
        for (String op : new String[] {"svd", "qr", "eigh", "solve"}) {
            for (String dtype : new String[] {"F64", "C128"}) {
                for (int n : new int[] {4, 16, 64, 256}) {
                    String group = "linalg/" + op + "/" + dtype;
                    String prefix = dtype.equals("F64") ? "f64" : "c128";
                    cases.full(new ReportCase("linalg/" + op + " " + dtype, l, "square", "n", n, Role.FERRITE,
                            params("op", op, "dtype", dtype), group));
                    cases.full(new ReportCase("lapack/" + op + " " + dtype, p, prefix + "Lapack", "size", n,
                            Role.BLAS, params("operation", op), group));
                    if (dtype.equals("F64") || op.equals("qr") || op.equals("solve")) {
                        cases.full(new ReportCase("ejml/" + op + " " + dtype, p, prefix + "Ejml", "size", n,
                                Role.EJML, params("operation", op), group));
                    }
                }
            }
        }
        for (String op : new String[] {"qr", "solve"}) {
            String group = "linalg/batch/" + op;
            cases.full(new ReportCase("linalg/batch 1000×4×4 " + op, l, "batch", null, 0, Role.FERRITE,
                    params("op", op), group));
            cases.full(new ReportCase("lapack/batch 1000×4×4 " + op, p, "batchLapack", null, 0, Role.BLAS,
                    params("operation", op), group));
            cases.full(new ReportCase("ejml/batch 1000×4×4 " + op, p, "batchEjml", null, 0, Role.EJML,
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
     * @return the group whose rows share peers (at the same size: {@link ReportCase#sameGroup}) and one
     *     panel of the chart: the case's explicit group (linear algebra), the GEMM comparison, the batched
     *     products, each einsum workload, or the dispatch suite
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
