// GENERATED from cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/gemm/DoubleGemmJob.java.
// by ferrite-codegen. Do not edit: edit the template and run mvn -B -q -pl codegen -am compile -Pgenerate.
package org.ferrite.cpu.internal.gemm;

import java.util.function.IntConsumer;
import org.ferrite.cpu.internal.worker.ParallelRunner;

/**
 * One product split over columns of {@code C} for a {@link ParallelRunner}: task {@code t} of
 * {@code T} computes columns {@code [t·n/T, (t+1)·n/T)} with its own workspace. A reusable object
 * (no capturing lambda per call), armed by {@link #arm} and disarmed afterwards so it never keeps the
 * caller's arrays alive.
 *
 * <p>Implementation notes: fields are written by the session thread before
 * {@link ParallelRunner#run} and only read by tasks; the runner's join orders those writes before the
 * tasks' reads and the tasks' writes to {@code c} before the caller continues.
 *
 * <p>Not thread-safe to arm concurrently; confined to its {@link FloatGemmResources}' session.
 */
final class FloatGemmJob implements IntConsumer {
    private final FloatGemmResources resources;
    private GemmTier tier;
    private int tasks;
    private int m;
    private int n;
    private int k;
    private float alpha;
    private float[] a;
    private int aOff;
    private int aRs;
    private int aCs;
    private float[] b;
    private int bOff;
    private int bRs;
    private int bCs;
    private float beta;
    private float[] c;
    private int cOff;
    private int cRs;
    private int cCs;

    FloatGemmJob(FloatGemmResources resources) {
        this.resources = resources;
    }

    void arm(GemmTier tier, int tasks, int m, int n, int k, float alpha, float[] a, int aOff, int aRs, int aCs,
            float[] b, int bOff, int bRs, int bCs, float beta, float[] c, int cOff, int cRs, int cCs) {
        this.tier = tier;
        this.tasks = tasks;
        this.m = m;
        this.n = n;
        this.k = k;
        this.alpha = alpha;
        this.a = a;
        this.aOff = aOff;
        this.aRs = aRs;
        this.aCs = aCs;
        this.b = b;
        this.bOff = bOff;
        this.bRs = bRs;
        this.bCs = bCs;
        this.beta = beta;
        this.c = c;
        this.cOff = cOff;
        this.cRs = cRs;
        this.cCs = cCs;
    }

    void disarm() {
        a = null;
        b = null;
        c = null;
    }

    @Override
    public void accept(int task) {
        int j0 = (int) ((long) task * n / tasks);
        int j1 = (int) ((long) (task + 1) * n / tasks);
        if (j1 > j0) {
            FloatGemm.columns(tier, m, j1 - j0, k, alpha, a, aOff, aRs, aCs, b, bOff + j0 * bCs, bRs, bCs, beta, c,
                    cOff + j0 * cCs, cRs, cCs, resources.workspace(task));
        }
    }
}
