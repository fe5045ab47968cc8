package org.ferrite.codegen;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.stream.Stream;
import org.ferrite.api.tensor.DType;
import org.ferrite.codegen.DTypeTable.Spec;
import org.junit.jupiter.api.Test;

/**
 * The dtype table is the API's dtype list: a dtype added to {@code org.ferrite.api.tensor.DType} without
 * a row here fails.
 */
class DTypeTableTest {

    @Test
    void theTableHasOneRowPerApiDTypeInTheApisOrder() {
        assertThat(Stream.concat(Arrays.stream(Spec.ALL), Arrays.stream(Spec.STAGED)).map(s -> s.dtypeName))
                .containsExactlyElementsOf(Arrays.stream(DType.values()).map(DType::name).toList());
        for (Spec s : Spec.ALL) {
            assertThat(DefinedOps.dtype(s).scalarsPerElement()).as(s.dtypeName).isEqualTo(s.lanes());
        }
    }

    @Test
    void narrowDTypesAreStagedThroughTheirComputeTypeWhichDefinesEveryOperationTheyHave() {
        for (Spec s : Spec.STAGED) {
            DType d = DefinedOps.dtype(s);
            assertThat(d.computeType()).as(s.dtypeName).isNotEqualTo(d);
            assertThat(Arrays.stream(Spec.ALL).map(t -> t.dtypeName)).contains(d.computeType().name());
        }
        DefinedOps.requireStagedCoverage(); // throws naming the row otherwise
    }

    @Test
    void complexDTypesRunOnTheStorageOfTheirRealComponentType() {
        assertThat(Spec.C64.storageSpec()).isSameAs(Spec.F32);
        assertThat(Spec.C128.storageSpec()).isSameAs(Spec.F64);
        assertThat(Spec.F64.storageSpec()).isSameAs(Spec.F64);
    }
}
