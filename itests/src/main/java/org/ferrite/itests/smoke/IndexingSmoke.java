package org.ferrite.itests.smoke;

import static org.ferrite.itests.smoke.Samples.ZERO;

import org.ferrite.api.Backend;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.PadConfig;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.session.SliceConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;

/**
 * The indexing family on every dtype: slices (static and dynamic), a dynamic update, padding,
 * concatenation, reversal, a row gather, a row scatter and {@code takeAlongAxis}, each against the
 * sample's elements picked by column-major index.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
final class IndexingSmoke {
    static final String FAMILY = "indexing";
    /** Rows 2 and 0 of a {@code [3, 2]} operand, with start indices {@code [2, 1]}. */
    private static final GatherConfig ROWS = GatherConfig.builder().offsetDims(1).collapsedSliceDims(0)
            .startIndexMap(0).indexVectorDim(1).sliceSizes(1, 2).build();
    /** Rows of {@code [2, 2]} updates written to the rows named by {@code [2, 1]} indices. */
    private static final ScatterConfig ROW_UPDATES = ScatterConfig.builder().updateWindowDims(1)
            .insertedWindowDims(0).scatterDimsToOperandDims(0).indexVectorDim(1).mode(ScatterMode.REPLACE).build();

    private IndexingSmoke() {
    }

    static void run(Backend backend, SmokeReport report) {
        Tensor rowIndices = Tensor.of(new int[] {2, 0}, 2, 1);
        for (DType d : DType.values()) {
            Tensor x = Samples.values(d);
            Tensor lowerRows = Samples.pick(d, new int[] {1, 2, 4, 5}, 2, 2);
            report.computes(FAMILY, "slice", d, backend, s -> Expect.close("x[1:3, :]",
                    s.slice(x, SliceConfig.of(new long[] {1, 0}, new long[] {3, 2})), lowerRows));
            report.computes(FAMILY, "dynamicSlice", d, backend, s -> Expect.close("dynamicSlice(x, [1, 0], [2, 2])",
                    s.dynamicSlice(x, new long[] {1, 0}, new long[] {2, 2}), lowerRows));
            report.computes(FAMILY, "dynamicUpdateSlice", d, backend, s -> Expect.close("0 with rows 1:3 of x",
                    s.dynamicUpdateSlice(Tensor.zeros(d, Samples.SHAPE), lowerRows, new long[] {1, 0}),
                    Samples.pick(d, new int[] {ZERO, 1, 2, ZERO, 4, 5}, Samples.SHAPE)));
            report.computes(FAMILY, "pad", d, backend, s -> Expect.close("pad(x, 0, low [1, 0], high [0, 1])",
                    s.pad(x, Tensor.zeros(d), PadConfig.edges(new long[] {1, 0}, new long[] {0, 1})),
                    Samples.pick(d, new int[] {ZERO, 0, 1, 2, ZERO, 3, 4, 5, ZERO, ZERO, ZERO, ZERO}, 4, 3)));
            report.computes(FAMILY, "concatenate", d, backend, s -> Expect.close("concatenate(0, x, x)",
                    s.concatenate(0, x, x), Samples.pick(d, new int[] {0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5}, 6, 2)));
            report.computes(FAMILY, "reverse", d, backend, s -> Expect.close("reverse(x, 0)", s.reverse(x, 0),
                    Samples.pick(d, new int[] {2, 1, 0, 5, 4, 3}, Samples.SHAPE)));
            report.computes(FAMILY, "gather", d, backend, s -> Expect.close("rows 2, 0 of x",
                    s.gather(x, rowIndices, ROWS), Samples.pick(d, new int[] {2, 0, 5, 3}, 2, 2)));
            report.computes(FAMILY, "scatter", d, backend, s -> Expect.close("rows 0, 1 of x into rows 2, 0 of 0",
                    s.scatter(Tensor.zeros(d, Samples.SHAPE), rowIndices, Samples.pick(d, new int[] {0, 1, 3, 4}, 2, 2),
                            ROW_UPDATES), Samples.pick(d, new int[] {1, ZERO, 0, 4, ZERO, 3}, Samples.SHAPE)));
            report.computes(FAMILY, "takeAlongAxis", d, backend, s -> Expect.close("takeAlongAxis(x, idx, 0)",
                    s.takeAlongAxis(x, Tensor.of(new int[] {2, 1, 0, 0, 1, 2}, 3, 2), 0),
                    Samples.pick(d, new int[] {2, 1, 0, 3, 4, 5}, Samples.SHAPE)));
        }
    }
}
