package org.ferrite.testkit.oracle;

import java.util.function.BiConsumer;
import java.util.stream.IntStream;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.TensorRead;

/**
 * The index bookkeeping of the naive {@code dotGeneral} oracles: for an output index (axes
 * {@code [lhs free…, rhs free…, batch…]}), the operand indices of every product summed into it — the
 * free axes taken from the output index, the batch axes from its trailing part, the contracted axes
 * enumerated over their extents in column-major order.
 *
 * <p>Thread-safe (immutable). Lifetime: one oracle call.
 */
final class ContractionTerms {
    private final int lhsRank;
    private final int rhsRank;
    private final DotGeneralConfig config;
    private final int[] lhsFree;
    private final int[] rhsFree;
    /** The extents of the contracted axes, in the order of the config's contracting lists. */
    private final long[] contracted;

    ContractionTerms(TensorRead lhs, TensorRead rhs, DotGeneralConfig c) {
        this.lhsRank = lhs.rank();
        this.rhsRank = rhs.rank();
        this.config = c;
        this.lhsFree = free(lhs.rank(), c.lhsContracting(), c.lhsBatch());
        this.rhsFree = free(rhs.rank(), c.rhsContracting(), c.rhsBatch());
        this.contracted = new long[c.contractingCount()];
        for (int k = 0; k < contracted.length; k++) {
            contracted[k] = lhs.dim(c.lhsContracting(k));
        }
    }

    /**
     * Calls {@code term} once per product summed into the output element {@code o}, with the lhs and the
     * rhs index of its factors (fresh arrays).
     *
     * @param o an output index
     * @param term what to do with each pair of factor indices
     */
    void forEach(long[] o, BiConsumer<long[], long[]> term) {
        int batchAt = lhsFree.length + rhsFree.length;
        Indices.forEach(contracted, ci -> term.accept(
                place(lhsRank, o, 0, lhsFree, ci, config.lhsContracting(), batchAt, config.lhsBatch()),
                place(rhsRank, o, lhsFree.length, rhsFree, ci, config.rhsContracting(), batchAt,
                        config.rhsBatch())));
    }

    /** The free axes of an operand: neither contracted nor batch. */
    private static int[] free(int rank, int[] contracting, int[] batch) {
        return IntStream.range(0, rank).filter(a -> Indices.indexOf(contracting, a) < 0
                && Indices.indexOf(batch, a) < 0).toArray();
    }

    /** An operand's index from the output index {@code o} (free and batch axes) and the contracted index {@code ci}. */
    private static long[] place(int rank, long[] o, int freeAt, int[] freeAxes, long[] ci, int[] contracting,
            int batchAt, int[] batchAxes) {
        long[] idx = new long[rank];
        for (int k = 0; k < freeAxes.length; k++) {
            idx[freeAxes[k]] = o[freeAt + k];
        }
        for (int k = 0; k < contracting.length; k++) {
            idx[contracting[k]] = ci[k];
        }
        for (int k = 0; k < batchAxes.length; k++) {
            idx[batchAxes[k]] = o[batchAt + k];
        }
        return idx;
    }
}
