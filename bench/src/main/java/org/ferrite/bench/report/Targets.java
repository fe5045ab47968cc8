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
 *   <li>scoped entry ≤ 50 ns; held open + close ≤ 100 ns;</li>
 *   <li>held/into: ≤ 8× the hand loop at size 2 (about 40 ns), ≤ 1.5× native {@code dgemv} at 95, ≤ 1.2×
 *       at 256, and 0 B/op
 *       (below 1 B/op, JMH's profiler noise) at every size;</li>
 *   <li>held/chain16 per operation ≤ held/single (the same operation: "met (within single's CI)" when
 *       the chain's median lies inside the single arm's 95% interval);</li>
 *   <li>GEMM at n = 512: the JAVA route ≥ 2× EJML's speed, AUTO ≥ 0.9× native BLAS's speed;</li>
 *   <li>einsum: the precompiled chain {@code ij,jk,kl->il} ≤ 1.2× the same two {@code dotGeneral} calls
 *       by hand; {@code bij,bjk->bik} (64 × 8×8) &lt; 5 µs; the 16-site MPS norm &lt; 20 µs precompiled and
 *       ≤ 1.3× that ad hoc; the greedy path search of the 100-tensor network &lt; 50 ms.</li>
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
            if (c.role() == role && ReportSuite.group(c).equals(ReportSuite.group(like)) && c.value() == like.value()
                    && r.ok()) {
                return r.medianNs();
            }
        }
        return Double.NaN;
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
                return "≤ 100 ns";
            case "heldInto":
                return (c.value() == 2 ? "≤ 8× hand loop" : c.value() == 95 ? "≤ 1.5× dgemv" : "≤ 1.2× dgemv")
                        + ", 0 B/op";
            case "heldChain16":
                return "≤ held/single";
            case "ferriteJava":
                return c.value() == 512 ? "≥ 2× EJML speed" : "";
            case "ferriteAuto":
                return c.value() == 512 ? "≥ 0.9× native speed" : "";
            case "chainPrecompiled":
                return "≤ 1.2× hand dotGeneral";
            case "batchedPrecompiled":
                return "< 5 µs";
            case "mpsPrecompiled":
                return "< 20 µs";
            case "mpsAdHoc":
                return "≤ 1.3× precompiled";
            case "greedyPathSearch":
                return "< 50 ms";
            default:
                return "";
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
                return judge(t <= 100);
            case "heldInto": {
                boolean noAlloc = r.allocBytesPerOp() < 1;
                if (c.value() == 2) {
                    CaseResult floor = find(results, "floorHandLoop", 2);
                    return floor == null || !floor.ok() ? "n/a (no hand loop)"
                            : withAlloc(atMost(t / floor.medianNs(), 8), noAlloc);
                }
                CaseResult blas = find(results, "blasDgemv", c.value());
                if (!env.nativePeer() || blas == null || !blas.ok()) {
                    String why = !env.nativePeer() ? "no native dgemv" : "dgemv not measured";
                    return "n/a (" + why + "); " + (noAlloc ? "0 B/op met" : "B/op MISSED");
                }
                return withAlloc(atMost(t / blas.medianNs(), c.value() == 95 ? 1.5 : 1.2), noAlloc);
            }
            case "heldChain16": {
                CaseResult single = find(results, "heldSingle", c.value());
                if (single == null || !single.ok()) {
                    return "n/a";
                }
                // the same operation either way: "tracks single" means not significantly slower
                return t <= single.medianNs() ? "met" : t <= single.ciHighNs() ? "met (within single's CI)" : "MISSED";
            }
            case "ferriteJava": {
                CaseResult ejml = find(results, "ejmlMult", c.value());
                return ejml == null || !ejml.ok() ? "n/a" : atLeast(ejml.medianNs() / t, 2);
            }
            case "ferriteAuto": {
                CaseResult blas = find(results, "blasDgemm", c.value());
                if (!env.nativePeer() || blas == null || !blas.ok()) {
                    return "n/a (no native BLAS)";
                }
                return atLeast(blas.medianNs() / t, 0.9);
            }
            default:
                return einsumVerdict(c, t, results);
        }
    }

    private static String einsumVerdict(ReportCase c, double t, List<CaseResult> results) {
        switch (c.method()) {
            case "chainPrecompiled": {
                CaseResult hand = find(results, "chainHandDotGeneral", c.value());
                return hand == null || !hand.ok() ? "n/a" : atMost(t / hand.medianNs(), 1.2);
            }
            case "batchedPrecompiled":
                return judge(t < 5_000);
            case "mpsPrecompiled":
                return judge(t < 20_000);
            case "mpsAdHoc": {
                CaseResult precompiled = find(results, "mpsPrecompiled", 0);
                return precompiled == null || !precompiled.ok() ? "n/a" : atMost(t / precompiled.medianNs(), 1.3);
            }
            case "greedyPathSearch":
                return judge(t < 50_000_000);
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
