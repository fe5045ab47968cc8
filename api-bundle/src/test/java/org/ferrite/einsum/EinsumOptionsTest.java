package org.ferrite.einsum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.ferrite.api.error.ValidationException;
import org.junit.jupiter.api.Test;

class EinsumOptionsTest {
    private static ValidationException failure(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        return catchThrowableOfType(ValidationException.class, call);
    }

    @Test
    void theDefaultsAreAutoWithoutPathOrLimit() {
        EinsumOptions d = EinsumOptions.DEFAULT;
        assertThat(d.optimizer()).isEqualTo(PathOptimizer.AUTO);
        assertThat(d.path()).isNull();
        assertThat(d.memoryLimit()).isEmpty();
        assertThat(d.branchWidth()).isEqualTo(EinsumOptions.DEFAULT_BRANCH_WIDTH);
        assertThat(EinsumOptions.builder().build()).isEqualTo(d).hasSameHashCodeAs(d);
    }

    @Test
    void optionsAreValuesEqualByContent() {
        EinsumOptions a = EinsumOptions.builder().optimizer(PathOptimizer.GREEDY).memoryLimit(64).build();
        EinsumOptions b = EinsumOptions.builder().memoryLimit(64).optimizer(PathOptimizer.GREEDY).build();
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(a.toBuilder().noMemoryLimit().build());
        assertThat(a.toBuilder().build()).isEqualTo(a);
        EinsumOptions p = EinsumOptions.builder().path(new int[] {0, 1}, new int[] {0, 1}).build();
        assertThat(p).isEqualTo(EinsumOptions.builder().path(new int[] {0, 1}, new int[] {0, 1}).build());
        assertThat(p).isNotEqualTo(EinsumOptions.builder().path(new int[] {1, 0}, new int[] {0, 1}).build());
        assertThat(p.toString()).contains("path=[[0, 1], [0, 1]]");
        assertThat(a.toString()).contains("optimizer=GREEDY").contains("memoryLimit=64");
    }

    @Test
    void thePathIsCopiedInAndOut() {
        int[] step = {0, 1};
        EinsumOptions o = EinsumOptions.builder().path(step).build();
        step[0] = 5;
        assertThat(o.path()[0]).containsExactly(0, 1);
        o.path()[0][0] = 7;
        assertThat(o.path()[0]).containsExactly(0, 1);
        assertThat(EinsumOptions.builder().path(step).path((int[][]) null).build().path()).isNull();
    }

    @Test
    void badSettingsAreRejectedWhenSet() {
        ValidationException limit = failure(() -> EinsumOptions.builder().memoryLimit(0));
        assertThat(limit.argument()).isEqualTo("memoryLimit");
        ValidationException width = failure(() -> EinsumOptions.builder().branchWidth(-1));
        assertThat(width.argument()).isEqualTo("branchWidth");
        ValidationException triple = failure(() -> EinsumOptions.builder().path(new int[] {0, 1, 2}));
        assertThat(triple.argument()).isEqualTo("path");
        assertThat(triple.getMessage()).contains("step 0 = [0, 1, 2]");
        ValidationException negative = failure(() -> EinsumOptions.builder().path(new int[] {0, 1},
                new int[] {-1, 0}));
        assertThat(negative.getMessage()).contains("step 1 = [-1, 0]");
    }
}
