package org.ferrite.itests.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.itests.smoke.DefinedPairs;
import org.ferrite.testkit.oracle.Spec;
import org.junit.jupiter.api.Test;

/**
 * The jar smoke runs without the conformance kit, so it carries its own copy of which (operation, dtype)
 * pairs the API defines ({@link DefinedPairs}); this test keeps the copy equal to the kit's {@link Spec}
 * on every pair.
 */
class DefinedPairsParityTest {
    @Test
    void theSmokeAndTheConformanceKitDefineTheSamePairs() {
        List<String> disagreements = new ArrayList<>();
        for (DType d : DType.values()) {
            for (BinaryOp op : BinaryOp.values()) {
                compare(disagreements, op, d, Spec.defined(op, d), DefinedPairs.defined(op, d));
            }
            for (UnaryOp op : UnaryOp.values()) {
                compare(disagreements, op, d, Spec.defined(op, d), DefinedPairs.defined(op, d));
            }
            for (CompareOp op : CompareOp.values()) {
                compare(disagreements, op, d, Spec.defined(op, d), DefinedPairs.defined(op, d));
            }
            for (ReduceOp op : ReduceOp.values()) {
                compare(disagreements, op, d, Spec.defined(op, d), DefinedPairs.defined(op, d));
            }
        }
        assertThat(disagreements).as("(op, dtype): kit, smoke").isEmpty();
    }

    private static void compare(List<String> disagreements, Enum<?> op, DType d, boolean kit, boolean smoke) {
        if (kit != smoke) {
            disagreements.add(op + " " + d + ": " + kit + ", " + smoke);
        }
    }
}
