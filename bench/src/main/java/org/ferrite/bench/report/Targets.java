package org.ferrite.bench.report;

import java.util.ArrayList;
import java.util.List;
import org.ferrite.bench.report.ReportCase.Role;

/**
 * Builds the table's rows: ratios within each group, and the performance targets
 * (the project's performance contract, listed below) judged on medians:
 * <ul>
 *   <li>scoped entry ≤ 50 ns; held open + close ≤ 100 ns;</li>
 *   <li>held/into: ≤ 40 ns at size 2, ≤ 1.5× native {@code dgemv} at 95, ≤ 1.2× at 256, and 0 B/op
 *       (below 1 B/op, JMH's profiler noise) at every size;</li>
 *   <li>held/chain16 per operation ≤ held/single (the same operation: "met (within single's CI)" when
 *       the chain's median lies inside the single arm's 95% interval);</li>
 *   <li>GEMM at n = 512: the JAVA route ≥ 2× EJML's speed, AUTO ≥ 0.9× native BLAS's speed;</li>
 *   <li>einsum: the precompiled chain {@code ij,jk,kl->il} ≤ 1.2× the same two {@code dotGeneral} calls
 *       by hand; {@code bij,bjk->bik} (64 × 8×8) &lt; 5 µs; the 16-site MPS norm &lt; 20 µs precompiled and
 *       ≤ 1.3× that ad hoc; the greedy path search of the 100-tensor network &lt; 50 ms.</li>
 * </ul>
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
                return (c.value() == 2 ? "≤ 40 ns" : c.value() == 95 ? "≤ 1.5× dgemv" : "≤ 1.2× dgemv") + ", 0 B/op";
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
                    return judge(t <= 40 && noAlloc);
                }
                CaseResult blas = find(results, "blasDgemv", c.value());
                if (!env.nativePeer() || blas == null || !blas.ok()) {
                    return noAlloc ? "n/a (no native dgemv); 0 B/op met" : "n/a (no native dgemv); B/op MISSED";
                }
                return judge(t <= (c.value() == 95 ? 1.5 : 1.2) * blas.medianNs() && noAlloc);
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
                return ejml == null || !ejml.ok() ? "n/a" : judge(t <= ejml.medianNs() / 2);
            }
            case "ferriteAuto": {
                CaseResult blas = find(results, "blasDgemm", c.value());
                if (!env.nativePeer() || blas == null || !blas.ok()) {
                    return "n/a (no native BLAS)";
                }
                return judge(t <= blas.medianNs() / 0.9);
            }
            default:
                return einsumVerdict(c, t, results);
        }
    }

    private static String einsumVerdict(ReportCase c, double t, List<CaseResult> results) {
        switch (c.method()) {
            case "chainPrecompiled": {
                CaseResult hand = find(results, "chainHandDotGeneral", c.value());
                return hand == null || !hand.ok() ? "n/a" : judge(t <= 1.2 * hand.medianNs());
            }
            case "batchedPrecompiled":
                return judge(t < 5_000);
            case "mpsPrecompiled":
                return judge(t < 20_000);
            case "mpsAdHoc": {
                CaseResult precompiled = find(results, "mpsPrecompiled", 0);
                return precompiled == null || !precompiled.ok() ? "n/a" : judge(t <= 1.3 * precompiled.medianNs());
            }
            case "greedyPathSearch":
                return judge(t < 50_000_000);
            default:
                return "";
        }
    }

    private static String judge(boolean met) {
        return met ? "met" : "MISSED";
    }
}
