package org.ferrite.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.codegen.DTypeTable.Spec;
import org.junit.jupiter.api.Test;

/**
 * The generator's operation lists are the operation table's: a row without a kernel, or a kernel
 * without a row, stops the generation naming the operation and the dtype.
 */
class DefinedOpsTest {

    private static Map<String, String> f64BinaryKernels() {
        Map<String, String> k = new LinkedHashMap<>();
        for (BinaryOp op : BinaryOp.values()) {
            if (OpTable.accepts(op, DefinedOps.dtype(Spec.F64))) {
                k.put(op.name(), "x");
            }
        }
        return k;
    }

    @Test
    void theSelectionIsTheTablesOperationsInEnumOrder() {
        Map<String, String> reversed = new LinkedHashMap<>();
        f64BinaryKernels().keySet().stream().sorted((a, b) -> b.compareTo(a)).forEach(c -> reversed.put(c, c));
        assertThat(DefinedOps.select("test", Spec.F64, BinaryOp.class, OpTable::accepts, reversed).keySet())
                .containsExactly("ADD", "SUB", "MUL", "DIV", "REM", "POW", "MAXIMUM", "MINIMUM", "ATAN2",
                        "FLOOR_DIVIDE", "REMAINDER");
        assertThat(new ElementwiseWriter(Spec.BOOL).unaryOps()).extracting(op -> op.constant)
                .containsExactly("CONJ", "NOT");
        assertThat(new ComplexElementwiseWriter(Spec.C64).binaryOps()).extracting(op -> op.constant)
                .containsExactly("ADD", "SUB", "MUL", "DIV", "POW");
        assertThat(new ReductionWriter(Spec.I32).defined().keySet()).containsExactly("SUM", "PROD", "MAX", "MIN");
    }

    @Test
    void aDefinedPairWithoutAKernelStopsTheGeneration() {
        Map<String, String> kernels = f64BinaryKernels();
        kernels.remove("ATAN2");
        assertThatThrownBy(() -> DefinedOps.select("ElementwiseWriter.binaryOps()", Spec.F64, BinaryOp.class,
                OpTable::accepts, kernels)).isInstanceOf(IllegalStateException.class).hasMessage("OpTable defines"
                        + " BinaryOp.ATAN2 for F64, but ElementwiseWriter.binaryOps() has no kernel for it: add one"
                        + " (CONTRIBUTING.md, \"Add an operation\")");
    }

    @Test
    void aKernelForAnUndefinedPairOrAnUnknownConstantStopsTheGeneration() {
        Map<String, String> kernels = f64BinaryKernels();
        kernels.put("XOR", "x ^ y");
        assertThatThrownBy(() -> DefinedOps.select("ElementwiseWriter.binaryOps()", Spec.F64, BinaryOp.class,
                OpTable::accepts, kernels)).hasMessage("ElementwiseWriter.binaryOps() has a kernel for BinaryOp.XOR"
                        + " on F64, which OpTable does not define for F64: remove the kernel, or add F64 to the"
                        + " operation's row in OpTable");
        Map<String, String> unknown = new LinkedHashMap<>();
        unknown.put("HYPOT", "Math.hypot(x, y)");
        assertThatThrownBy(() -> DefinedOps.select("w", Spec.F64, UnaryOp.class, OpTable::accepts, unknown))
                .hasMessageContaining("UnaryOp.HYPOT, which is no constant of org.ferrite.api.session.UnaryOp");
    }

    @Test
    void onlyDtypesWithReductionsGetAReductionClass() {
        assertThat(DefinedOps.hasReductions(Spec.BOOL)).isFalse();
        for (Spec s : new Spec[] {Spec.I32, Spec.I64, Spec.F32, Spec.F64, Spec.C64, Spec.C128}) {
            assertThat(DefinedOps.hasReductions(s)).as(s.dtypeName).isTrue();
        }
        assertThat(DTypeTable.DTypeSet.MEAN.contains(Spec.C64)).isTrue();
        assertThat(DTypeTable.DTypeSet.MEAN.contains(Spec.I64)).isFalse();
    }
}
