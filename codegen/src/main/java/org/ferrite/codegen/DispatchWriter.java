package org.ferrite.codegen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.ferrite.codegen.DTypeTable.DTypeSet;
import org.ferrite.codegen.DTypeTable.Spec;
import org.ferrite.codegen.Template.Fill;

/**
 * Fills the template of {@code TypedDispatch} ({@code src/main/resources/templates/TypedDispatch.java}):
 * plain Java written for F64 alone, whose {@code // @each SET} … {@code // @end-each} regions are
 * repeated once per dtype of the set ({@link DTypeSet}; {@code ALL_BY_STORAGE} names the storage
 * class's loop class), with {@code F64} replaced by the dtype (see the template's notes). The dispatch
 * stays a static switch per call: an interface table would make the call sites megamorphic.
 * Thread-safe (stateless).
 */
final class DispatchWriter {
    static final String OUTPUT =
            "cpu-provider-bundle/src/main/java/org/ferrite/cpu/internal/kernel/typed/TypedDispatch.java";

    private DispatchWriter() {
    }

    /** @return the generated {@code TypedDispatch} */
    static String write() {
        Map<String, List<Fill>> regions = new HashMap<>();
        for (DTypeSet set : DTypeSet.values()) {
            List<Fill> byDType = new ArrayList<>();
            List<Fill> byStorage = new ArrayList<>();
            for (Spec s : Spec.ALL) {
                if (set.contains(s)) {
                    byDType.add(Fill.name(Spec.F64, s, s));
                    byStorage.add(Fill.name(Spec.F64, s, s.storageSpec()));
                }
            }
            regions.put(set.name(), byDType);
            regions.put(set.name() + "_BY_STORAGE", byStorage);
        }
        return Template.named("TypedDispatch.java").fill(Fill.NONE, regions);
    }
}
