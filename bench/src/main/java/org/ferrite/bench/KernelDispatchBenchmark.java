package org.ferrite.bench;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.internal.contract.ContractionKernels;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * The contraction kernel's own cost, without any session: {@code ContractionKernels.dotGeneralAccumulate}
 * called with a minimal kernel context (the plan cache, an inline runner, route {@code AUTO}) on the
 * dispatch suite's {@code size×size · size×1} f64 product. Subtracted from {@code held/into}, it
 * splits the held path's time between session entry and the kernel (validation, plan lookup, GEMM).
 * Checked against the textbook loop after every iteration.
 *
 * <p>Every state class here is {@code Scope.Thread} (JMH gives each benchmark thread its own; none is
 * thread-safe) and lives for one trial: what it opens in its trial set-up it closes in its trial
 * tear-down. The benchmark class itself holds no state.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class KernelDispatchBenchmark {

    /**
     * Operands, output and a session stand-in.
     * Not thread-safe ({@code Scope.Thread}: one per benchmark thread); lives for one trial.
     */
    @State(Scope.Thread)
    public static class Kernel {
        /** The matrix is {@code size×size}, the vector {@code size×1}. */
        @Param({"2", "8", "32", "95", "256"})
        public int size;

        MatVecOperands data;
        Tensor y;
        final SerialKernelContext context = SerialKernelContext.contractionOnly();

        /** Builds the operands. */
        @Setup(Level.Trial)
        public void open() {
            QuietNetlib.apply();
            data = new MatVecOperands(size, 1945);
            y = Tensor.zeros(DType.F64, size, 1);
        }

        /** Poisons the output. */
        @Setup(Level.Iteration)
        public void poison() {
            Arrays.fill(y.f64Data(), Double.NaN);
        }

        /** Checks the output. */
        @TearDown(Level.Iteration)
        public void check() {
            MatVecOperands.check("kernelInto", y.f64Data(), data.expectedProduct);
        }
    }

    /**
     * @param k the operands and context
     * @return the output
     */
    @Benchmark
    public Tensor kernelInto(Kernel k) {
        ContractionKernels.dotGeneralAccumulate(k.context, k.data.a, k.data.x, DotGeneralConfig.MATMUL,
                Accumulation.OVERWRITE, k.y);
        return k.y;
    }
}
