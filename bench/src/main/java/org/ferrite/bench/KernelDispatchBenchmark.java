package org.ferrite.bench;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.GemmRoute;
import org.ferrite.cpu.internal.contract.ContractionKernels;
import org.ferrite.cpu.internal.contract.ContractionPlanCache;
import org.ferrite.cpu.internal.kernel.KernelContext;
import org.ferrite.cpu.internal.kernel.ParallelRunner;
import org.ferrite.cpu.internal.plan.IndexedPlanCache;
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
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class KernelDispatchBenchmark {

    /** Operands, output and a session stand-in. */
    @State(Scope.Thread)
    public static class Kernel implements KernelContext, ParallelRunner {
        /** The matrix is {@code size×size}, the vector {@code size×1}. */
        @Param({"2", "95", "256"})
        public int size;

        MatVecOperands data;
        Tensor y;
        final ContractionPlanCache plans = new ContractionPlanCache();

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

        @Override
        public Tensor allocate(DType dtype, int... shape) {
            return Tensor.zeros(dtype, shape);
        }

        @Override
        public IndexedPlanCache indexedPlans() {
            throw new IllegalStateException("dotGeneral does not use the indexed-plan cache");
        }

        @Override
        public ContractionPlanCache contractionPlans() {
            return plans;
        }

        @Override
        public ParallelRunner parallel() {
            return this;
        }

        @Override
        public GemmRoute gemmRoute() {
            return GemmRoute.AUTO;
        }

        @Override
        public int parallelism() {
            return 1;
        }

        @Override
        public void run(int tasks, IntConsumer task) {
            for (int t = 0; t < tasks; t++) {
                task.accept(t);
            }
        }
    }

    /**
     * @param k the operands and context
     * @return the output
     */
    @Benchmark
    public Tensor kernelInto(Kernel k) {
        ContractionKernels.dotGeneralAccumulate(k, k.data.a, k.data.x, DotGeneralConfig.MATMUL, Accumulation.OVERWRITE,
                k.y);
        return k.y;
    }
}
