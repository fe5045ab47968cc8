package org.ferrite.bench;

import java.util.concurrent.TimeUnit;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.cpu.CpuBackend;
import org.ferrite.opencl.OpenClBackend;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The OpenCL provider beside the CPU provider, in the same run, through held sessions: square GEMM
 * ({@code n ∈ {256, 1024, 2048}}, F32 and F64; CLBlast on the device), the batched product of 1000 8×8
 * matrices, an elementwise {@code a + b} over 16 Mi F32 elements, host → device → host transfer of 64 MiB,
 * and the cost of one small operation queued in a held session (64 queued, then one synchronisation). The
 * device arms work on device tensors moved there in set-up and wait for their queue ({@code synchronize})
 * inside the timed region; every arm's result is checked against the CPU provider's once per iteration,
 * outside it. On POCL (a CPU OpenCL runtime) these measure the OpenCL path's overhead, not a GPU's speed.
 *
 * <p>Every state is {@code Scope.Thread} and lives for one trial: what it opens in its set-up it closes in
 * its tear-down (the backends, the held sessions). Needs an OpenCL device: the set-up fails with the
 * provider's {@code unavailableReason()} without one.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class OpenClBenchmark {
    private static final int SMALL_OPS = 64;

    /** Both backends and a held session on each. Not thread-safe (one per benchmark thread); one trial. */
    abstract static class Sessions {
        CpuBackend cpu;
        OpenClBackend opencl;
        HeldSession onCpu;
        HeldSession onDevice;
        String arm;

        void openBoth(BenchmarkParams params) {
            arm = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
            String reason = OpenClBackend.unavailableReason();
            if (!reason.isEmpty()) {
                throw new IllegalStateException("OpenCL benchmarks need an OpenCL device: " + reason);
            }
            cpu = CpuBackend.builder().build(); // every CPU the process may use, as POCL
            opencl = OpenClBackend.builder().build();
            onCpu = cpu.openSession();
            onDevice = opencl.openSession();
        }

        Tensor toDevice(Tensor host) {
            return onDevice.withSession(s -> s.to(host, s.placement()));
        }

        Tensor deviceToHost(Tensor device) {
            return onDevice.withSession(s -> s.toHost(device));
        }

        static void requireClose(String what, Tensor got, Tensor want, double tolerance) {
            if (!Tensor.allClose(got, want, tolerance, tolerance)) {
                throw new IllegalStateException(what + ": the result differs from the other provider's");
            }
        }

        /** Closes the sessions, then the backends. */
        @TearDown(Level.Trial)
        public void closeAll() {
            onDevice.close();
            onCpu.close();
            opencl.close();
            cpu.close();
        }
    }

    /** Square matrices on both backends. Not thread-safe; one trial. */
    @State(Scope.Thread)
    public static class Gemm extends Sessions {
        /** The matrices are {@code n×n}. */
        @Param({"256", "1024", "2048"})
        public int size;
        /** F32 or F64. */
        @Param({"F32", "F64"})
        public String dtype;
        Tensor a;
        Tensor b;
        Tensor c;
        Tensor da;
        Tensor db;
        Tensor dc;

        /** Operands on both sides. @param params the trial's benchmark (its arm is checked) */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            openBoth(params);
            DType d = DType.valueOf(dtype);
            a = Tensor.random(d, 1, size, size);
            b = Tensor.random(d, 2, size, size);
            c = Tensor.zeros(d, size, size);
            da = toDevice(a);
            db = toDevice(b);
            dc = toDevice(c);
        }

        /** The measured arm's product agrees with the other provider's, computed now (relative to n). */
        @TearDown(Level.Iteration)
        public void check() {
            if (arm.endsWith("OpenCl")) {
                onCpu.run(s -> s.dotGeneralInto(a, b, DotGeneralConfig.MATMUL, c));
            } else {
                onDevice.run(s -> s.dotGeneralInto(da, db, DotGeneralConfig.MATMUL, dc));
            }
            requireClose("gemm " + size + " " + dtype, deviceToHost(dc), c, (dtype.equals("F32") ? 1e-4 : 1e-10)
                    * size);
        }
    }

    /** {@code [8, 8, 1000]} batched operands. Not thread-safe; one trial. */
    @State(Scope.Thread)
    public static class Batched extends Sessions {
        static final DotGeneralConfig BATCHED = DotGeneralConfig.of(new int[] {1}, new int[] {0}, new int[] {2},
                new int[] {2});
        Tensor a;
        Tensor b;
        Tensor c;
        Tensor da;
        Tensor db;
        Tensor dc;

        /** Operands on both sides. @param params the trial's benchmark (its arm is checked) */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            openBoth(params);
            a = Tensor.random(DType.F64, 3, 8, 8, 1000);
            b = Tensor.random(DType.F64, 4, 8, 8, 1000);
            c = Tensor.zeros(DType.F64, 8, 8, 1000);
            da = toDevice(a);
            db = toDevice(b);
            dc = toDevice(c);
        }

        /** The measured arm's products agree with the other provider's, computed now. */
        @TearDown(Level.Iteration)
        public void check() {
            if (arm.endsWith("OpenCl")) {
                onCpu.run(s -> s.dotGeneralInto(a, b, BATCHED, c));
            } else {
                onDevice.run(s -> s.dotGeneralInto(da, db, BATCHED, dc));
            }
            requireClose("batched", deviceToHost(dc), c, 1e-12);
        }
    }

    /** 16 Mi F32 elements per operand (64 MiB). Not thread-safe; one trial. */
    @State(Scope.Thread)
    public static class Elementwise extends Sessions {
        static final int ELEMENTS = 16 << 20;
        Tensor a;
        Tensor b;
        Tensor c;
        Tensor da;
        Tensor db;
        Tensor dc;
        Tensor back;
        Tensor tiny;
        Tensor tinyOut;
        Tensor dTiny;
        Tensor dTinyOut;

        /** Operands on both sides. @param params the trial's benchmark (its arm is checked) */
        @Setup(Level.Trial)
        public void open(BenchmarkParams params) {
            openBoth(params);
            a = Tensor.random(DType.F32, 5, ELEMENTS);
            b = Tensor.random(DType.F32, 6, ELEMENTS);
            c = Tensor.zeros(DType.F32, ELEMENTS);
            back = Tensor.zeros(DType.F32, ELEMENTS);
            da = toDevice(a);
            db = toDevice(b);
            dc = toDevice(c);
            tiny = Tensor.random(DType.F32, 7, 2);
            tinyOut = Tensor.zeros(DType.F32, 2);
            dTiny = toDevice(tiny);
            dTinyOut = toDevice(tiny);
        }

        /** The measured arm's result: the sum, the round trip (exact), the small operation ({@code 2·tiny}). */
        @TearDown(Level.Iteration)
        public void check() {
            Tensor twice = onCpu.withSession(s -> s.add(tiny, tiny));
            switch (arm) {
                case "elementwiseOpenCl" -> {
                    onCpu.run(s -> s.binaryInto(BinaryOp.ADD, a, b, c));
                    requireClose(arm, deviceToHost(dc), c, 0);
                }
                case "elementwiseCpu" -> requireClose(arm, c, onDevice.withSession(s -> s.toHost(s.add(da, db))), 0);
                case "transferRoundTripOpenCl", "transferCopyCpu" -> requireClose(arm, back, a, 0);
                case "smallOpOpenCl" -> requireClose(arm, deviceToHost(dTinyOut), twice, 0);
                case "smallOpCpu" -> requireClose(arm, tinyOut, twice, 0);
                default -> throw new IllegalStateException("no check for " + arm);
            }
        }
    }

    /** @param g the trial's operands @return the product */
    @Benchmark
    public Tensor gemmOpenCl(Gemm g) {
        return g.onDevice.withSession(s -> {
            s.dotGeneralInto(g.da, g.db, DotGeneralConfig.MATMUL, g.dc);
            s.synchronize();
            return g.dc;
        });
    }

    /** @param g the trial's operands @return the product */
    @Benchmark
    public Tensor gemmCpu(Gemm g) {
        return g.onCpu.withSession(s -> {
            s.dotGeneralInto(g.a, g.b, DotGeneralConfig.MATMUL, g.c);
            return g.c;
        });
    }

    /** @param t the trial's operands @return the products */
    @Benchmark
    public Tensor batchedOpenCl(Batched t) {
        return t.onDevice.withSession(s -> {
            s.dotGeneralInto(t.da, t.db, Batched.BATCHED, t.dc);
            s.synchronize();
            return t.dc;
        });
    }

    /** @param t the trial's operands @return the products */
    @Benchmark
    public Tensor batchedCpu(Batched t) {
        return t.onCpu.withSession(s -> {
            s.dotGeneralInto(t.a, t.b, Batched.BATCHED, t.c);
            return t.c;
        });
    }

    /** @param e the trial's operands @return the sum */
    @Benchmark
    public Tensor elementwiseOpenCl(Elementwise e) {
        return e.onDevice.withSession(s -> {
            s.binaryInto(BinaryOp.ADD, e.da, e.db, e.dc);
            s.synchronize();
            return e.dc;
        });
    }

    /** @param e the trial's operands @return the sum */
    @Benchmark
    public Tensor elementwiseCpu(Elementwise e) {
        return e.onCpu.withSession(s -> {
            s.binaryInto(BinaryOp.ADD, e.a, e.b, e.c);
            return e.c;
        });
    }

    /** 64 MiB host → device → host (bandwidth: 128 MiB over the time). @param e the trial @return the copy */
    @Benchmark
    public Tensor transferRoundTripOpenCl(Elementwise e) {
        return e.onDevice.withSession(s -> {
            s.transferInto(e.a, e.dc);
            s.transferInto(e.dc, e.back);
            return e.back;
        });
    }

    /** The CPU provider's copy of the same 64 MiB (host → host), the floor. @param e the trial @return it */
    @Benchmark
    public Tensor transferCopyCpu(Elementwise e) {
        return e.onCpu.withSession(s -> {
            s.copyInto(e.a, e.back);
            return e.back;
        });
    }

    /** One small op queued in a held session: 64 queued, then one synchronisation. @param e the trial @return it */
    @Benchmark
    @OperationsPerInvocation(SMALL_OPS)
    public Tensor smallOpOpenCl(Elementwise e) {
        return e.onDevice.withSession(s -> {
            for (int i = 0; i < SMALL_OPS; i++) {
                s.binaryInto(BinaryOp.ADD, e.dTiny, e.dTiny, e.dTinyOut);
            }
            s.synchronize();
            return e.dTinyOut;
        });
    }

    /** The same small op on the CPU provider. @param e the trial @return it */
    @Benchmark
    @OperationsPerInvocation(SMALL_OPS)
    public Tensor smallOpCpu(Elementwise e) {
        return e.onCpu.withSession(s -> {
            for (int i = 0; i < SMALL_OPS; i++) {
                s.binaryInto(BinaryOp.ADD, e.tiny, e.tiny, e.tinyOut);
            }
            return e.tinyOut;
        });
    }
}
