package org.ferrite.einsum;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Collectors;
import org.ferrite.api.tensor.DType;
import org.junit.jupiter.api.Test;

/** The lowering: which session operation each step becomes, what is a view, what is written where. */
class EinsumPlanTest {
    private static OperandSpec f64(long... shape) {
        return OperandSpec.of(DType.F64, shape);
    }

    private static EinsumPlan plan(String subscripts, OperandSpec... specs) {
        return Einsum.compile(subscripts, specs).plan();
    }

    private static List<ContractionStep.Operation> operations(String subscripts, OperandSpec... specs) {
        return Einsum.path(subscripts, specs).steps().stream().map(ContractionStep::operation)
                .collect(Collectors.toList());
    }

    @Test
    void aBatchedProductIsOneDotGeneralWithNativeBatchAxesWrittenIntoTheOutput() {
        EinsumPlan p = plan("bij,bjk->bik", f64(64, 8, 8), f64(64, 8, 8));
        assertThat(p.contraction.steps).hasSize(1);
        PairStep step = p.contraction.steps[0];
        assertThat(step.kind).isEqualTo(PairStep.Kind.DOT_GENERAL);
        assertThat(step.config.batchCount()).isEqualTo(1);
        assertThat(step.config.lhsContracting()).containsExactly(2);
        assertThat(step.config.rhsContracting()).containsExactly(1);
        // dotGeneral's [i, k, b] is written through a permuted view of the [b, i, k] output
        assertThat(p.contraction.finalPermutation).containsExactly(1, 2, 0);
    }

    @Test
    void theLastStepPicksTheOperandOrderThatMatchesTheOutput() {
        assertThat(plan("ij,jk->ik", f64(2, 3), f64(3, 4)).contraction.finalPermutation).isNull();
        EinsumPlan swapped = plan("ij,jk->ki", f64(2, 3), f64(3, 4));
        assertThat(swapped.contraction.finalPermutation).isNull();
        assertThat(swapped.contraction.steps[0].lhs).isEqualTo(1);
    }

    @Test
    void equalLabelSetsWithNothingToContractBypassToAnElementwiseMultiply() {
        assertThat(operations("ij,ji->ij", f64(2, 3), f64(3, 2))).containsExactly(ContractionStep.Operation.HADAMARD);
        PairStep step = plan("ij,ji->ij", f64(2, 3), f64(3, 2)).contraction.steps[0];
        assertThat(step.rhsPermutation).containsExactly(1, 0);
        assertThat(operations("ij,jk->ik", f64(2, 3), f64(3, 4))).containsExactly(
                ContractionStep.Operation.DOT_GENERAL);
    }

    @Test
    void integerAndBoolContractionsAreElementwiseProductsAndSums() {
        OperandSpec i32 = OperandSpec.of(DType.I32, 2, 3);
        OperandSpec bool = OperandSpec.of(DType.BOOL, 2, 3);
        assertThat(operations("ij,kj->ik", i32, i32)).containsExactly(ContractionStep.Operation.ELEMENTWISE);
        EinsumPlan b = plan("ij,kj->ik", bool, bool);
        assertThat(b.compute).isEqualTo(DType.I64);
        assertThat(plan("ij->ji", bool).compute).as("nothing summed: no counting").isEqualTo(DType.BOOL);
    }

    @Test
    void repeatedLabelsAndBroadcastAxesAreViews() {
        EinsumPlan diagonal = plan("iij->ij", f64(3, 3, 2));
        OperandPreparation p = diagonal.preparations[0];
        assertThat(p.diagonals).isDeepEqualTo(new int[][] {{0, 1}});
        assertThat(p.convertTo).isNull();
        assertThat(p.reduceAxes).isEmpty();
        assertThat(operations("iij->ij", f64(3, 3, 2))).containsExactly(ContractionStep.Operation.COPY);
        assertThat(plan("iii->i", f64(2, 2, 2)).preparations[0].diagonals).isDeepEqualTo(new int[][] {{0, 1}, {0, 1}});
        EinsumPlan broadcast = plan("ij,ij->ij", f64(1, 3), f64(4, 3));
        assertThat(broadcast.preparations[0].squeezedShape).containsExactly(3);
        assertThat(broadcast.preparations[1].squeezedShape).isNull();
    }

    @Test
    void labelsOnlyOneOperandCarriesAreSummedBeforeThePairwiseSteps() {
        EinsumPlan p = plan("ijk,jl->il", f64(2, 3, 4), f64(3, 5));
        assertThat(p.preparations[0].reduceAxes).containsExactly(2);
        assertThat(p.preparations[0].labels).hasSize(2);
        assertThat(operations("ijk,jl->il", f64(2, 3, 4), f64(3, 5))).containsExactly(ContractionStep.Operation.SUM,
                ContractionStep.Operation.DOT_GENERAL);
    }

    @Test
    void operandsOfAnotherDtypeAreConvertedToTheResultDtype() {
        EinsumPlan p = plan("i,i", OperandSpec.of(DType.I32, 3), OperandSpec.of(DType.F32, 3));
        assertThat(p.preparations[0].convertTo).isEqualTo(DType.F64);
        assertThat(p.preparations[1].convertTo).isEqualTo(DType.F64);
    }

    @Test
    void aRepeatedOutputLabelWritesADiagonalViewOfTheOutput() {
        EinsumPlan p = plan("i->ii", f64(3));
        assertThat(p.outputDiagonals).isDeepEqualTo(new int[][] {{0, 1}});
        assertThat(p.targetLabels).hasSize(1);
    }

    @Test
    void aMemoryLimitThatNoPairFitsLeavesASlicedRemainder() {
        EinsumOptions limited = EinsumOptions.builder().memoryLimit(4).build();
        EinsumPlan p = Einsum.compile("ij,jk,kl->il", limited, f64(8, 8), f64(8, 8), f64(8, 8)).plan();
        assertThat(p.contraction.remainder).isNotNull();
        assertThat(p.contraction.remainder.sliced).isNotEmpty();
        ContractionPath report = Einsum.path("ij,jk,kl->il", limited, f64(8, 8), f64(8, 8), f64(8, 8));
        assertThat(report.steps()).extracting(ContractionStep::operation).containsExactly(
                ContractionStep.Operation.SLICED);
        assertThat(report.memoryLimit()).hasValue(4);
        assertThat(report.pairs()).isEmpty();
    }

    @Test
    void theReportOfParsedSubscriptsIsTheReportOfTheirNotation() {
        // 'i', 'j', 'k', 'l' are NumPy's sublist labels 34 to 37
        Subscripts sublists = Subscripts.of(new int[][] {{34, 35}, {35, 36}, {36, 37}}, new int[] {34, 37});
        EinsumOptions optimal = EinsumOptions.builder().optimizer(PathOptimizer.OPTIMAL).build();
        OperandSpec[] specs = {f64(8, 64), f64(64, 64), f64(64, 8)};
        ContractionPath parsed = Einsum.path(sublists, optimal, specs);
        assertThat(parsed.toString()).isEqualTo(Einsum.path("ij,jk,kl->il", optimal, specs).toString());
        assertThat(parsed.pairs()).isDeepEqualTo(new int[][] {{0, 1}, {0, 1}});
        // labels beyond the 52 letters, which no string can name
        ContractionPath wide = Einsum.path(Subscripts.of(new int[][] {{100, 101}, {101, 102}}, new int[] {100, 102}),
                optimal, f64(2, 3), f64(3, 4));
        assertThat(wide.optimizedFlops()).isEqualTo(Einsum.path("ij,jk->ik", optimal, f64(2, 3), f64(3, 4))
                .optimizedFlops());
        assertThat(wide.steps()).extracting(ContractionStep::subscripts).containsExactly(
                "{100}{101},{101}{102}->{100}{102}");
    }

    @Test
    void theReportMatchesNumpyEinsumPath() {
        // numpy 2.4 einsum_path('ij,jk,kl->il', optimize='optimal') on (8, 64), (64, 64), (64, 8):
        // path (0, 1), (0, 1); naive 7.864e+05, optimized 7.373e+04, largest intermediate 512
        ContractionPath p = Einsum.path("ij,jk,kl->il", EinsumOptions.builder().optimizer(PathOptimizer.OPTIMAL)
                .build(), f64(8, 64), f64(64, 64), f64(64, 8));
        assertThat(p.pairs()).isDeepEqualTo(new int[][] {{0, 1}, {0, 1}});
        assertThat(p.naiveFlops()).isEqualTo(786432);
        assertThat(p.optimizedFlops()).isEqualTo(73728);
        assertThat(p.largestIntermediate()).isEqualTo(512);
        assertThat(p.naiveScaling()).isEqualTo(4);
        assertThat(p.optimizedScaling()).isEqualTo(3);
        assertThat(p.speedup()).isEqualTo(786432.0 / 73728);
        assertThat(p.subscripts()).isEqualTo("ij,jk,kl->il");
        assertThat(p.steps().get(0).subscripts()).isEqualTo("ij,jk->ik");
        assertThat(p.steps().get(0).operands()).containsExactly(0, 1);
        // opt_einsum 3.4 contract_path('abc,cbd,da->', optimal) on (3, 4, 5), (5, 4, 6), (6, 3):
        // naive 1080, optimized 756, largest 18, scales [4, 2]
        ContractionPath q = Einsum.path("abc,cbd,da->", EinsumOptions.builder().optimizer(PathOptimizer.OPTIMAL)
                .build(), f64(3, 4, 5), f64(5, 4, 6), f64(6, 3));
        assertThat(q.naiveFlops()).isEqualTo(1080);
        assertThat(q.optimizedFlops()).isEqualTo(756);
        assertThat(q.largestIntermediate()).isEqualTo(18);
        assertThat(q.steps()).extracting(ContractionStep::scaling).containsExactly(4, 2);
        assertThat(q.toString()).contains("Complete contraction:  abc,cbd,da->").contains("Optimized FLOP count:  "
                + "7.560e+02");
    }

    @Test
    void sublistLabelsBeyondTheLettersPrintInBraces() {
        ContractionPath big = Einsum.compile(Subscripts.of(new int[][] {{0, 100}, {100, 1}}), EinsumOptions.DEFAULT,
                f64(2, 3), f64(3, 4)).path();
        assertThat(big.steps().get(0).subscripts()).isEqualTo("A{100},{100}B->AB");
        assertThat(Einsum.compile("...i->...", f64(2, 3)).path().steps().get(0).subscripts()).isEqualTo("{e0}i->{e0}");
    }
}
