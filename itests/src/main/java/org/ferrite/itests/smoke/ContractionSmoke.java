package org.ferrite.itests.smoke;

import org.ferrite.api.Backend;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.einsum.Einsum;

/**
 * The contraction families: {@code matmul} and a batched {@code dotGeneral} on every dtype they accept
 * (all but BOOL, which is not contracted), and einsum — a product and a planned three-operand chain — on
 * every dtype, BOOL included. The product {@code x·y} of the {@code [3, 2]} sample and a {@code [2, 2]}
 * pick of it is computed on the host.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class ContractionSmoke {
    static final String DOT_GENERAL = "dotGeneral";
    static final String EINSUM = "einsum";
    /** The sample indices of the {@code [2, 2]} right operand, column-major. */
    private static final int[] RIGHT = {5, 4, 3, 2};
    /** {@code [m, k, b]·[k, n, b] -> [m, n, b]}. */
    private static final DotGeneralConfig BATCHED = DotGeneralConfig.of(new int[] {1}, new int[] {0}, new int[] {2},
            new int[] {2});

    private ContractionSmoke() {
    }

    /**
     * @param backend where it runs
     * @param family the family's name in the report (the GEMM route it was forced to, if any)
     * @param report the report
     */
    static void dotGeneral(Backend backend, String family, SmokeReport report) {
        for (DType d : DType.values()) {
            if (d.isBool()) {
                continue;
            }
            Tensor x = Samples.values(d);
            report.computes(family, "matmul", d, backend,
                    s -> Expect.close("x·y", s.matmul(x, Samples.pick(d, RIGHT, 2, 2)), product(d)));
            TensorRead batch = x.broadcastInDim(new long[] {3, 2, 2}, new int[] {0, 1});
            report.computes(family, "dotGeneral", d, backend, s -> Expect.close("batched x·I",
                    s.dotGeneral(batch, Samples.eye(d, 2, 2), BATCHED), batch));
        }
    }

    static void einsum(Backend backend, SmokeReport report) {
        for (DType d : DType.values()) {
            Tensor x = Samples.values(d);
            Tensor y = Samples.pick(d, RIGHT, 2, 2);
            report.computes(EINSUM, "ij,jk->ik", d, backend,
                    s -> Expect.close("einsum x·y", Einsum.einsum(s, "ij,jk->ik", x, y), product(d)));
            report.computes(EINSUM, "ij,jk,kl->il", d, backend, s -> Expect.close("einsum x·I·y",
                    Einsum.einsum(s, "ij,jk,kl->il", x, Samples.eye(d, 2, 1).reshape(2, 2), y), product(d)));
        }
    }

    /** @return the sample times its {@link #RIGHT} pick, {@code [3, 2]}, in dtype {@code d} (BOOL: or of ands) */
    private static Tensor product(DType d) {
        double[] re = new double[6];
        double[] im = new double[6];
        for (int i = 0; i < 3; i++) {
            for (int k = 0; k < 2; k++) {
                for (int j = 0; j < 2; j++) {
                    int a = i + 3 * j;
                    int b = RIGHT[j + 2 * k];
                    re[i + 3 * k] += Samples.re(d, a) * Samples.re(d, b) - Samples.im(d, a) * Samples.im(d, b);
                    im[i + 3 * k] += Samples.re(d, a) * Samples.im(d, b) + Samples.im(d, a) * Samples.re(d, b);
                }
            }
        }
        return Samples.of(d, re, im, Samples.SHAPE);
    }
}
