package org.ferrite.einsum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.SplittableRandom;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.junit.jupiter.api.Test;

class PathSearchTest {
    private static ValidationException failure(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        return catchThrowableOfType(ValidationException.class, call);
    }

    private static final EinsumOptions OPTIMAL = options(PathOptimizer.OPTIMAL);

    private static EinsumOptions options(PathOptimizer o) {
        return EinsumOptions.builder().optimizer(o).build();
    }

    private static SsaPath search(PathProblem p, EinsumOptions o) {
        return PathSearch.find(p, o).path;
    }

    @Test
    void optimalEqualsBruteForceOnSmallNetworks() {
        for (int seed = 0; seed < 300; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed);
            PathProblem p = PathProblems.random(rnd, rnd.nextInt(2, 6), Long.MAX_VALUE);
            double optimal = PathProblems.flops(p, search(p, OPTIMAL));
            assertThat(optimal).as("seed %d", seed).isEqualTo(PathProblems.bruteForce(p));
        }
    }

    @Test
    void everyOptimiserFindsAValidPathNoCheaperThanOptimal() {
        PathOptimizer[] heuristics = {PathOptimizer.AUTO, PathOptimizer.BRANCH, PathOptimizer.GREEDY,
            PathOptimizer.DP, PathOptimizer.LEFT_TO_RIGHT};
        for (int seed = 0; seed < 200; seed++) {
            SplittableRandom rnd = new SplittableRandom(1000 + seed);
            PathProblem p = PathProblems.random(rnd, rnd.nextInt(2, 7), Long.MAX_VALUE);
            double optimal = PathProblems.flops(p, search(p, OPTIMAL));
            for (PathOptimizer o : heuristics) {
                SsaPath path = search(p, options(o));
                assertThat(path.pairs.length).as("seed %d %s", seed, o).isEqualTo(p.count() - 1);
                assertThat(PathProblems.flops(p, path)).as("seed %d %s", seed, o).isGreaterThanOrEqualTo(optimal);
            }
            for (int width : new int[] {0, 1, 3}) {
                SsaPath branch = search(p, EinsumOptions.builder().optimizer(PathOptimizer.BRANCH).branchWidth(width)
                        .build());
                assertThat(PathProblems.flops(p, branch)).as("seed %d width %d", seed, width)
                        .isGreaterThanOrEqualTo(optimal);
            }
        }
    }

    @Test
    void dpFindsTheOptimumOfMatrixChains() {
        // a matrix chain gains nothing from an outer product, so DP without them is exact
        for (int seed = 0; seed < 100; seed++) {
            SplittableRandom rnd = new SplittableRandom(2000 + seed);
            int n = rnd.nextInt(3, 7);
            int[][] inputs = new int[n][];
            long[] sizes = new long[n + 1];
            for (int k = 0; k <= n; k++) {
                sizes[k] = rnd.nextInt(1, 40);
            }
            for (int k = 0; k < n; k++) {
                inputs[k] = new int[] {k, k + 1};
            }
            PathProblem p = PathProblems.problem(inputs, new int[] {0, n}, sizes, Long.MAX_VALUE);
            double optimal = PathProblems.bruteForce(p);
            assertThat(PathProblems.flops(p, search(p, options(PathOptimizer.DP)))).as("seed %d", seed)
                    .isEqualTo(optimal);
        }
    }

    @Test
    void greedyFindsOptEinsumsPathOnTheHundredTensorNetwork() {
        PathProblems.Network net = PathProblems.network();
        SsaPath path = GreedySearch.search(net.problem);
        // the same algorithm step for step: the same path, hence exactly the same flop count
        assertThat(path.linear(net.problem.count())).isDeepEqualTo(net.greedyPath);
        assertThat(PathProblems.flops(net.problem, path)).isEqualTo(net.greedyFlops);
    }

    @Test
    void theReportOfTheHundredTensorNetworkMatchesOptEinsum() {
        PathProblems.Network net = PathProblems.network();
        int n = net.problem.count();
        int[][] inputs = new int[n][];
        for (int k = 0; k < n; k++) {
            inputs[k] = net.problem.inputs[k].toArray();
        }
        Subscripts s = Subscripts.of(inputs, net.problem.output.toArray());
        OperandSpec[] specs = new OperandSpec[n];
        for (int k = 0; k < n; k++) {
            long[] shape = new long[inputs[k].length];
            for (int a = 0; a < shape.length; a++) {
                shape[a] = net.problem.sizes[inputs[k][a]];
            }
            specs[k] = OperandSpec.of(DType.F32, shape);
        }
        ContractionPath report = Einsum.compile(s, options(PathOptimizer.GREEDY), specs).path();
        assertThat(report.method()).isEqualTo("greedy");
        assertThat(report.pairs()).isDeepEqualTo(net.greedyPath);
        assertThat(report.optimizedFlops()).isEqualTo(net.greedyFlops);
        assertThat(report.largestIntermediate()).isEqualTo(net.largest);
        assertThat(Einsum.compile(s, EinsumOptions.DEFAULT, specs).path().method()).as("AUTO beyond 14 operands")
                .isEqualTo("greedy");
    }

    @Test
    void aMemoryLimitKeepsEveryIntermediateWithinItOrLeavesARemainder() {
        for (int seed = 0; seed < 200; seed++) {
            SplittableRandom rnd = new SplittableRandom(3000 + seed);
            PathProblem free = PathProblems.random(rnd, rnd.nextInt(3, 7), Long.MAX_VALUE);
            long limit = rnd.nextInt(1, 40);
            PathProblem p = new PathProblem(free.inputs, free.output, free.sizes, limit);
            for (PathOptimizer o : PathOptimizer.values()) {
                SsaPath path = search(p, options(o));
                long[] sizes = PathProblems.stepSizes(p, path);
                int intermediates = path.remainder == null ? sizes.length - 1 : sizes.length;
                for (int s = 0; s < intermediates; s++) {
                    assertThat(sizes[s]).as("seed %d %s step %d", seed, o, s).isLessThanOrEqualTo(limit);
                }
                if (path.remainder != null) {
                    assertThat(path.remainder.length).as("seed %d %s", seed, o).isGreaterThanOrEqualTo(3);
                }
                PathProblems.flops(p, path); // checks the path is complete and uses live operands only
            }
        }
    }

    @Test
    void leftToRightContractsInOrder() {
        assertThat(SsaPath.leftToRight(4).pairs).isDeepEqualTo(new int[][] {{0, 1}, {4, 2}, {5, 3}});
        assertThat(SsaPath.leftToRight(4).linear(4)).isDeepEqualTo(new int[][] {{0, 1}, {0, 2}, {0, 1}});
    }

    @Test
    void linearAndSsaIdsConvertAsOptEinsum() {
        // opt_einsum's docstring: ssa_to_linear([(0, 3), (2, 4), (1, 5)]) == [(0, 3), (1, 2), (0, 1)]
        SsaPath ssa = new SsaPath(new int[][] {{0, 3}, {2, 4}, {1, 5}}, null);
        assertThat(ssa.linear(4)).isDeepEqualTo(new int[][] {{0, 3}, {1, 2}, {0, 1}});
        assertThat(SsaPath.fromLinear(4, new int[][] {{0, 3}, {1, 2}, {0, 1}}).pairs).isDeepEqualTo(ssa.pairs);
    }

    @Test
    void anExplicitPathIsCheckedAgainstTheOperandCount() {
        OperandSpec m = OperandSpec.of(DType.F64, 2, 2);
        EinsumOptions tooShort = EinsumOptions.builder().path(new int[] {0, 1}).build();
        ValidationException e = failure(() -> Einsum.compile("ij,jk,kl->il", tooShort, m, m, m));
        assertThat(e.argument()).isEqualTo("path");
        assertThat(e.getMessage()).contains("2 steps").contains("got 1 steps");
        EinsumOptions beyond = EinsumOptions.builder().path(new int[] {0, 1}, new int[] {0, 2}).build();
        ValidationException b = failure(() -> Einsum.compile("ij,jk,kl->il", beyond, m, m, m));
        assertThat(b.getMessage()).contains("positions below 2 (the operands left before step 1)")
                .contains("step 1 = [0, 2]");
        ValidationException malformed = failure(() -> EinsumOptions.builder().path(new int[] {1, 1}));
        assertThat(malformed.getMessage()).contains("step 0 = [1, 1]");
        ContractionPath p = Einsum.path("ij,jk,kl->il", EinsumOptions.builder().path(new int[] {1, 2},
                new int[] {0, 1}).build(), m, m, m);
        assertThat(p.pairs()).isDeepEqualTo(new int[][] {{1, 2}, {0, 1}});
        assertThat(p.method()).isEqualTo("explicit");
    }

    @Test
    void autoPicksBySizeLikeOptEinsum() {
        SplittableRandom rnd = new SplittableRandom(7);
        assertThat(PathSearch.find(PathProblems.random(rnd, 4, Long.MAX_VALUE), EinsumOptions.DEFAULT).method)
                .isEqualTo("optimal");
        assertThat(PathSearch.find(PathProblems.random(rnd, 6, Long.MAX_VALUE), EinsumOptions.DEFAULT).method)
                .isEqualTo("branch (all)");
        assertThat(PathSearch.find(PathProblems.random(rnd, 8, Long.MAX_VALUE), EinsumOptions.DEFAULT).method)
                .isEqualTo("branch (width 2)");
        assertThat(PathSearch.find(PathProblems.random(rnd, 14, Long.MAX_VALUE), EinsumOptions.DEFAULT).method)
                .isEqualTo("branch (width 1)");
        assertThat(PathSearch.find(PathProblems.random(rnd, 15, Long.MAX_VALUE), EinsumOptions.DEFAULT).method)
                .isEqualTo("greedy");
    }

    @Test
    void dpRejectsComponentsBeyondSixtyFourOperands() {
        int n = 65;
        int[][] chain = new int[n][];
        long[] sizes = new long[n + 1];
        java.util.Arrays.fill(sizes, 2);
        for (int k = 0; k < n; k++) {
            chain[k] = new int[] {k, k + 1};
        }
        PathProblem p = PathProblems.problem(chain, new int[] {0, n}, sizes, Long.MAX_VALUE);
        ValidationException e = failure(() -> search(p, options(PathOptimizer.DP)));
        assertThat(e.argument()).isEqualTo("optimizer");
        assertThat(e.getMessage()).contains("65 operands").contains("GREEDY");
    }
}
