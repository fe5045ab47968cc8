package org.ferrite.cpu.internal.contract;

import java.util.function.IntConsumer;
import org.ferrite.cpu.internal.worker.ParallelRunner;

/**
 * A batched {@link DirectProduct} split over the session's threads: task {@code t} of {@code T} runs
 * batch positions {@code [t·Q/T, (t+1)·Q/T)}. Positions are independent and each is computed exactly
 * as on one thread, so results do not depend on the split. A reusable object (no capturing lambda per
 * call), armed by one of the {@code run} methods and disarmed before it returns, so it never keeps the
 * caller's arrays alive.
 *
 * <p>Implementation notes: fields are written by the session thread before {@link ParallelRunner#run}
 * and only read by tasks; the runner's join orders those writes before the tasks' reads and the tasks'
 * writes to the output before the caller continues.
 *
 * <p>Not thread-safe to arm concurrently; confined to its {@link ContractionPlanCache}'s session.
 */
final class BatchSplit implements IntConsumer {
    /** Multiply-adds below which a batch is never split between tasks. */
    static final long PARALLEL_MIN_WORK = 1L << 17;

    private DirectProduct product;
    private int tasks;
    private double[] dl;
    private double[] dr;
    private double[] dc;
    private float[] fl;
    private float[] fr;
    private float[] fc;
    private int lo;
    private int ro;
    private int co;
    private double alpha;
    private double beta;

    /**
     * @param product the plan's product
     * @param parallelism the session's thread budget
     * @return the number of tasks worth running (1: run inline)
     */
    static int tasks(DirectProduct product, int parallelism) {
        if (parallelism <= 1 || product.work < PARALLEL_MIN_WORK) {
            return 1;
        }
        return (int) Math.min(Math.min(parallelism, product.positions), product.work / PARALLEL_MIN_WORK);
    }

    void runF64(ParallelRunner parallel, int tasks, DirectProduct p, double[] l, int lo, double[] r, int ro,
            double[] c, int co, double alpha, double beta) {
        this.dl = l;
        this.dr = r;
        this.dc = c;
        arm(p, tasks, lo, ro, co, alpha, beta);
        try {
            parallel.run(tasks, this);
        } finally {
            disarm();
        }
    }

    void runF32(ParallelRunner parallel, int tasks, DirectProduct p, float[] l, int lo, float[] r, int ro,
            float[] c, int co, float alpha, float beta) {
        this.fl = l;
        this.fr = r;
        this.fc = c;
        arm(p, tasks, lo, ro, co, alpha, beta);
        try {
            parallel.run(tasks, this);
        } finally {
            disarm();
        }
    }

    private void arm(DirectProduct p, int tasks, int lo, int ro, int co, double alpha, double beta) {
        this.product = p;
        this.tasks = tasks;
        this.lo = lo;
        this.ro = ro;
        this.co = co;
        this.alpha = alpha;
        this.beta = beta;
    }

    private void disarm() {
        product = null;
        dl = null;
        dr = null;
        dc = null;
        fl = null;
        fr = null;
        fc = null;
    }

    @Override
    public void accept(int task) {
        int q = product.positions;
        int from = (int) ((long) task * q / tasks);
        int to = (int) ((long) (task + 1) * q / tasks);
        if (to <= from) {
            return;
        }
        if (dc != null) {
            product.f64Range(dl, lo, dr, ro, dc, co, alpha, beta, from, to);
        } else {
            product.f32Range(fl, lo, fr, ro, fc, co, (float) alpha, (float) beta, from, to);
        }
    }
}
