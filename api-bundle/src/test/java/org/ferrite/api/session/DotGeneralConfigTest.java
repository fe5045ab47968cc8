package org.ferrite.api.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.ferrite.api.testsupport.Validations.expectValidation;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.junit.jupiter.api.Test;

class DotGeneralConfigTest {
    private static final int[] NONE = {};

    @Test
    void matmulContractsLhsAxisOneWithRhsAxisZero() {
        assertThat(DotGeneralConfig.MATMUL.lhsContracting()).containsExactly(1);
        assertThat(DotGeneralConfig.MATMUL.rhsContracting()).containsExactly(0);
        assertThat(DotGeneralConfig.MATMUL.batchCount()).isZero();
        assertThat(DotGeneralConfig.MATMUL.contractingCount()).isEqualTo(1);
    }

    @Test
    void listsAreDefensivelyCopiedInAndOut() {
        int[] lc = {0, 2};
        DotGeneralConfig c = DotGeneralConfig.of(lc, new int[] {1, 0}, new int[] {1}, new int[] {2});
        lc[0] = 7;
        assertThat(c.lhsContracting()).containsExactly(0, 2);
        c.lhsContracting()[0] = 9;
        assertThat(c.lhsContracting(0)).isZero();
        assertThat(c.rhsContracting(1)).isZero();
        assertThat(c.lhsBatch(0)).isEqualTo(1);
        assertThat(c.rhsBatch(0)).isEqualTo(2);
        assertThat(c.rhsBatch()).containsExactly(2);
        assertThat(c.lhsBatch()).containsExactly(1);
    }

    @Test
    void equalConfigsAreEqualAndHashAlike() {
        DotGeneralConfig a = DotGeneralConfig.of(new int[] {1}, new int[] {0}, new int[] {2}, new int[] {2});
        DotGeneralConfig b = DotGeneralConfig.of(new int[] {1}, new int[] {0}, new int[] {2}, new int[] {2});
        DotGeneralConfig c = DotGeneralConfig.of(new int[] {1}, new int[] {0}, new int[] {2}, new int[] {1});
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b).isNotEqualTo(c).isNotEqualTo("config");
        assertThat(DotGeneralConfig.contracting(new int[] {1}, new int[] {0})).isEqualTo(DotGeneralConfig.MATMUL);
        assertThat(a.toString()).isEqualTo(
                "DotGeneralConfig[lhsContracting=[1], rhsContracting=[0], lhsBatch=[2], rhsBatch=[2]]");
    }

    @Test
    void duplicateAxisInAListIsRejectedAtConstruction() {
        ValidationException e = expectValidation(
                () -> DotGeneralConfig.contracting(new int[] {1, 1}, new int[] {0, 2}), ValidationKind.INVALID_ARGUMENT,
                "DotGeneralConfig", "lhsContracting");
        assertThat(e.axis()).isEqualTo(1);
        expectValidation(() -> DotGeneralConfig.of(NONE, NONE, new int[] {0}, new int[] {3, 3}),
                ValidationKind.INVALID_ARGUMENT, "DotGeneralConfig", "rhsBatch");
    }

    @Test
    void negativeAxisIsRejectedAtConstruction() {
        expectValidation(() -> DotGeneralConfig.contracting(new int[] {0}, new int[] {-1}),
                ValidationKind.INVALID_ARGUMENT, "DotGeneralConfig", "rhsContracting");
        expectValidation(() -> DotGeneralConfig.of(NONE, NONE, new int[] {-2}, new int[] {0}),
                ValidationKind.INVALID_ARGUMENT, "DotGeneralConfig", "lhsBatch");
    }

    @Test
    void listLengthMismatchIsRejectedAtConstruction() {
        ValidationException e = expectValidation(
                () -> DotGeneralConfig.contracting(new int[] {0, 1}, new int[] {0}), ValidationKind.INVALID_ARGUMENT,
                "DotGeneralConfig", "rhsContracting");
        assertThat(e.expected()).contains("2 axes");
        assertThat(e.actual()).contains("1 axes");
        expectValidation(() -> DotGeneralConfig.of(NONE, NONE, new int[] {0}, NONE), ValidationKind.INVALID_ARGUMENT,
                "DotGeneralConfig", "rhsBatch");
    }

    @Test
    void axisBothBatchAndContractingIsRejectedAtConstruction() {
        ValidationException e = expectValidation(
                () -> DotGeneralConfig.of(new int[] {0}, new int[] {1}, new int[] {0}, new int[] {0}),
                ValidationKind.INVALID_ARGUMENT, "DotGeneralConfig", "lhsContracting");
        assertThat(e.axis()).isZero();
        assertThat(e.actual()).contains("lhsBatch").contains("lhsContracting");
        expectValidation(() -> DotGeneralConfig.of(new int[] {0}, new int[] {1}, new int[] {1}, new int[] {1}),
                ValidationKind.INVALID_ARGUMENT, "DotGeneralConfig", "rhsContracting");
    }
}
