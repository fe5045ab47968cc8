package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.lang.reflect.Array;
import java.util.HashSet;
import java.util.Set;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.Indices;
import org.ferrite.testkit.oracle.Layout;
import org.ferrite.testkit.oracle.Oracle;
import org.ferrite.testkit.oracle.Values;
import org.ferrite.testkit.oracle.Values.Domain;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Conformance of placement and transfer: {@code placement()} is where {@code allocate} and the
 * capabilities put tensors; {@code transferInto}, {@code toHost} and {@code to} move every dtype between
 * the host and the session's placement bit for bit, through every layout, validated before the first
 * write, for rank 0 and extent 0 too, and within the session's placement between layouts; every other
 * operation rejects an operand on a placement it does not compute on (for a device session, the host
 * too), saying how to transfer it. For a host provider the session's placement is the host, so the
 * round trips are host copies; a device provider's run through its device.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class TransferConformance extends ProviderConformance {
    private static final long[] SHAPE = {3, 4, 2};

    /** For subclasses. */
    protected TransferConformance() {
    }

    @Test
    void placementIsWhereAllocateAndTheCapabilitiesPutTensors() {
        Placement caps = backend().capabilities().placement();
        inSession(s -> {
            assertThat(s.placement()).isEqualTo(caps);
            assertThat(s.allocate(DType.F64, 2, 3).placement()).isEqualTo(caps);
            assertThat(s.zeros(DType.I32, 4).placement()).isEqualTo(caps);
            return null;
        });
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void aRoundTripThroughTheSessionsPlacementIsBitIdenticalForEveryDtypeAndLayout(DType d) {
        Tensor values = Values.random(d, 500 + d.ordinal(), Domain.ANY, SHAPE);
        for (Layout from : Layout.values()) {
            TensorView source = from.of(values);
            Tensor back = inSession(s -> {
                Tensor there = s.to(source, s.placement());
                assertThat(there.placement()).isEqualTo(s.placement());
                assertThat(there.shape()).containsExactly(SHAPE);
                return s.toHost(there);
            });
            assertThat(back.placement().isHost()).isTrue();
            assertThat(Values.storageEquals(back, Values.snapshotStorage(values))).as("%s via %s", d, from).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void transferIntoWritesEveryElementOfAStridedHostOutputAndNothingElse(DType d) {
        Tensor values = Values.random(d, 520 + d.ordinal(), Domain.ANY, SHAPE);
        for (Layout to : Layout.values()) {
            TensorView out = to.of(Tensor.zeros(d, SHAPE));
            Object before = Values.snapshotStorage(out);
            inSession(s -> {
                s.transferInto(s.to(values, s.placement()), out);
                return null;
            });
            assertThat(Tensor.contentEquals(out, values)).as("%s into %s", d, to).isTrue();
            Set<Long> reached = new HashSet<>();
            Indices.forEach(out.shape(), i -> {
                for (int lane = 0; lane < d.scalarsPerElement(); lane++) {
                    reached.add(out.elementOffset(i) * d.scalarsPerElement() + lane);
                }
            });
            Object after = Values.snapshotStorage(out);
            for (int slot = 0; slot < Array.getLength(after); slot++) {
                if (!reached.contains((long) slot)) {
                    assertThat(Array.get(after, slot)).as("%s into %s: slot %d outside the view", d, to, slot)
                            .isEqualTo(Array.get(before, slot));
                }
            }
        }
    }

    @Test
    void toHostReturnsANewCompactHostTensorOwnedByTheCaller() {
        Tensor t = Values.random(DType.F64, 540, Domain.ANY, 2, 3);
        Tensor h = inSession(s -> s.toHost(t));
        assertThat(h).isNotSameAs(t);
        assertThat(h.storage()).isNotSameAs(t.storage());
        assertThat(h.placement().isHost()).isTrue();
        assertThat(h.isColumnMajorContiguous()).isTrue();
        assertThat(Tensor.contentEquals(h, t)).isTrue();
        double first = t.getDouble(0, 0);
        h.set(first + 1, 0, 0);
        assertThat(t.getDouble(0, 0)).as("the copy is independent").isEqualTo(first);
        Tensor viaTo = inSession(s -> s.to(t.transpose(), Placement.HOST));
        assertThat(Tensor.contentEquals(viaTo, t.transpose())).isTrue();
        assertThat(viaTo.placement().isHost()).isTrue();
    }

    @Test
    void toAPlacementTheSessionDoesNotReachIsRejectedNamingPlacement() {
        Tensor t = Tensor.zeros(DType.F32, 2);
        ValidationException e = catchThrowableOfType(ValidationException.class, () -> inSession(s -> s.to(t,
                ForeignTensors.foreign(DType.F32, s.placement(), 1).placement())));
        assertThat(e.validationKind()).isEqualTo(ValidationKind.INVALID_ARGUMENT);
        assertThat(e.argument()).isEqualTo("placement");
        assertThat(e.getMessage()).contains("rocm:");
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void rankZeroAndExtentZeroTensorsRoundTripForEveryDtype(DType d) {
        for (long[] shape : new long[][] {{}, {0}, {3, 0, 2}, {1}}) {
            Tensor values = Values.random(d, 530 + d.ordinal(), Domain.ANY, shape);
            Tensor back = inSession(s -> s.toHost(s.to(values, s.placement())));
            assertThat(back.shape()).containsExactly(shape);
            assertThat(Values.storageEquals(back, Values.snapshotStorage(values))).as("%s %s", d,
                    java.util.Arrays.toString(shape)).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(DType.class)
    void aTransferWithinTheSessionsPlacementCopiesBetweenLayoutsBitForBit(DType d) {
        Tensor values = Values.random(d, 535 + d.ordinal(), Domain.ANY, SHAPE);
        TensorView src = Layout.TRANSPOSED.of(values);
        for (Layout to : Layout.values()) {
            TensorView out = to.of(Values.random(d, 536, Domain.ANY, SHAPE));
            TensorView whole = TensorView.of(out.dtype(), out.storage(), new long[] {Array.getLength(out.storage())
                    / d.scalarsPerElement()}, new long[] {1}, 0);
            Tensor outside = whole.copy();
            inSession((s, m) -> {
                TensorView there = m.of(out);
                assertThat(there.placement()).isEqualTo(s.placement());
                s.transferInto(m.of(src), there);
                return null;
            });
            assertThat(Tensor.contentEquals(out, values)).as("%s into %s", d, to).isTrue();
            Set<Long> reached = new HashSet<>();
            Indices.forEach(out.shape(), i -> reached.add(out.elementOffset(i)));
            Indices.forEach(whole.shape(), i -> {
                if (!reached.contains(i[0])) {
                    assertThat(Oracle.read(whole, i)).as("%s into %s: element %d outside the view", d, to, i[0])
                            .isEqualTo(Oracle.read(outside, i));
                }
            });
        }
    }

    @Test
    void transferIntoValidatesEverythingBeforeTheFirstWrite() {
        Tensor src = Values.random(DType.F32, 550, Domain.ANY, 2, 3);
        Tensor out = Values.random(DType.F32, 551, Domain.ANY, 2, 3);
        Tensor wrongType = Tensor.zeros(DType.F64, 2, 3);
        Misuse.expect(this::inSession, "dtype", ValidationKind.DTYPE_MISMATCH, "out", wrongType,
                (s, m) -> s.transferInto(src, m.of(wrongType)), src);
        Tensor wrongShape = Tensor.zeros(DType.F32, 3, 2);
        Misuse.expect(this::inSession, "shape", ValidationKind.SHAPE_MISMATCH, "out", wrongShape,
                (s, m) -> s.transferInto(m.of(src), wrongShape), src);
        TensorView broadcast = Tensor.zeros(DType.F32, 2, 1).broadcastTo(2, 3);
        Misuse.expect(this::inSession, "unwritable", ValidationKind.INVALID_ARGUMENT, "out", out,
                (s, m) -> s.transferInto(src, m.of(broadcast)), src);
        Tensor big = Values.random(DType.F32, 552, Domain.ANY, 2, 5);
        Misuse.expect(this::inSession, "overlap on the host", ValidationKind.INVALID_ARGUMENT, "out", big,
                (s, m) -> s.transferInto(big.slice(1, 0, 3, 1), big.slice(1, 2, 5, 1)));
        Misuse.expect(this::inSession, "overlap where the session computes", ValidationKind.INVALID_ARGUMENT, "out",
                big, (s, m) -> s.transferInto(m.of(big.slice(1, 0, 3, 1)), m.of(big.slice(1, 2, 5, 1))));
        Misuse.expect(this::inSession, "foreign source", ValidationKind.INVALID_ARGUMENT, "src", out,
                (s, m) -> s.transferInto(ForeignTensors.foreign(DType.F32, s.placement(), 2, 3), m.of(out)));
    }

    @Test
    void otherOperationsRejectAnOperandOnAnotherPlacementAndSayHowToTransferIt() {
        Tensor host = Values.random(DType.F64, 560, Domain.ANY, 2, 2);
        Tensor out = Tensor.zeros(DType.F64, 2, 2);
        String advice = "session.to(t, session.placement())";
        ValidationException add = rejected(out, (s, m) -> s.addInto(ForeignTensors.foreign(DType.F64, s.placement(),
                2, 2), m.of(host), m.of(out)));
        assertThat(add.argument()).isEqualTo("lhs");
        assertThat(add.getMessage()).contains(advice).contains("rocm:");
        ValidationException dot = rejected(out, (s, m) -> s.dotGeneralInto(m.of(host),
                ForeignTensors.foreign(DType.F64, s.placement(), 2, 2), DotGeneralConfig.MATMUL, m.of(out)));
        assertThat(dot.argument()).isEqualTo("rhs");
        assertThat(dot.getMessage()).contains(advice);
        ValidationException copy = rejected(out, (s, m) -> s.copyInto(ForeignTensors.foreign(DType.F64,
                s.placement(), 2, 2), m.of(out)));
        assertThat(copy.argument()).isEqualTo("src");
    }

    @Test
    void aDeviceSessionRejectsAHostOperandAndAHostOutputNamingThem() {
        assumeFalse(backend().capabilities().placement().isHost(), "for a host session the host is where it computes");
        Tensor host = Values.random(DType.F32, 570, Domain.ANY, 3);
        Tensor out = Tensor.zeros(DType.F32, 3);
        ValidationException lhs = rejected(out, (s, m) -> s.mulInto(host, m.of(host), m.of(out)));
        assertThat(lhs.argument()).isEqualTo("lhs");
        assertThat(lhs.getMessage()).contains("host").contains("session.to(t, session.placement())");
        ValidationException output = rejected(out, (s, m) -> s.unaryInto(org.ferrite.api.session.UnaryOp.NEG,
                m.of(host), out));
        assertThat(output.argument()).isEqualTo("out");
        ValidationException reduction = rejected(out, (s, m) -> s.sum(host, 0));
        assertThat(reduction.argument()).isEqualTo("x");
    }

    private ValidationException rejected(Tensor hostOut, Misuse.Call call) {
        Object before = Values.snapshotStorage(hostOut);
        ValidationException e = catchThrowableOfType(ValidationException.class, () -> inSession((s, m) -> {
            call.run(s, m);
            return null;
        }));
        assertThat(e).as("a ValidationException").isNotNull();
        assertThat(e.validationKind()).isEqualTo(ValidationKind.INVALID_ARGUMENT);
        assertThat(Values.storageEquals(hostOut, before)).as("out untouched").isTrue();
        return e;
    }
}
