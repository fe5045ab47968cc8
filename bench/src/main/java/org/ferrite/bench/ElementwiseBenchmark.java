package org.ferrite.bench;

import java.util.concurrent.TimeUnit;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.cpu.CpuHeldSession;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The CPU elementwise, reduction and copy kernels on F64 against a plain Java loop measured in the
 * same run: {@code out = a + b}, {@code out = exp(a)}, {@code Σ a} over every axis, and the copy of a
 * transposed square matrix into a compact one, at 1 Ki and 1 Mi elements, on one thread.
 *
 * <p>What it measures, per operation, two arms: {@code held…} runs the operation through
 * {@code withSession} of a held session of a one-thread {@link CpuBackend} into a caller-owned buffer
 * (the path an application takes, through the public API only), and {@code loop…} is the plain Java
 * loop. The gap is validation, dispatch and session entry (tens of nanoseconds at 1 Ki; the entry alone
 * is {@code EntryBenchmark.heldEmptyCallback}); at 1 Mi it shows the loop quality. Every Ferrite
 * arm is checked against its plain loop once per trial, outside the timed region. Not thread-safe: JMH gives each thread its own state, and the held session is
 * opened, used and closed on that thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class ElementwiseBenchmark {
    /** Elements per operand: 1 Ki and 1 Mi (square matrices of side 32 and 1024 for the copy). */
    @Param({"1024", "1048576"})
    public int size;

    private Tensor a;
    private Tensor b;
    private Tensor out;
    private Tensor scalar;
    private TensorRead transposed;
    private int[] allAxes;
    private double[] ad;
    private double[] bd;
    private double[] od;
    private org.ferrite.api.tensor.TensorWrite outSquare;
    private int side;
    private CpuBackend backend;
    private CpuHeldSession held;
    private SessionFunction<Void> heldAddWork;
    private SessionFunction<Void> heldExpWork;
    private SessionFunction<Double> heldSumWork;
    private SessionFunction<Void> heldCopyWork;

    /** Fills the operands and validates every Ferrite arm against its plain loop. */
    @Setup
    public void setUp() {
        side = (int) Math.round(Math.sqrt(size));
        a = Tensor.random(DType.F64, 1, size);
        b = Tensor.random(DType.F64, 2, size);
        out = Tensor.zeros(DType.F64, size);
        scalar = Tensor.zeros(DType.F64);
        transposed = Tensor.random(DType.F64, 3, side, side).transpose();
        allAxes = new int[] {0};
        ad = a.f64Data();
        bd = b.f64Data();
        od = out.f64Data();
        outSquare = out.reshape(side, side);
        backend = CpuBackend.builder().threads(1).build();
        held = backend.openSession();
        heldAddWork = s -> {
            s.binaryInto(BinaryOp.ADD, a, b, out);
            return null;
        };
        heldExpWork = s -> {
            s.unaryInto(UnaryOp.EXP, a, out);
            return null;
        };
        heldSumWork = s -> {
            s.reduceInto(ReduceOp.SUM, a, allAxes, scalar);
            return scalar.f64Data()[0];
        };
        heldCopyWork = s -> {
            s.copyInto(transposed, outSquare);
            return null;
        };
        validate();
    }

    /** Closes the held session and the backend. */
    @TearDown
    public void tearDown() {
        held.close();
        backend.close();
    }

    private void validate() {
        double[] want = new double[size];
        loopAddInto(want);
        heldAdd();
        require("held add", want, od, 0);
        loopExpInto(want);
        java.util.Arrays.fill(od, 0);
        heldExp();
        require("held exp", want, od, 0);
        double[] sum = {loopSum()};
        require("held sum", sum, new double[] {heldSum()}, 1e-9 * size);
        loopTransposeInto(want);
        java.util.Arrays.fill(od, 0);
        heldTransposeCopy();
        require("held transpose copy", want, od, 0);
    }

    private static void require(String arm, double[] want, double[] got, double tolerance) {
        for (int i = 0; i < want.length; i++) {
            if (!(Math.abs(want[i] - got[i]) <= tolerance)) {
                throw new IllegalStateException(arm + ": element " + i + " is " + got[i] + ", want " + want[i]);
            }
        }
    }

    // ------------------------------------------------------------------ add

    /** Ferrite through a held session: {@code out = a + b}. */
    @Benchmark
    public void heldAdd() {
        held.withSession(heldAddWork);
    }

    /** Baseline: the same sum as a hand loop. */
    @Benchmark
    public void loopAdd() {
        loopAddInto(od);
    }

    private void loopAddInto(double[] o) {
        for (int i = 0; i < size; i++) {
            o[i] = ad[i] + bd[i];
        }
    }

    // ------------------------------------------------------------------ exp

    /** Ferrite through a held session: {@code out = exp(a)}. */
    @Benchmark
    public void heldExp() {
        held.withSession(heldExpWork);
    }

    /** Baseline: {@link Math#exp} in a hand loop. */
    @Benchmark
    public void loopExp() {
        loopExpInto(od);
    }

    private void loopExpInto(double[] o) {
        for (int i = 0; i < size; i++) {
            o[i] = Math.exp(ad[i]);
        }
    }

    // ------------------------------------------------------------------ sum

    /**
     * Ferrite through a held session: {@code Σ a} into a rank-0 tensor.
     *
     * @return the sum
     */
    @Benchmark
    public double heldSum() {
        return held.withSession(heldSumWork);
    }

    /**
     * Baseline: a single-accumulator hand loop (what most Java code writes).
     *
     * @return the sum
     */
    @Benchmark
    public double loopSum() {
        double s = 0;
        for (int i = 0; i < size; i++) {
            s += ad[i];
        }
        return s;
    }

    // ------------------------------------------------------------------ transpose copy

    /** Ferrite through a held session: the transposed copy. */
    @Benchmark
    public void heldTransposeCopy() {
        held.withSession(heldCopyWork);
    }

    /** Baseline: the naive transpose loop over the same storage. */
    @Benchmark
    public void loopTranspose() {
        loopTransposeInto(od);
    }

    private void loopTransposeInto(double[] o) {
        double[] src = (double[]) transposed.storage();
        int n = side;
        for (int j = 0; j < n; j++) {
            for (int i = 0; i < n; i++) {
                o[i + j * n] = src[j + i * n];
            }
        }
    }
}
