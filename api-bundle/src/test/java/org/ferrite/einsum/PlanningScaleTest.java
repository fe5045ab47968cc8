package org.ferrite.einsum;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.ferrite.api.tensor.DType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Planning an einsum costs at most quadratic time in its operand count for the optimisers meant for many
 * operands: a chain {@code a0a1, a1a2, …} (the integer sublist form, one new label per operand) planned and
 * lowered at 1 000, 4 000 and 16 000 operands grows by at most about 4² per ×4 (it once grew ×31–40 per ×4,
 * cubic, in the plan's bookkeeping). Ratios of the best of three runs in the calling thread's CPU time
 * (other processes and the collector's threads do not count), not absolute times, so a slow or loaded
 * machine does not fail it; the bound, 2 × 4², lies halfway (geometrically) between quadratic and cubic
 * growth (4³).
 */
class PlanningScaleTest {
    private static final double QUADRATIC_WITH_MARGIN = 2 * 16;

    @ParameterizedTest
    @EnumSource(value = PathOptimizer.class, names = {"LEFT_TO_RIGHT", "GREEDY"})
    void planningGrowsAtMostQuadraticallyWithTheOperandCount(PathOptimizer optimizer) {
        EinsumOptions options = EinsumOptions.builder().optimizer(optimizer).build();
        plan(1000, options); // warm-up: compiled code for the small and the large sizes alike
        plan(4000, options);
        double small = best(1000, options);
        double medium = best(4000, options);
        double large = best(16000, options);
        assertThat(large / medium).as("%s: 16 000 vs 4 000 operands (%.1f vs %.1f ms; 1 000: %.1f ms)", optimizer,
                large / 1e6, medium / 1e6, small / 1e6).isLessThan(QUADRATIC_WITH_MARGIN);
        assertThat(medium / Math.max(small, 1e6)).as("%s: 4 000 vs 1 000 operands (%.1f vs %.1f ms)", optimizer,
                medium / 1e6, small / 1e6).isLessThan(QUADRATIC_WITH_MARGIN);
    }

    private static double best(int operands, EinsumOptions options) {
        return Math.min(plan(operands, options), Math.min(plan(operands, options), plan(operands, options)));
    }

    /** @return the CPU nanoseconds {@code Einsum.compile} took for a chain of {@code operands} 2×2 matrices */
    private static long plan(int operands, EinsumOptions options) {
        int[][] inputs = new int[operands][];
        OperandSpec[] specs = new OperandSpec[operands];
        for (int k = 0; k < operands; k++) {
            inputs[k] = new int[] {k, k + 1};
            specs[k] = OperandSpec.of(DType.F64, 2, 2);
        }
        Subscripts chain = Subscripts.of(inputs, new int[] {0, operands});
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = threads.getCurrentThreadCpuTime();
        EinsumExpression e = Einsum.compile(chain, options, specs);
        long took = threads.getCurrentThreadCpuTime() - start;
        assertThat(e.path().steps()).hasSize(operands - 1);
        return took;
    }
}
