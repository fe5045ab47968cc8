package org.ferrite.api.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.testsupport.Seeds;
import org.junit.jupiter.api.Test;

/**
 * Properties of dotGeneral shape derivation over random ranks, axis assignments and extents: the output
 * shape is {@code [lhs free…, rhs free…, batch…]}, {@code checkShapes} accepts exactly that shape, and a
 * mismatched pair of extents is reported against {@code rhs} at the paired axis. Each property runs
 * {@value #CASES} generated problems in one test, which names the failing seed.
 */
class DotGeneralShapesPropertiesTest {

    /** A random valid contraction problem. */
    private record Problem(long[] lhsShape, long[] rhsShape, DotGeneralConfig config, long[] expected) {
    }

    private static final int CASES = 500;

    private static Problem randomProblem(SplittableRandom rnd) {
        int contracting = rnd.nextInt(0, 3);
        int batch = rnd.nextInt(0, 3);
        int lhsFree = rnd.nextInt(0, 3);
        int rhsFree = rnd.nextInt(0, 3);
        int lhsRank = contracting + batch + lhsFree;
        int rhsRank = contracting + batch + rhsFree;
        List<Integer> lhsAxes = shuffled(lhsRank, rnd);
        List<Integer> rhsAxes = shuffled(rhsRank, rnd);
        int[] lc = new int[contracting];
        int[] rc = new int[contracting];
        int[] lb = new int[batch];
        int[] rb = new int[batch];
        long[] lhsShape = new long[lhsRank];
        long[] rhsShape = new long[rhsRank];
        long[] batchExtents = new long[batch];
        for (int i = 0; i < contracting; i++) {
            lc[i] = lhsAxes.get(i);
            rc[i] = rhsAxes.get(i);
            int extent = rnd.nextInt(0, 4);
            lhsShape[lc[i]] = extent;
            rhsShape[rc[i]] = extent;
        }
        for (int i = 0; i < batch; i++) {
            lb[i] = lhsAxes.get(contracting + i);
            rb[i] = rhsAxes.get(contracting + i);
            batchExtents[i] = rnd.nextInt(0, 4);
            lhsShape[lb[i]] = batchExtents[i];
            rhsShape[rb[i]] = batchExtents[i];
        }
        List<Long> expected = new ArrayList<>();
        List<Integer> lhsFreeAxes = new ArrayList<>(lhsAxes.subList(contracting + batch, lhsRank));
        List<Integer> rhsFreeAxes = new ArrayList<>(rhsAxes.subList(contracting + batch, rhsRank));
        Collections.sort(lhsFreeAxes);
        Collections.sort(rhsFreeAxes);
        for (int a : lhsFreeAxes) {
            lhsShape[a] = rnd.nextInt(0, 5);
            expected.add(lhsShape[a]);
        }
        for (int a : rhsFreeAxes) {
            rhsShape[a] = rnd.nextInt(0, 5);
            expected.add(rhsShape[a]);
        }
        for (long e : batchExtents) {
            expected.add(e);
        }
        return new Problem(lhsShape, rhsShape, DotGeneralConfig.of(lc, rc, lb, rb),
                expected.stream().mapToLong(Long::longValue).toArray());
    }

    private static List<Integer> shuffled(int n, SplittableRandom rnd) {
        List<Integer> axes = new ArrayList<>();
        for (int a = 0; a < n; a++) {
            axes.add(a);
        }
        for (int i = n - 1; i > 0; i--) {
            Collections.swap(axes, i, rnd.nextInt(i + 1));
        }
        return axes;
    }

    @Test
    void outputShapeIsLhsFreeThenRhsFreeThenBatch() {
        Seeds.forEach(CASES, DotGeneralShapesPropertiesTest::outputShapeIsLhsFreeThenRhsFreeThenBatchFor);
    }

    private static void outputShapeIsLhsFreeThenRhsFreeThenBatchFor(long seed) {
        Problem p = randomProblem(new SplittableRandom(seed));
        Tensor lhs = Tensor.zeros(DType.F32, p.lhsShape());
        Tensor rhs = Tensor.zeros(DType.F32, p.rhsShape());
        DotGeneralShapes.checkOperands(lhs, rhs, p.config());
        long[] shape = DotGeneralShapes.outputShape(lhs, rhs, p.config());
        assertThat(shape).containsExactly(p.expected());
        assertThat(shape.length).isEqualTo(lhs.rank() + rhs.rank() - 2 * p.config().contractingCount()
                - p.config().batchCount());
        DotGeneralShapes.checkShapes(lhs, rhs, p.config(), Tensor.zeros(DType.F32, shape));
    }

    @Test
    void checkShapesRejectsEveryOtherOutputShape() {
        Seeds.forEach(CASES, DotGeneralShapesPropertiesTest::checkShapesRejectsEveryOtherOutputShapeFor);
    }

    private static void checkShapesRejectsEveryOtherOutputShapeFor(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Problem p = randomProblem(rnd);
        long[] wrong = p.expected().clone();
        if (wrong.length == 0 || rnd.nextBoolean()) {
            wrong = java.util.Arrays.copyOf(wrong, wrong.length + 1);
            wrong[wrong.length - 1] = 1;
        } else {
            wrong[rnd.nextInt(wrong.length)] += 1;
        }
        long[] w = wrong;
        ValidationException e = catchThrowableOfType(ValidationException.class, () -> DotGeneralShapes.checkShapes(
                Tensor.zeros(DType.F64, p.lhsShape()), Tensor.zeros(DType.F64, p.rhsShape()), p.config(),
                Tensor.zeros(DType.F64, w)));
        assertThat(e.validationKind()).isEqualTo(ValidationKind.SHAPE_MISMATCH);
        assertThat(e.argument()).isEqualTo("out");
        assertThat(e.expectedShape()).containsExactly(p.expected());
        assertThat(e.actualShape()).containsExactly(w);
    }

    @Test
    void aMismatchedPairedExtentIsReportedAgainstRhsAtThatAxis() {
        Seeds.forEachApplicable(CASES, CASES / 2, DotGeneralShapesPropertiesTest::aMismatchedPairedExtentIsReportedAgainstRhsAtThatAxisFor);
    }

    private static boolean aMismatchedPairedExtentIsReportedAgainstRhsAtThatAxisFor(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Problem p = randomProblem(rnd);
        DotGeneralConfig c = p.config();
        int pairs = c.contractingCount() + c.batchCount();
        if (pairs == 0) {
            return false; // nothing paired to mismatch
        }
        int pick = rnd.nextInt(pairs);
        int rhsAxis = pick < c.contractingCount() ? c.rhsContracting(pick) : c.rhsBatch(pick - c.contractingCount());
        long[] rhsShape = p.rhsShape().clone();
        rhsShape[rhsAxis] += 1;
        ValidationException e = catchThrowableOfType(ValidationException.class, () -> DotGeneralShapes.checkOperands(
                Tensor.zeros(DType.C128, p.lhsShape()), Tensor.zeros(DType.C128, rhsShape), c));
        assertThat(e.validationKind()).isEqualTo(ValidationKind.SHAPE_MISMATCH);
        assertThat(e.argument()).isEqualTo("rhs");
        // the first mismatched pair in list order (contracting first) is reported
        assertThat(e.axis()).isEqualTo(firstMismatch(c, p.lhsShape(), rhsShape));
        return true;
    }

    private static int firstMismatch(DotGeneralConfig c, long[] lhs, long[] rhs) {
        for (int i = 0; i < c.contractingCount(); i++) {
            if (lhs[c.lhsContracting(i)] != rhs[c.rhsContracting(i)]) {
                return c.rhsContracting(i);
            }
        }
        for (int i = 0; i < c.batchCount(); i++) {
            if (lhs[c.lhsBatch(i)] != rhs[c.rhsBatch(i)]) {
                return c.rhsBatch(i);
            }
        }
        return -1;
    }
}
