package org.ferrite.codegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.ferrite.codegen.DTypeTable.Spec;
import org.ferrite.codegen.Template.Fill;
import org.junit.jupiter.api.Test;

/** The three marks of a template — dtype words, holes, regions (also nested) — and nothing else. */
class TemplateTest {
    private static final Template PROBE = Template.named("Probe.java");
    private static final Template NESTED = Template.named("Nested.java");

    private static Fill op(String run, String value) {
        return Fill.word("addRun", run).and(Fill.dtype(Spec.F32, Spec.F64)).hole("f", value);
    }

    @Test
    void fillsWordsInOnePassHolesAndRegionsAndCopiesUntouchedLinesAsWritten() {
        String out = PROBE.fill(Fill.dtype(Spec.F64, Spec.I32),
                Map.of("OP", List.of(op("addRun", "x + y"), op("maxRun", "Math.max(x, y)"))));
        assertThat(out).startsWith(Generate.header("codegen/src/main/resources/templates/Probe.java"))
                .doesNotContain("//!")
                .contains("class I32Probe {")
                // F32 → F64 and double → int in one pass: the F64 written by the first is not replaced again
                .contains("    int addRun(int x, int y, F64 z, double w) {\n        return x + y;\n")
                .contains("    int maxRun(int x, int y, F64 z, double w) {\n        return Math.max(x, y);\n")
                .contains("    void handWrapped(int first,\n            int second) {\n");
    }

    @Test
    void aRegionWithoutFillsOrAHoleWithoutValueIsAnError() {
        assertThatThrownBy(() -> PROBE.fill(Fill.NONE, Map.of())).hasMessageContaining("no fills for region OP");
        assertThatThrownBy(() -> PROBE.fill(Fill.NONE, Map.of("OP", List.of(Fill.NONE))))
                .hasMessageContaining("no value for hole f");
    }

    @Test
    void aNestedRegionRepeatsPerItsEnclosingRepetitionAndAHoleMayBeComputedFromItsText() {
        Fill sum = Fill.word("SUM", "SUM").region("ALSO", List.of(Fill.NONE));
        Fill max = Fill.word("SUM", "MAX").region("ALSO", List.of());
        String out = NESTED.fill(Fill.dtype(Spec.F64, Spec.F32).hole("narrow", Spec.F32::narrow),
                Map.of("OP", List.of(sum, max)));
        assertThat(out).contains("        case SUM:\n        case MEAN:\n            return (float) (x / d);\n"
                + "        case MAX:\n            return (float) (x / d);\n        default:\n");
    }

    @Test
    void aNestedRegionWithoutFillsOrAnUnclosedRegionIsAnError() {
        assertThatThrownBy(() -> NESTED.fill(Fill.NONE, Map.of("OP", List.of(Fill.NONE))))
                .hasMessageContaining("no fills for region ALSO");
        assertThatThrownBy(() -> Template.named("Unclosed.java").fill(Fill.NONE, Map.of("OP", List.of())))
                .hasMessageContaining("region // @each OP is not closed");
    }

    @Test
    void aRegionFilledNeverIsLeftOut() {
        assertThat(PROBE.fill(Fill.NONE, Map.of("OP", List.of()))).doesNotContain("addRun").contains("handWrapped");
    }
}
