package org.ferrite.codegen;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiPredicate;
import org.ferrite.api.session.OpSpec;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.codegen.DTypeTable.Spec;

/**
 * Where the generator takes its operation lists from: the API's operation table
 * ({@code org.ferrite.api.session.OpTable}) says which operations a dtype defines, a writer says how
 * each is computed (its kernel: a Java expression, a template form). The two must cover each other
 * exactly, so that the generated loops compute every pair the table defines and nothing else: a row
 * without a kernel, or a kernel for a pair the table leaves undefined, stops the generation with a
 * message naming the operation, the dtype and what to add. Thread-safe (stateless).
 */
final class DefinedOps {
    private DefinedOps() {
    }

    /**
     * @param s a row of the dtype table
     * @return the API's dtype of that row
     */
    static DType dtype(Spec s) {
        return DType.valueOf(s.dtypeName);
    }

    /**
     * @param <E> the operation enum
     * @param <K> what the writer knows of an operation's kernel
     * @param writer where the kernels are written, for messages (e.g. {@code "ElementwiseWriter.binaryOps()"})
     * @param s the dtype the kernels are for
     * @param type the operation enum ({@code BinaryOp.class})
     * @param defined the table's rule ({@code OpTable::accepts})
     * @param kernels the writer's kernels for {@code s}, by constant name
     * @return the kernels of the operations the table defines for {@code s}, in the enum's order
     * @throws IllegalStateException naming a defined operation without a kernel, a kernel of an operation
     *     the table does not define for {@code s}, or a kernel under a name the enum lacks
     */
    static <E extends Enum<E>, K> Map<String, K> select(String writer, Spec s, Class<E> type,
            BiPredicate<E, DType> defined, Map<String, K> kernels) {
        DType d = dtype(s);
        String family = type.getSimpleName();
        for (String name : kernels.keySet()) {
            E op = constant(writer, type, name);
            if (!defined.test(op, d)) {
                throw new IllegalStateException(writer + " has a kernel for " + family + "." + name + " on " + d
                        + ", which OpTable does not define for " + d + ": remove the kernel, or add " + d
                        + " to the operation's row in OpTable");
            }
        }
        Map<String, K> selected = new LinkedHashMap<>();
        for (E op : type.getEnumConstants()) {
            if (defined.test(op, d)) {
                K kernel = kernels.get(op.name());
                if (kernel == null) {
                    throw new IllegalStateException("OpTable defines " + family + "." + op.name() + " for " + d
                            + ", but " + writer + " has no kernel for it: add one (CONTRIBUTING.md, \"Add an"
                            + " operation\")");
                }
                selected.put(op.name(), kernel);
            }
        }
        return selected;
    }

    private static <E extends Enum<E>> E constant(String writer, Class<E> type, String name) {
        try {
            return Enum.valueOf(type, name);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(writer + " has a kernel for " + type.getSimpleName() + "." + name
                    + ", which is no constant of " + type.getName(), e);
        }
    }

    /**
     * @param s a row of the dtype table
     * @return true if the table computes a reduction in its dtype (so it needs a reduction class; a dtype
     *     every reduction widens first, as BOOL, needs none)
     */
    static boolean hasReductions(Spec s) {
        DType d = dtype(s);
        for (ReduceOp op : ReduceOp.values()) {
            if (OpTable.of(op).computesIn(d)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The narrow dtypes ({@code DTypeTable.Spec.STAGED}) have no loops of their own: the CPU provider widens
     * their operands to the compute type ({@code DType.computeType()}), runs its generated loops and stores
     * the result back narrow. That needs every operation the table defines for a narrow dtype to be defined
     * for its compute type too.
     *
     * @throws IllegalStateException naming the first row that defines an operation for a narrow dtype but
     *     not for its compute type
     */
    static void requireStagedCoverage() {
        for (Spec s : Spec.STAGED) {
            DType d = dtype(s);
            for (OpSpec row : OpTable.rows()) {
                if (row.dtypes().contains(d) && !row.dtypes().contains(d.computeType())) {
                    throw new IllegalStateException("OpTable defines " + row.name() + " for " + d + ", which computes"
                            + " in " + d.computeType() + ", but not for " + d.computeType() + ": the CPU provider"
                            + " runs " + d + " through " + d.computeType() + "'s loops; define it for both");
                }
            }
        }
    }
}
