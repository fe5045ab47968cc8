package org.ferrite.itests.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.OpSpec;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.PadConfig;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.session.SliceConfig;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.testkit.oracle.Spec;
import org.junit.jupiter.api.Test;

/**
 * The operation table ({@link OpTable}) is the one source of which (operation, dtype) pairs exist, and
 * everything that acts on those pairs agrees with it:
 * <ul>
 * <li><b>providers</b>: every row runs on every dtype on the CPU, reference and off-heap providers
 * (through the session hook the row names, on operands of the session's placement); a pair the table
 * defines must compute without any exception, a pair it leaves undefined must be refused with
 * {@link UnsupportedOpException} naming the operation and the dtype, with the table's message — so a
 * provider that lacks a kernel for a defined pair, or computes an undefined one, fails here;</li>
 * <li><b>the conformance kit</b>: its {@code Spec} defines exactly the table's pairs;</li>
 * <li><b>the docs</b>: {@code docs/operations.md}'s operation tables are generated from the table, and
 * {@code GeneratedSourcesAreCurrentTest} (module {@code codegen}) fails while they are stale.</li>
 * </ul>
 * A row without a probe here fails too: adding an operation means adding its probe
 * (CONTRIBUTING.md, "Add an operation").
 */
class OperationTableParityTest {
    private static final List<String> PROVIDERS = List.of("cpu", "reference", "offheap");
    /** Rows whose undefined dtype is refused as an invalid argument (the kit pins it), not as unsupported. */
    private static final Set<OpSpec> REFUSED_AS_INVALID = Set.of(OpTable.DOT_GENERAL, OpTable.MATMUL);

    /** Runs one row's operation on operands of one dtype. */
    @FunctionalInterface
    private interface Probe {
        void run(BackendSession s, DType d, Operands in);
    }

    /** Small operands of one dtype, on the session's placement. */
    private static final class Operands {
        private final BackendSession s;
        private final DType d;

        Operands(BackendSession s, DType d) {
            this.s = s;
            this.d = d;
        }

        /** @return ones of the dtype (a safe divisor, exponent, logarithm argument), on the placement */
        Tensor ones(long... shape) {
            return s.to(Tensor.ones(d, shape), s.placement());
        }

        Tensor of(DType dtype, long... shape) {
            return s.to(Tensor.ones(dtype, shape), s.placement());
        }

        Tensor indices(int... values) {
            return s.to(Tensor.of(values, values.length, 1), s.placement());
        }
    }

    private static Map<OpSpec, Probe> probes() {
        Map<OpSpec, Probe> p = new IdentityHashMap<>();
        for (BinaryOp op : BinaryOp.values()) {
            p.put(OpTable.of(op), (s, d, in) -> s.binaryInto(op, in.ones(2, 2), in.ones(2, 2), s.allocate(OpTable.of(op)
                    .resultType(d), 2, 2)));
        }
        for (UnaryOp op : UnaryOp.values()) {
            p.put(OpTable.of(op), (s, d, in) -> s.unaryInto(op, in.ones(2, 2), s.allocate(OpTable.of(op)
                    .resultType(d), 2, 2)));
        }
        for (CompareOp op : CompareOp.values()) {
            p.put(OpTable.of(op), (s, d, in) -> s.compareInto(op, in.ones(2, 2), in.ones(2, 2),
                    s.allocate(DType.BOOL, 2, 2)));
        }
        for (ReduceOp op : ReduceOp.values()) {
            p.put(OpTable.of(op), (s, d, in) -> s.reduceInto(op, in.ones(2, 2), new int[] {0},
                    s.allocate(OpTable.of(op).resultType(d), 2)));
        }
        for (ScatterMode mode : ScatterMode.values()) {
            ScatterConfig c = ScatterConfig.builder().insertedWindowDims(0).scatterDimsToOperandDims(0)
                    .indexVectorDim(1).mode(mode).build();
            p.put(OpTable.of(mode), (s, d, in) -> s.scatterInto(in.ones(3), in.indices(1), in.ones(1), c,
                    s.allocate(d, 3)));
        }
        p.put(OpTable.SELECT, (s, d, in) -> s.selectInto(in.of(DType.BOOL, 2, 2), in.ones(2, 2), in.ones(2, 2),
                s.allocate(d, 2, 2)));
        p.put(OpTable.CLAMP, (s, d, in) -> s.clamp(in.ones(2), in.ones(2, 2), in.ones(2)));
        p.put(OpTable.SOFTMAX, (s, d, in) -> s.softmax(in.ones(2, 2), 0));
        p.put(OpTable.LOG_SOFTMAX, (s, d, in) -> s.logSoftmax(in.ones(2, 2), 1));
        p.put(OpTable.COPY, (s, d, in) -> s.copyInto(in.ones(2, 2), s.allocate(d, 2, 2)));
        p.put(OpTable.CAST, (s, d, in) -> {
            for (DType target : DType.values()) {
                s.castInto(in.ones(2, 2), s.allocate(target, 2, 2));
            }
        });
        p.put(OpTable.CONVERT, (s, d, in) -> {
            s.convert(in.ones(2), d);
            s.convert(in.ones(2), DType.C128);
        });
        p.put(OpTable.TRANSPOSE, (s, d, in) -> s.transpose(in.ones(2, 3), 1, 0));
        p.put(OpTable.RESHAPE, (s, d, in) -> s.reshape(in.ones(2, 3), 3, 2));
        p.put(OpTable.BROADCAST_IN_DIM, (s, d, in) -> s.broadcastInDim(in.ones(2), new long[] {3, 2}, new int[] {1}));
        p.put(OpTable.EXTRACT_DIAGONAL, (s, d, in) -> s.extractDiagonal(in.ones(3, 3)));
        p.put(OpTable.EMBED_DIAGONAL, (s, d, in) -> s.embedDiagonal(in.ones(3)));
        p.put(OpTable.TRIL, (s, d, in) -> s.tril(in.ones(3, 3), 0));
        p.put(OpTable.TRIU, (s, d, in) -> s.triu(in.ones(3, 3), 1));
        p.put(OpTable.GATHER, (s, d, in) -> s.gather(in.ones(2, 2), in.indices(1, 0), GatherConfig.builder()
                .offsetDims(1).collapsedSliceDims(0).startIndexMap(0).indexVectorDim(1).sliceSizes(1, 2).build()));
        p.put(OpTable.TAKE_ALONG_AXIS, (s, d, in) -> s.takeAlongAxis(in.ones(2, 2), in.indices(1, 0), 1));
        p.put(OpTable.SLICE, (s, d, in) -> s.slice(in.ones(4), SliceConfig.of(new long[] {1}, new long[] {4},
                new long[] {2})));
        p.put(OpTable.DYNAMIC_SLICE, (s, d, in) -> s.dynamicSlice(in.ones(4), new long[] {3}, new long[] {2}));
        p.put(OpTable.DYNAMIC_UPDATE_SLICE, (s, d, in) -> s.dynamicUpdateSlice(in.ones(4), in.ones(2),
                new long[] {1}));
        p.put(OpTable.PAD, (s, d, in) -> s.pad(in.ones(2), in.ones(), PadConfig.of(new long[] {1}, new long[] {2},
                new long[] {1})));
        p.put(OpTable.CONCATENATE, (s, d, in) -> s.concatenate(0, in.ones(2), in.ones(3), in.ones(1)));
        p.put(OpTable.REVERSE, (s, d, in) -> s.reverse(in.ones(2, 3), 1));
        p.put(OpTable.DOT_GENERAL, (s, d, in) -> s.dotGeneral(in.ones(2, 3, 2), in.ones(3, 2, 2), DotGeneralConfig
                .of(new int[] {1}, new int[] {0}, new int[] {2}, new int[] {2})));
        p.put(OpTable.MATMUL, (s, d, in) -> s.matmul(in.ones(2, 3), in.ones(3, 2)));
        p.put(OpTable.TRANSFER, (s, d, in) -> s.toHost(in.ones(2, 2)));
        p.put(OpTable.ARGMAX, (s, d, in) -> s.argmax(in.ones(2, 3), -1));
        p.put(OpTable.ARGMIN, (s, d, in) -> s.argmin(in.ones(2, 3)));
        p.put(OpTable.SORT, (s, d, in) -> s.sort(in.ones(2, 3), 0));
        p.put(OpTable.ARGSORT, (s, d, in) -> s.argsort(in.ones(2, 3)));
        p.put(OpTable.COUNT_NONZERO, (s, d, in) -> s.countNonzero(in.ones(2, 3), -1));
        p.put(OpTable.NONZERO, (s, d, in) -> s.nonzero(in.ones(2, 3)));
        p.put(OpTable.CUMSUM, (s, d, in) -> s.cumsum(in.ones(2, 3), 1));
        p.put(OpTable.CUMPROD, (s, d, in) -> s.cumprod(in.ones(2, 3)));
        p.put(OpTable.ANY_NONZERO, (s, d, in) -> s.any(in.ones(2, 3), 0));
        p.put(OpTable.ALL_NONZERO, (s, d, in) -> s.all(in.ones(2, 3)));
        p.put(OpTable.EYE, (s, d, in) -> s.eye(d, 3, 2, -1));
        p.put(OpTable.STACK, (s, d, in) -> s.stack(-1, in.ones(2), in.ones(2)));
        return p;
    }

    @Test
    void everyRowHasAProbe() {
        Map<OpSpec, Probe> probes = probes();
        List<String> missing = new ArrayList<>();
        for (OpSpec row : OpTable.rows()) {
            if (!probes.containsKey(row)) {
                missing.add(row.toString());
            }
        }
        assertThat(missing).as("rows of OpTable with no probe in OperationTableParityTest.probes(): add one"
                + " (CONTRIBUTING.md, \"Add an operation\")").isEmpty();
    }

    @Test
    void everyProviderComputesExactlyTheDefinedPairsAndRefusesTheOthersWithTheTablesMessage() {
        Map<OpSpec, Probe> probes = probes();
        List<String> disagreements = new ArrayList<>();
        for (String provider : PROVIDERS) {
            int ran = 0;
            try (Backend backend = Backends.create(provider, Map.of()); HeldSession held = backend.openSession()) {
                for (OpSpec row : OpTable.rows()) {
                    Probe probe = probes.get(row);
                    if (probe == null) {
                        continue; // everyRowHasAProbe names it
                    }
                    for (DType d : DType.values()) {
                        String problem = held.withSession(s -> outcome(s, row, d, probe));
                        ran++;
                        if (problem != null) {
                            disagreements.add(provider + ": " + row + " " + d + ": " + problem);
                        }
                    }
                }
            }
            assertThat(ran).as(provider + " ran every pair").isEqualTo(probes.size() * DType.values().length);
        }
        assertThat(disagreements).as("(operation, dtype) pairs where a provider disagrees with OpTable").isEmpty();
    }

    /** @return null if {@code provider} did what the table says for {@code (row, d)}, else what it did */
    private static String outcome(BackendSession s, OpSpec row, DType d, Probe probe) {
        try {
            probe.run(s, d, new Operands(s, d));
            s.synchronize(); // an asynchronous provider reports a failed kernel here
            return row.accepts(d) ? null : "computed a pair the table leaves undefined";
        } catch (UnsupportedOpException e) {
            if (row.accepts(d)) {
                return "refused a defined pair: " + e.getMessage();
            }
            if (REFUSED_AS_INVALID.contains(row)) {
                return "expected ValidationException (DTYPE_MISMATCH), got " + e;
            }
            boolean tables = e.op().equals(row.name()) && d.name().equals(e.dtype())
                    && e.getMessage().contains(row + " is defined for " + row.dtypeList() + " (OpTable)");
            return tables ? null : "refused, but not with the table's message: " + e.getMessage();
        } catch (ValidationException e) {
            boolean pinned = !row.accepts(d) && REFUSED_AS_INVALID.contains(row)
                    && e.validationKind() == ValidationKind.DTYPE_MISMATCH && e.getMessage().contains(row.dtypeList());
            return pinned ? null : "failed: " + e;
        } catch (RuntimeException | AssertionError e) {
            return "failed: " + e;
        }
    }

    /**
     * The conformance kit's expectations are the table's: {@code Spec.defined} answers as
     * {@code OpTable.accepts} for every pair (once the kit delegates to the table, this holds by
     * construction).
     */
    @Test
    void theConformanceKitDefinesExactlyTheTablesPairs() {
        List<String> disagreements = new ArrayList<>();
        for (DType d : DType.values()) {
            for (BinaryOp op : BinaryOp.values()) {
                compare(disagreements, op, d, OpTable.accepts(op, d), Spec.defined(op, d));
            }
            for (UnaryOp op : UnaryOp.values()) {
                compare(disagreements, op, d, OpTable.accepts(op, d), Spec.defined(op, d));
            }
            for (CompareOp op : CompareOp.values()) {
                compare(disagreements, op, d, OpTable.accepts(op, d), Spec.defined(op, d));
            }
            for (ReduceOp op : ReduceOp.values()) {
                compare(disagreements, op, d, OpTable.accepts(op, d), Spec.defined(op, d));
            }
        }
        assertThat(disagreements).as("(op, dtype): table, kit").isEmpty();
    }

    private static void compare(List<String> disagreements, Enum<?> op, DType d, boolean table, boolean kit) {
        if (table != kit) {
            disagreements.add(op + " " + d + ": " + table + ", " + kit);
        }
    }
}
