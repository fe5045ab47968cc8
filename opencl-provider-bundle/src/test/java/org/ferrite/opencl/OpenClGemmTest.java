package org.ferrite.opencl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.testkit.oracle.Oracle;
import org.ferrite.testkit.oracle.Tolerance;
import org.ferrite.testkit.oracle.Values;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * {@code dotGeneral} against the kit's oracle over the products and layouts that reach CLBlast and those
 * next to them that do not (too small, extents 0 and 1): every orientation of both operands and of the
 * output (row- or column-major, as views of a permuted allocation), with and without a batch axis, α and
 * β (complex ones too), conjugation of either side, and outputs that hold NaN before a β = 0 call, in F64
 * and C64. Many seeds in one test; a failure names its seed.
 */
@EnabledIf("org.ferrite.opencl.OpenClTesting#available")
class OpenClGemmTest {
    /**
     * One real and one complex dtype, one of each precision: CLBlast compiles its kernels per precision and
     * routine (tens of seconds each on POCL, cold), so the build checks two of the four; the F32 and C128
     * calls are the same code with the other precision's function (F32 GEMMs are checked by
     * {@code OpenClBenchmark}; C128 on CLBlast is not checked by the build).
     */
    private static final DType[] FLOATING = {DType.F64, DType.C64};

    @Test
    void everyOrientationBatchAndScalarMatchesTheOracle() {
        OpenClBackend backend = OpenClTesting.shared();
        if (System.getProperty("os.arch").equals("amd64")) {
            assertThat(backend.capabilities().detail(OpenClCapabilities.CLBLAST)).as("CLBlast loaded").contains(true);
        }
        for (long seed = 1; seed <= 120; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            DType d = FLOATING[r.nextInt(FLOATING.length)];
            boolean batched = r.nextBoolean();
            long m = extent(r);
            long n = extent(r);
            long k = extent(r);
            long b = batched ? 1 + r.nextInt(3) : 1;
            boolean lhsT = r.nextBoolean();
            boolean rhsT = r.nextBoolean();
            boolean outT = r.nextBoolean();
            Tensor lhs = stored(d, seed, lhsT, batched, m, k, b);
            Tensor rhs = stored(d, seed + 1000, rhsT, batched, k, n, b);
            DotGeneralConfig c = batched ? DotGeneralConfig.of(new int[] {1}, new int[] {0}, new int[] {2},
                    new int[] {2}) : DotGeneralConfig.MATMUL;
            boolean complex = d.isComplex();
            Accumulation acc = r.nextInt(3) == 0 ? Accumulation.OVERWRITE : new Accumulation(r.nextDouble() * 2 - 1,
                    complex ? r.nextDouble() : 0, r.nextBoolean() ? 0 : r.nextDouble(), complex ? r.nextDouble() : 0,
                    complex && r.nextBoolean(), complex && r.nextBoolean());
            long[] outShape = batched ? new long[] {m, n, b} : new long[] {m, n};
            boolean nanFirst = acc.betaRe() == 0 && acc.betaIm() == 0;
            Tensor old = nanFirst ? Tensor.full(d, Double.NaN, outShape) : Values.random(d, seed + 2000,
                    Values.Domain.ANY, outShape);
            TensorRead lhsView = lhsT ? lhs.permute(swap(lhs.rank())) : lhs;
            TensorRead rhsView = rhsT ? rhs.permute(swap(rhs.rank())) : rhs;
            Tensor want = Oracle.dotGeneral(lhsView, rhsView, c, acc, old);
            long s = seed;
            Tensor got = backend.withSession(ss -> {
                Tensor dl = ss.to(lhs, ss.placement());
                Tensor dr = ss.to(rhs, ss.placement());
                Tensor stored = ss.to(outT ? old.permute(swap(outShape.length)).copy() : old, ss.placement());
                TensorWrite out = outT ? stored.permute(swap(outShape.length)) : stored;
                TensorRead l = lhsT ? dl.permute(swap(dl.rank())) : dl;
                TensorRead rr = rhsT ? dr.permute(swap(dr.rank())) : dr;
                ss.dotGeneralAccumulate(l, rr, c, acc, out);
                return ss.toHost((TensorRead) out);
            });
            Tolerance.assertClose("seed " + s + " " + d + " m=" + m + " n=" + n + " k=" + k + " b=" + b + " lhsT="
                    + lhsT + " rhsT=" + rhsT + " outT=" + outT + " " + acc, got, want, Tolerance.of(d), k + 1);
        }
    }

    /** 0, 1, small (the kernel) or large enough that most products reach CLBlast ({@code BlasGemm.MIN_WORK}). */
    private static long extent(SplittableRandom r) {
        int p = r.nextInt(12);
        return p == 0 ? 0 : p == 1 ? 1 : p < 5 ? 2 + r.nextInt(17) : 33 + r.nextInt(48);
    }

    /** A {@code [rows, cols(, b)]} operand as stored: its transpose ({@code [cols, rows(, b)]}) if transposed. */
    private static Tensor stored(DType d, long seed, boolean transposed, boolean batched, long rows, long cols,
            long b) {
        long r = transposed ? cols : rows;
        long c = transposed ? rows : cols;
        return Values.random(d, seed, Values.Domain.ANY, batched ? new long[] {r, c, b} : new long[] {r, c});
    }

    private static int[] swap(int rank) {
        return rank == 3 ? new int[] {1, 0, 2} : new int[] {1, 0};
    }
}
