package org.ferrite.reference.defaults;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.ChildExecution;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.session.GatherConfig;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.session.ScatterConfig;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Placement;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.reference.ReferenceSession;

/**
 * A test-only session that implements <em>only</em> the kernel hooks, each delegating to the reference
 * provider's naive kernels ({@link ReferenceSession#detached()}), and records what it allocated and
 * reclaimed. Every other operation of {@link BackendSession} is the interface's default running on
 * this object, so tests on it prove the "narrow SPI, wide surface" promise. Not thread-safe.
 */
final class NaiveSession implements BackendSession {
    final List<Tensor> allocated = new ArrayList<>();
    final List<Tensor> reclaimed = new ArrayList<>();
    private final ReferenceSession kernels = ReferenceSession.detached();

    @Override
    public Placement placement() {
        return kernels.placement();
    }

    @Override
    public void transferInto(TensorRead src, TensorWrite out) {
        kernels.transferInto(src, out);
    }

    @Override
    public Tensor allocate(DType dtype, long... shape) {
        Tensor t = kernels.allocate(dtype, shape);
        allocated.add(t);
        return t;
    }

    @Override
    public void reclaim(Tensor tensor) {
        reclaimed.add(tensor);
    }

    @Override
    public <T> Optional<T> extension(Class<T> type) {
        return kernels.extension(type);
    }

    @Override
    public ChildExecution childExecution() {
        return new ChildExecution() {
            @Override
            public <R> R withSession(SessionFunction<R> work) {
                return work.apply(NaiveSession.this);
            }
        };
    }

    @Override
    public void binaryInto(BinaryOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        kernels.binaryInto(op, lhs, rhs, out);
    }

    @Override
    public void unaryInto(UnaryOp op, TensorRead x, TensorWrite out) {
        kernels.unaryInto(op, x, out);
    }

    @Override
    public void compareInto(CompareOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        kernels.compareInto(op, lhs, rhs, out);
    }

    @Override
    public void selectInto(TensorRead predicate, TensorRead onTrue, TensorRead onFalse, TensorWrite out) {
        kernels.selectInto(predicate, onTrue, onFalse, out);
    }

    @Override
    public void copyInto(TensorRead src, TensorWrite out) {
        kernels.copyInto(src, out);
    }

    @Override
    public void castInto(TensorRead src, TensorWrite out) {
        kernels.castInto(src, out);
    }

    @Override
    public void reduceInto(ReduceOp op, TensorRead x, int[] axes, TensorWrite out) {
        kernels.reduceInto(op, x, axes, out);
    }

    @Override
    public void gatherInto(TensorRead operand, TensorRead startIndices, GatherConfig config, TensorWrite out) {
        kernels.gatherInto(operand, startIndices, config, out);
    }

    @Override
    public void scatterInto(TensorRead operand, TensorRead scatterIndices, TensorRead updates, ScatterConfig config,
            TensorWrite out) {
        kernels.scatterInto(operand, scatterIndices, updates, config, out);
    }

    @Override
    public void dotGeneralAccumulate(TensorRead lhs, TensorRead rhs, DotGeneralConfig config,
            Accumulation accumulation, TensorWrite out) {
        kernels.dotGeneralAccumulate(lhs, rhs, config, accumulation, out);
    }
}
