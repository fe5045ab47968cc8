package org.ferrite.itests.smoke;

import static org.ferrite.itests.smoke.Samples.ZERO;

import org.ferrite.api.Backend;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;

/**
 * The structural family on every dtype: copies of views, transpose, both reshapes, broadcasting, casts
 * and conversions to every dtype, zeros and fill, diagonals and triangles. Every expectation picks
 * elements of the {@code [3, 2]} sample by their column-major index.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class StructuralSmoke {
    static final String FAMILY = "structural";
    /** Values every dtype holds exactly: cast and convert map them to themselves (nonzero to true). */
    private static final double[] BITS = {0, 1, 1, 0, 1, 1};

    private StructuralSmoke() {
    }

    static void run(Backend backend, SmokeReport report) {
        for (DType d : DType.values()) {
            Tensor x = Samples.values(d);
            Tensor transposed = Samples.pick(d, new int[] {0, 3, 1, 4, 2, 5}, 2, 3);
            report.computes(FAMILY, "toContiguous", d, backend,
                    s -> Expect.close("toContiguous(xᵀ view)", s.toContiguous(x.permute(1, 0)), transposed));
            report.computes(FAMILY, "transpose", d, backend,
                    s -> Expect.close("transpose(x, 1, 0)", s.transpose(x, 1, 0), transposed));
            report.computes(FAMILY, "reshape", d, backend, s -> Expect.close("reshape(x, 2, 3)", s.reshape(x, 2, 3),
                    Samples.pick(d, new int[] {0, 1, 2, 3, 4, 5}, 2, 3)));
            report.computes(FAMILY, "reshapeRowMajor", d, backend, s -> Expect.close("reshapeRowMajor(x, 2, 3)",
                    s.reshapeRowMajor(x, 2, 3), Samples.pick(d, new int[] {0, 4, 3, 2, 1, 5}, 2, 3)));
            report.computes(FAMILY, "broadcastInDim", d, backend, s -> Expect.close("broadcastInDim(x[:, 0])",
                    s.broadcastInDim(Samples.pick(d, new int[] {0, 1, 2}, 3), Samples.SHAPE, new int[] {0}),
                    Samples.pick(d, new int[] {0, 1, 2, 0, 1, 2}, Samples.SHAPE)));
            report.computes(FAMILY, "cast", d, backend, s -> casts(s, d, false));
            report.computes(FAMILY, "convert", d, backend, s -> casts(s, d, true));
            report.computes(FAMILY, "zeros", d, backend,
                    s -> Expect.close("zeros", s.zeros(d, Samples.SHAPE), Tensor.zeros(d, Samples.SHAPE)));
            report.computes(FAMILY, "fill", d, backend, s -> {
                Tensor out = s.allocate(d, Samples.SHAPE);
                s.fill(out, 1);
                Expect.close("fill(out, 1)", out, Tensor.ones(d, Samples.SHAPE));
            });
            report.computes(FAMILY, "extractDiagonal", d, backend, s -> Expect.close("extractDiagonal(x)",
                    s.extractDiagonal(x), Samples.pick(d, new int[] {0, 4}, 2)));
            report.computes(FAMILY, "embedDiagonal", d, backend, s -> Expect.close("embedDiagonal(diag x)",
                    s.embedDiagonal(Samples.pick(d, new int[] {0, 4}, 2)),
                    Samples.pick(d, new int[] {0, ZERO, ZERO, 4}, 2, 2)));
            report.computes(FAMILY, "tril", d, backend, s -> Expect.close("tril(x, 0)", s.tril(x, 0),
                    Samples.pick(d, new int[] {0, 1, 2, ZERO, 4, 5}, Samples.SHAPE)));
            report.computes(FAMILY, "triu", d, backend, s -> Expect.close("triu(x, 1)", s.triu(x, 1),
                    Samples.pick(d, new int[] {ZERO, ZERO, ZERO, 3, ZERO, ZERO}, Samples.SHAPE)));
        }
    }

    /** {@code cast} to every dtype, or {@code convert} to every dtype {@code d} safely converts to. */
    private static void casts(BackendSession s, DType d, boolean safeOnly) {
        Tensor bits = Samples.of(d, BITS, new double[BITS.length], Samples.SHAPE);
        for (DType to : DType.values()) {
            if (safeOnly && !d.canConvertTo(to)) {
                continue;
            }
            Tensor expected = Samples.of(to, BITS, new double[BITS.length], Samples.SHAPE);
            Expect.close((safeOnly ? "convert" : "cast") + " to " + to, safeOnly ? s.convert(bits, to)
                    : s.cast(bits, to), expected);
        }
    }
}
