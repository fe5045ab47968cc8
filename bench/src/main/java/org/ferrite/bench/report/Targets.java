package org.ferrite.bench.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.ferrite.bench.report.ReportCase.Role;

/**
 * Builds the table's rows: ratios within each group, and the performance targets
 * (the project's performance contract, listed below) judged on medians:
 * <ul>
 *   <li>scoped entry ≤ 50 ns; held open + close ≤ 50 ns and 0 B/op;</li>
 *   <li>held/into: ≤ 2× the hand loop at size 2, ≤ 1.2× the faster of the hand loop and native
 *       {@code dgemv} at 8 and 32, ≤ 1.5× native {@code dgemv} at 95, ≤ 1.2× at 256, and 0 B/op (below
 *       1 B/op, JMH's profiler noise) at every size; held/single (allocating) ≤ 1.5× held/into at size
 *       2; at size 2, held/prepared_into (a prepared contraction) ≤ 1.5× the hand loop and 0 B/op, and
 *       held/into with fresh operand objects every call ≤ 1.2× held/into with the same objects and 0
 *       B/op;</li>
 *   <li>batched {@code 64 × (8×8)·(8×8)} held/into, with and without the Vector API module, &lt; 5 µs and
 *       ≤ 0.5× ojAlgo's loop;</li>
 *   <li>held/chain16 per operation ≤ held/single (the same operation: "met (within single's CI)" when
 *       the chain's median lies inside the single arm's 95% interval);</li>
 *   <li>GEMM: the JAVA route ≥ 2× EJML's speed at n = 512 and ≥ 0.5× native BLAS's speed at 512 and
 *       1024 (≥ 0.7× with the Vector API module); two threads ≥ 1.8× one thread on the JAVA route at 1024,
 *       with and without the module; AUTO ≥ 0.95× native BLAS's speed from n = 256;</li>
 *   <li>linear algebra: Ferrite's overhead over LAPACK called directly ≤ 10 % at n ≥ 64 (the same
 *       problem, the same run); the batch of 1000 4×4 F64 QR below 120 µs and solve below 150 µs (3×
 *       faster than NumPy 2.4's batched {@code qr} and {@code solve} on the reference machine);</li>
 *   <li>einsum: the precompiled chain {@code ij,jk,kl->il} at {@code n = 16} ≤ 1.1× the same two
 *       products as prepared contractions by hand; {@code bij,bjk->bik} (64 × 8×8) &lt; 5 µs, with and without the Vector API module; the
 *       16-site MPS norm &lt; 20 µs precompiled and ≤ 1.3× that ad hoc; the greedy path search of the 100-tensor network &lt; 50 ms;</li>
 *   <li>workloads ({@code --full}, with NumPy present): TRG χ = 16 at least 1.5× NumPy's speed, TRG χ = 8
 *       and iTEBD χ = 32 at least 3× (the same algorithms in NumPy + opt_einsum, the same sitting).</li>
 * </ul>
 * A target stated as a ratio is judged as that ratio of medians, and its verdict shows the measured
 * ratio against the bound ({@link #atMost}, {@link #atLeast}).
 * Targets relative to native BLAS are "n/a" when the BLAS peer is netlib's Java fallback.
 * Thread-safe (stateless).
 */
final class Targets {
    private Targets() {
    }

    static List<ReportRow> rows(List<CaseResult> results, Environment env) {
        List<ReportRow> rows = new ArrayList<>();
        for (CaseResult r : results) {
            ReportCase c = r.reportCase();
            double floor = median(results, c, Role.FLOOR);
            double ejml = median(results, c, Role.EJML);
            double blas = median(results, c, Role.BLAS);
            boolean self = c.role() != Role.FERRITE;
            rows.add(new ReportRow(r, c.role() == Role.FLOOR ? Double.NaN : r.medianNs() / floor,
                    self ? Double.NaN : r.medianNs() / ejml, self ? Double.NaN : r.medianNs() / blas,
                    target(c), verdict(r, results, env)));
        }
        return rows;
    }

    private static double median(List<CaseResult> results, ReportCase like, Role role) {
        for (CaseResult r : results) {
            ReportCase c = r.reportCase();
            if (c.role() == role && c.sameGroup(like) && r.ok()) {
                return r.medianNs();
            }
        }
        return Double.NaN;
    }

    private static CaseResult peer(List<CaseResult> results, ReportCase like, Role role) {
        for (CaseResult r : results) {
            if (r.reportCase().role() == role && r.reportCase().sameGroup(like)) {
                return r;
            }
        }
        return null;
    }

    private static CaseResult find(List<CaseResult> results, String method, int value) {
        for (CaseResult r : results) {
            if (r.reportCase().method().equals(method) && r.reportCase().value() == value) {
                return r;
            }
        }
        return null;
    }

    static String target(ReportCase c) {
        switch (c.method()) {
            case "entryScopedEmpty":
                return "≤ 50 ns";
            case "entryHeldOpenClose":
                return "≤ 50 ns, 0 B/op";
            case "heldInto":
                return heldIntoTarget(c.value()) + ", 0 B/op";
            case "heldSingle":
                return c.value() == 2 ? "≤ 1.5× held/into" : "";
            case "heldPreparedInto":
                return c.value() == 2 ? "≤ 1.5× hand loop, 0 B/op" : "0 B/op";
            case "heldIntoFreshOperands":
                return c.value() == 2 ? "≤ 1.2× held/into, 0 B/op" : "0 B/op";
            case "ferriteHeldInto":
            case "ferriteHeldIntoVectorApi":
                return "< 5 µs, ≤ 0.5× ojAlgo loop";
            case "ferriteJava2Threads":
            case "ferriteJava2ThreadsVector":
                return c.value() == 1024 ? "≥ 1.8× 1 thread" : "";
            case "ferriteJavaVector":
                return c.value() >= 512 ? "≥ 0.7× native speed" : "";
            case "heldChain16":
                return "≤ held/single";
            case "ferriteJava":
                return c.value() == 512 ? "≥ 2× EJML speed, ≥ 0.5× native speed"
                    : c.value() == 1024 ? "≥ 0.5× native speed" : "";
            case "ferriteAuto":
                return c.value() >= 256 ? "≥ 0.95× native speed" : "";
            case "square":
                return c.value() >= 64 ? "≤ 1.1× LAPACK" : "";
            case "batch":
                return "qr".equals(c.params().get("op")) ? "< 120 µs" : "< 150 µs";
            case "chainPrecompiled":
                return c.value() == 16 ? "≤ 1.1× prepared pair" : "";
            case "batchedPrecompiled":
            case "batchedPrecompiledVectorApi":
                return "< 5 µs";
            case "mpsPrecompiled":
                return "< 20 µs";
            case "mpsAdHoc":
                return "≤ 1.3× precompiled";
            case "greedyPathSearch":
                return "< 50 ms";
            case "freeEnergyAtTc":
                return c.value() == 16 ? "≥ 1.5× NumPy's speed" : c.value() == 8 ? "≥ 3× NumPy's speed" : "";
            case "evolveAtCriticality":
                return "≥ 3× NumPy's speed";
            default:
                return "";
        }
    }

    private static String heldIntoTarget(int size) {
        switch (size) {
            case 2:
                return "≤ 2× hand loop";
            case 8:
            case 32:
                return "≤ 1.2× min(hand loop, dgemv)";
            case 95:
                return "≤ 1.5× dgemv";
            default:
                return "≤ 1.2× dgemv";
        }
    }

    private static String verdict(CaseResult r, List<CaseResult> results, Environment env) {
        ReportCase c = r.reportCase();
        if (target(c).isEmpty()) {
            return "";
        }
        if (!r.ok()) {
            return "FAILED";
        }
        double t = r.medianNs();
        switch (c.method()) {
            case "entryScopedEmpty":
                return judge(t <= 50);
            case "entryHeldOpenClose":
                return withAlloc(judge(t <= 50), r.allocBytesPerOp() < 1);
            case "heldInto":
                return heldIntoVerdict(r, results, env);
            case "heldPreparedInto": {
                CaseResult floor = find(results, "floorHandLoop", c.value());
                boolean noAlloc = r.allocBytesPerOp() < 1;
                return c.value() != 2 ? judge(noAlloc) : floor == null || !floor.ok() ? "n/a (no hand loop)"
                        : withAlloc(atMost(t / floor.medianNs(), 1.5), noAlloc);
            }
            case "heldIntoFreshOperands": {
                CaseResult same = find(results, "heldInto", c.value());
                boolean noAlloc = r.allocBytesPerOp() < 1;
                return c.value() != 2 ? judge(noAlloc) : same == null || !same.ok() ? "n/a (no held/into)"
                        : withAlloc(atMost(t / same.medianNs(), 1.2), noAlloc);
            }
            case "heldSingle": {
                CaseResult into = find(results, "heldInto", c.value());
                if (into == null || !into.ok()) {
                    return "n/a";
                }
                String verdict = atMost(t / into.medianNs(), 1.5);
                CaseResult array = find(results, "floorNewArray", c.value());
                return array == null || !array.ok() ? verdict : String.format(Locale.ROOT,
                        "%s; %.1f ns over held/into, a new double[%d] alone %.1f ns", verdict, t - into.medianNs(),
                        c.value(), array.medianNs());
            }
            case "ferriteHeldInto":
            case "ferriteHeldIntoVectorApi": {
                CaseResult ojalgo = find(results, "ojalgoLoop", 0);
                return ojalgo == null || !ojalgo.ok() ? "n/a"
                        : t < 5_000 ? atMost(t / ojalgo.medianNs(), 0.5) : "MISSED (≥ 5 µs)";
            }
            case "heldChain16": {
                CaseResult single = find(results, "heldSingle", c.value());
                if (single == null || !single.ok()) {
                    return "n/a";
                }
                // the same operation either way: "tracks single" means not significantly slower
                return t <= single.medianNs() ? "met" : t <= single.ciHighNs() ? "met (within single's CI)" : "MISSED";
            }
            case "ferriteJava":
                return javaGemmVerdict(r, results, env);
            case "ferriteJava2Threads":
            case "ferriteJava2ThreadsVector": {
                CaseResult one = find(results, c.method().replace("2Threads", ""), c.value());
                return one == null || !one.ok() ? "n/a" : atLeast(one.medianNs() / t, 1.8);
            }
            case "ferriteJavaVector": {
                CaseResult blas = find(results, "blasDgemm", c.value());
                return !env.nativePeer() || blas == null || !blas.ok() ? "n/a (no native BLAS)"
                        : atLeast(blas.medianNs() / t, 0.7);
            }
            case "ferriteAuto": {
                CaseResult blas = find(results, "blasDgemm", c.value());
                if (!env.nativePeer() || blas == null || !blas.ok()) {
                    return "n/a (no native BLAS)";
                }
                return atLeast(blas.medianNs() / t, 0.95);
            }
            case "square": {
                CaseResult lapack = peer(results, c, Role.BLAS);
                return lapack == null || !lapack.ok() ? "n/a (no native LAPACK)"
                        : atMost(t / lapack.medianNs(), 1.1);
            }
            case "batch":
                return judge(t < ("qr".equals(c.params().get("op")) ? 120_000 : 150_000));
            default:
                return einsumVerdict(c, t, results);
        }
    }

    private static String heldIntoVerdict(CaseResult r, List<CaseResult> results, Environment env) {
        int size = r.reportCase().value();
        double t = r.medianNs();
        boolean noAlloc = r.allocBytesPerOp() < 1;
        CaseResult floor = find(results, "floorHandLoop", size);
        CaseResult blas = find(results, "blasDgemv", size);
        boolean nativeBlas = env.nativePeer() && blas != null && blas.ok();
        if (size == 2 || size == 8 || size == 32) {
            if (floor == null || !floor.ok()) {
                return "n/a (no hand loop)";
            }
            double best = size != 2 && nativeBlas ? Math.min(floor.medianNs(), blas.medianNs()) : floor.medianNs();
            return withAlloc(atMost(t / best, size == 2 ? 2 : 1.2), noAlloc);
        }
        if (!nativeBlas) {
            String why = !env.nativePeer() ? "no native dgemv" : "dgemv not measured";
            return "n/a (" + why + "); " + (noAlloc ? "0 B/op met" : "B/op MISSED");
        }
        return withAlloc(atMost(t / blas.medianNs(), size == 95 ? 1.5 : 1.2), noAlloc);
    }

    private static String javaGemmVerdict(CaseResult r, List<CaseResult> results, Environment env) {
        int size = r.reportCase().value();
        double t = r.medianNs();
        CaseResult blas = find(results, "blasDgemm", size);
        String half = env.nativePeer() && blas != null && blas.ok() ? atLeast(blas.medianNs() / t, 0.5)
                : "n/a (no native BLAS)";
        if (size != 512) {
            return half;
        }
        CaseResult ejml = find(results, "ejmlMult", size);
        if (ejml == null || !ejml.ok()) {
            return half;
        }
        String twice = atLeast(ejml.medianNs() / t, 2);
        if (half.startsWith("n/a")) {
            return twice; // no native peer: the EJML target alone is judged here
        }
        boolean met = twice.startsWith("met") && half.startsWith("met");
        return (met ? "met" : "MISSED") + " (EJML " + inParentheses(twice) + "; native " + inParentheses(half) + ")";
    }

    private static String inParentheses(String verdict) {
        return verdict.substring(verdict.indexOf('(') + 1, verdict.lastIndexOf(')'));
    }

    private static String einsumVerdict(ReportCase c, double t, List<CaseResult> results) {
        switch (c.method()) {
            case "chainPrecompiled": {
                CaseResult hand = find(results, "chainHandPrepared", c.value());
                return hand == null || !hand.ok() ? "n/a" : atMost(t / hand.medianNs(), 1.1);
            }
            case "batchedPrecompiled":
            case "batchedPrecompiledVectorApi":
                return judge(t < 5_000);
            case "mpsPrecompiled":
                return judge(t < 20_000);
            case "mpsAdHoc": {
                CaseResult precompiled = find(results, "mpsPrecompiled", 0);
                return precompiled == null || !precompiled.ok() ? "n/a" : atMost(t / precompiled.medianNs(), 1.3);
            }
            case "greedyPathSearch":
                return judge(t < 50_000_000);
            case "freeEnergyAtTc":
            case "evolveAtCriticality": {
                String target = target(c);
                CaseResult numpy = peer(results, c, Role.PEER);
                if (target.isEmpty()) {
                    return "";
                }
                return numpy == null || !numpy.ok() ? "n/a (no NumPy peer)" : atLeast(numpy.medianNs() / t,
                        c.value() == 16 ? 1.5 : 3);
            }
            default:
                return "";
        }
    }

    private static String withAlloc(String time, boolean noAlloc) {
        return noAlloc ? time : "MISSED (B/op); time " + time;
    }

    private static String judge(boolean met) {
        return met ? "met" : "MISSED";
    }

    /**
     * A target stated as a ratio is judged as that ratio: the measured ratio against the stated bound,
     * both shown in the verdict.
     *
     * @param ratio this case's median over the peer's (lower is better)
     * @param bound the target's "≤ bound×"
     * @return e.g. {@code "met (1.13× ≤ 1.2×)"}
     */
    static String atMost(double ratio, double bound) {
        return String.format(Locale.ROOT, "%s (%.2f× %s %s×)", judge(ratio <= bound), ratio,
                ratio <= bound ? "≤" : ">", plain(bound));
    }

    /**
     * @param speed the peer's median over this case's (this case's speed relative to the peer; higher is
     *     better)
     * @param bound the target's "≥ bound× the peer's speed"
     * @return e.g. {@code "met (2.41× ≥ 2×)"}
     */
    static String atLeast(double speed, double bound) {
        return String.format(Locale.ROOT, "%s (%.2f× %s %s×)", judge(speed >= bound), speed,
                speed >= bound ? "≥" : "<", plain(bound));
    }

    private static String plain(double bound) {
        return BigDecimal.valueOf(bound).stripTrailingZeros().toPlainString();
    }

    /**
     * @param rows the report's rows
     * @return one line per row with a target: the case, the target and its verdict, e.g.
     *     {@code "- held/into @ size=2: ≤ 2× hand loop, 0 B/op — met (1.85× ≤ 2×)"}
     */
    static List<String> verdictLines(List<ReportRow> rows) {
        List<String> lines = new ArrayList<>();
        for (ReportRow row : rows) {
            if (!row.target().isEmpty()) {
                lines.add("- " + row.result().reportCase().title() + ": " + row.target() + " — " + row.verdict());
            }
        }
        return lines;
    }

    /**
     * @param rows the report's rows
     * @return {@code "targets met: N/M"} over the rows whose target was judged (met or missed, a failed
     *     case counting as missed), with how many could not be judged here ("n/a", e.g. no native BLAS)
     */
    static String summary(List<ReportRow> rows) {
        int met = 0;
        int judged = 0;
        int notJudged = 0;
        for (ReportRow row : rows) {
            String v = row.verdict();
            if (row.target().isEmpty()) {
                continue;
            }
            if (v.startsWith("n/a")) {
                notJudged++;
            } else {
                judged++;
                met += v.startsWith("met") ? 1 : 0;
            }
        }
        return "targets met: " + met + "/" + judged + (notJudged == 0 ? ""
                : " (" + notJudged + " more not judged on this machine: n/a)");
    }
}
