package org.ferrite.cpu.internal.linalg;

import static org.assertj.core.api.Assertions.assertThat;

import org.ferrite.cpu.LinalgRoute;
import org.ferrite.cpu.internal.linalg.LinalgOp.Tier;
import org.junit.jupiter.api.Test;

/**
 * The tier of a call: forced routes win (with {@code eig}, which has no small kernel, on the dense
 * tier and native falling back to Java without LAPACK); {@code AUTO} gives batches of small matrices
 * (and tiny single SVDs) to the small tier, large ones to LAPACK when it is loaded, the rest to the
 * dense tier; {@code JAVA} never goes native.
 */
class LinalgOpTest {

    @Test
    void forcedRoutesWinWhateverTheSize() {
        assertThat(LinalgOp.QR.tier(LinalgRoute.SMALL, 500, 1, true)).isEqualTo(Tier.SMALL);
        assertThat(LinalgOp.EIG.tier(LinalgRoute.SMALL, 2, 100, true)).isEqualTo(Tier.DENSE);
        assertThat(LinalgOp.SVD.tier(LinalgRoute.DENSE, 2, 100, true)).isEqualTo(Tier.DENSE);
        assertThat(LinalgOp.SOLVE.tier(LinalgRoute.NATIVE, 2, 1000, true)).isEqualTo(Tier.NATIVE);
        assertThat(LinalgOp.SOLVE.tier(LinalgRoute.NATIVE, 500, 1, false)).isEqualTo(Tier.DENSE);
        assertThat(LinalgOp.SOLVE.tier(LinalgRoute.NATIVE, 4, 1000, false)).isEqualTo(Tier.SMALL);
    }

    @Test
    void autoGivesBatchesOfSmallMatricesToTheSmallTierAndLargeOnesToLapack() {
        for (LinalgOp op : LinalgOp.values()) {
            if (op != LinalgOp.EIG) {
                assertThat(op.tier(LinalgRoute.AUTO, op.smallLimit(), LinalgOp.MIN_BATCH, true)).as("%s", op)
                        .isEqualTo(Tier.SMALL);
                assertThat(op.tier(LinalgRoute.AUTO, op.smallLimit(), LinalgOp.MIN_BATCH - 1, true)).as("%s", op)
                        .isEqualTo(op.smallLimit() <= op.smallAlways() ? Tier.SMALL
                                : op.smallLimit() >= op.nativeFrom() ? Tier.NATIVE : Tier.DENSE);
            }
            assertThat(op.tier(LinalgRoute.AUTO, op.nativeFrom(), 1, true)).as("%s", op).isEqualTo(Tier.NATIVE);
            assertThat(op.tier(LinalgRoute.AUTO, op.nativeFrom(), 1, false)).as("%s", op).isEqualTo(Tier.DENSE);
            assertThat(op.tier(LinalgRoute.JAVA, op.nativeFrom() + 100, 1, true)).as("%s", op).isEqualTo(Tier.DENSE);
            assertThat(op.smallLimit()).as("%s: the small tier ends before LAPACK starts", op)
                    .isLessThan(op.nativeFrom());
        }
        assertThat(LinalgOp.SVD.tier(LinalgRoute.AUTO, 4, 1, true)).as("a tiny single SVD").isEqualTo(Tier.SMALL);
        assertThat(LinalgOp.QR.tier(LinalgRoute.AUTO, 4, 1, true)).as("a tiny single QR").isEqualTo(Tier.DENSE);
        assertThat(LinalgOp.EIG.tier(LinalgRoute.AUTO, 4, 1000, true)).isEqualTo(Tier.DENSE);
    }
}
