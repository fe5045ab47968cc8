package org.ferrite.bench;

import java.util.concurrent.TimeUnit;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
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
 * What the narrow dtypes cost on the CPU provider next to their compute type, in the same run: F16 and
 * BF16 next to F32, I8 next to I32. Three arms through a held one-thread session into caller-owned
 * outputs: {@code heldAdd} ({@code out = a + b}, 64 Ki elements), {@code heldExp} ({@code out = exp(a)},
 * floating dtypes; the integer ones run {@code negative} instead) and {@code heldMatmul} (a 128 × 128
 * product, accumulated in the compute type). The narrow dtypes widen into temporaries, run the compute
 * type's kernels and narrow the result, so the ratio to the compute type's row is the price of that
 * staging; it is not meant to be small, only bounded.
 *
 * <p>Not thread-safe: JMH gives each thread its own state, and the held session is opened, used and
 * closed on that thread.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class NarrowDTypeBenchmark {
    private static final int ELEMENTS = 65536;
    private static final int SIDE = 128;

    /** The dtype measured. */
    @Param({"F32", "F16", "BF16", "I32", "I8"})
    public String dtype;

    private CpuBackend backend;
    private CpuHeldSession held;
    private SessionFunction<Void> addWork;
    private SessionFunction<Void> unaryWork;
    private SessionFunction<Void> matmulWork;

    /** Fills the operands; opens the session. */
    @Setup
    public void setUp() {
        DType d = DType.valueOf(dtype);
        Tensor a = Tensor.random(d, 1, ELEMENTS);
        Tensor b = Tensor.random(d, 2, ELEMENTS);
        Tensor out = Tensor.zeros(d, ELEMENTS);
        Tensor m = Tensor.random(d, 3, SIDE, SIDE);
        Tensor n = Tensor.random(d, 4, SIDE, SIDE);
        Tensor product = Tensor.zeros(d, SIDE, SIDE);
        UnaryOp unary = d.isFloating() ? UnaryOp.EXP : UnaryOp.NEG;
        backend = CpuBackend.builder().threads(1).build();
        held = backend.openSession();
        addWork = s -> {
            s.binaryInto(BinaryOp.ADD, a, b, out);
            return null;
        };
        unaryWork = s -> {
            s.unaryInto(unary, a, out);
            return null;
        };
        matmulWork = s -> {
            s.matmulInto(m, n, product);
            return null;
        };
    }

    /** Closes the held session and the backend. */
    @TearDown
    public void tearDown() {
        held.close();
        backend.close();
    }

    /** {@code out = a + b}. */
    @Benchmark
    public void heldAdd() {
        held.withSession(addWork);
    }

    /** {@code out = exp(a)} ({@code -a} for the integer dtypes). */
    @Benchmark
    public void heldUnary() {
        held.withSession(unaryWork);
    }

    /** {@code product = m · n}, 128 × 128. */
    @Benchmark
    public void heldMatmul() {
        held.withSession(matmulWork);
    }
}
