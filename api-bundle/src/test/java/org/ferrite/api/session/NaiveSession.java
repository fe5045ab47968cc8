package org.ferrite.api.session;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import org.ferrite.api.error.NumericalFailureException;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * A test-only provider session that implements <em>only</em> the kernel hooks, element by element
 * through the public accessors, validating with the shared checks. Every other operation of
 * {@link BackendSession} is the interface's default, so tests on it prove the "narrow SPI, wide surface"
 * promise. {@link #allocate} hands out tensors filled with garbage (NaN, 0x5A5A, true) because the
 * contract says their contents are unspecified.
 */
final class NaiveSession implements BackendSession {
    final List<Tensor> allocated = new ArrayList<>();
    final List<Tensor> reclaimed = new ArrayList<>();
    int hookCalls;

    // ------------------------------------------------------------------ buffers

    @Override
    public Tensor allocate(DType dtype, int... shape) {
        Tensor t = Tensor.full(dtype, dtype.isFloating() ? Double.NaN : 0x5A5A, shape);
        allocated.add(t);
        return t;
    }

    @Override
    public void reclaim(Tensor tensor) {
        reclaimed.add(tensor);
    }

    @Override
    public <T> Optional<T> extension(Class<T> type) {
        return Optional.empty();
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

    // ------------------------------------------------------------------ element helpers

    /** Calls {@code body} for every index of {@code shape} in column-major order (once for rank 0). */
    static void forEachIndex(int[] shape, Consumer<int[]> body) {
        for (int extent : shape) {
            if (extent == 0) {
                return;
            }
        }
        int[] index = new int[shape.length];
        while (true) {
            body.accept(index.clone());
            int a = 0;
            while (a < shape.length && ++index[a] == shape[a]) {
                index[a] = 0;
                a++;
            }
            if (a == shape.length) {
                return;
            }
        }
    }

    /** Copies one element between tensors of the same dtype, exactly. */
    static void copyElement(TensorRead src, int[] si, TensorWrite dst, int[] di) {
        DType d = src.dtype();
        if (d.isBool()) {
            dst.setBoolean(src.getBoolean(si), di);
        } else if (d.isInteger()) {
            dst.setLong(src.getLong(si), di);
        } else if (d.isComplex()) {
            dst.setComplex(src.getReal(si), src.getImag(si), di);
        } else {
            dst.set(src.getDouble(si), di);
        }
    }

    private static String name(Enum<?> op) {
        return op.name().toLowerCase(Locale.ROOT);
    }

    // ------------------------------------------------------------------ elementwise hooks

    @Override
    public void binaryInto(BinaryOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        hookCalls++;
        String n = name(op);
        OperandChecks.requireDtype(n, "rhs", rhs, lhs.dtype());
        OperandChecks.requireOutput(n, out, lhs.dtype(), lhs);
        OperandChecks.requireSameShape(n, "rhs", out, rhs);
        OperandChecks.requireNoPartialAlias(n, out, lhs, "lhs");
        OperandChecks.requireNoPartialAlias(n, out, rhs, "rhs");
        DType d = lhs.dtype();
        forEachIndex(out.shape(), i -> {
            if (d.isBool()) {
                boolean a = lhs.getBoolean(i);
                boolean b = rhs.getBoolean(i);
                switch (op) {
                    case ADD: case OR: case MAXIMUM: out.setBoolean(a | b, i); break;
                    case MUL: case AND: case MINIMUM: out.setBoolean(a & b, i); break;
                    case XOR: out.setBoolean(a ^ b, i); break;
                    default: throw new UnsupportedOpException(n, "BOOL", "naive session");
                }
            } else if (d.isInteger()) {
                long a = lhs.getLong(i);
                long b = rhs.getLong(i);
                long r;
                switch (op) {
                    case ADD: r = a + b; break;
                    case SUB: r = a - b; break;
                    case MUL: r = a * b; break;
                    case DIV:
                    case REM:
                        if (b == 0) {
                            throw new NumericalFailureException(n, "integer division by zero at " + Arrays.toString(i));
                        }
                        r = op == BinaryOp.DIV ? a / b : a % b;
                        break;
                    case MAXIMUM: r = Math.max(a, b); break;
                    case MINIMUM: r = Math.min(a, b); break;
                    case AND: r = a & b; break;
                    case OR: r = a | b; break;
                    case XOR: r = a ^ b; break;
                    default: throw new UnsupportedOpException(n, d.name(), "naive session");
                }
                out.setLong(d == DType.I32 ? (int) r : r, i);
            } else if (d.isComplex()) {
                double ar = lhs.getReal(i);
                double ai = lhs.getImag(i);
                double br = rhs.getReal(i);
                double bi = rhs.getImag(i);
                switch (op) {
                    case ADD: out.setComplex(ar + br, ai + bi, i); break;
                    case SUB: out.setComplex(ar - br, ai - bi, i); break;
                    case MUL: out.setComplex(ar * br - ai * bi, ar * bi + ai * br, i); break;
                    case DIV: {
                        double m = br * br + bi * bi;
                        out.setComplex((ar * br + ai * bi) / m, (ai * br - ar * bi) / m, i);
                        break;
                    }
                    default: throw new UnsupportedOpException(n, d.name(), "naive session");
                }
            } else {
                double a = lhs.getDouble(i);
                double b = rhs.getDouble(i);
                double r;
                switch (op) {
                    case ADD: r = a + b; break;
                    case SUB: r = a - b; break;
                    case MUL: r = a * b; break;
                    case DIV: r = a / b; break;
                    case REM: r = a % b; break;
                    case POW: r = Math.pow(a, b); break;
                    case MAXIMUM: r = Math.max(a, b); break;
                    case MINIMUM: r = Math.min(a, b); break;
                    case ATAN2: r = Math.atan2(a, b); break;
                    default: throw new UnsupportedOpException(n, d.name(), "naive session");
                }
                out.set(r, i);
            }
        });
    }

    @Override
    public void unaryInto(UnaryOp op, TensorRead x, TensorWrite out) {
        hookCalls++;
        String n = name(op);
        DType d = x.dtype();
        OperandChecks.requireOutput(n, out, op == UnaryOp.ABS ? d.realType() : d, x);
        OperandChecks.requireNoPartialAlias(n, out, x, "x");
        forEachIndex(out.shape(), i -> {
            if (d.isComplex()) {
                double re = x.getReal(i);
                double im = x.getImag(i);
                switch (op) {
                    case NEG: out.setComplex(-re, -im, i); break;
                    case CONJ: out.setComplex(re, -im, i); break;
                    case ABS: out.set(Math.hypot(re, im), i); break;
                    default: throw new UnsupportedOpException(n, d.name(), "naive session");
                }
            } else if (d.isInteger()) {
                long v = x.getLong(i);
                long r;
                switch (op) {
                    case NEG: r = -v; break;
                    case CONJ: r = v; break;
                    case ABS: r = Math.abs(v); break;
                    case SIGN: r = Long.signum(v); break;
                    case NOT: r = ~v; break;
                    default: throw new UnsupportedOpException(n, d.name(), "naive session");
                }
                out.setLong(d == DType.I32 ? (int) r : r, i);
            } else if (d.isBool()) {
                switch (op) {
                    case NOT: out.setBoolean(!x.getBoolean(i), i); break;
                    case CONJ: out.setBoolean(x.getBoolean(i), i); break;
                    default: throw new UnsupportedOpException(n, d.name(), "naive session");
                }
            } else {
                double v = x.getDouble(i);
                double r;
                switch (op) {
                    case NEG: r = -v; break;
                    case CONJ: r = v; break;
                    case ABS: r = Math.abs(v); break;
                    case SIGN: r = Math.signum(v); break;
                    case EXP: r = Math.exp(v); break;
                    case LOG: r = Math.log(v); break;
                    case SIN: r = Math.sin(v); break;
                    case COS: r = Math.cos(v); break;
                    case TANH: r = Math.tanh(v); break;
                    case SQRT: r = Math.sqrt(v); break;
                    case RSQRT: r = 1 / Math.sqrt(v); break;
                    case EXPM1: r = Math.expm1(v); break;
                    case LOG1P: r = Math.log1p(v); break;
                    case SIGMOID: r = 1 / (1 + Math.exp(-v)); break;
                    case ROUND: r = Math.rint(v); break;
                    case FLOOR: r = Math.floor(v); break;
                    case CEIL: r = Math.ceil(v); break;
                    default: throw new UnsupportedOpException(n, d.name(), "naive session");
                }
                out.set(r, i);
            }
        });
    }

    @Override
    public void compareInto(CompareOp op, TensorRead lhs, TensorRead rhs, TensorWrite out) {
        hookCalls++;
        String n = "compare";
        OperandChecks.requireDtype(n, "rhs", rhs, lhs.dtype());
        OperandChecks.requireSameShape(n, "rhs", lhs, rhs);
        OperandChecks.requireOutput(n, out, DType.BOOL, lhs);
        OperandChecks.requireNoAlias(n, out, lhs, "lhs");
        OperandChecks.requireNoAlias(n, out, rhs, "rhs");
        forEachIndex(out.shape(), i -> {
            double a = lhs.getReal(i);
            double b = rhs.getReal(i);
            boolean r;
            switch (op) {
                case EQ: r = a == b && lhs.getImag(i) == rhs.getImag(i); break;
                case NE: r = a != b || lhs.getImag(i) != rhs.getImag(i); break;
                case LT: r = a < b; break;
                case LE: r = a <= b; break;
                case GT: r = a > b; break;
                default: r = a >= b; break;
            }
            out.setBoolean(r, i);
        });
    }

    @Override
    public void selectInto(TensorRead predicate, TensorRead onTrue, TensorRead onFalse, TensorWrite out) {
        hookCalls++;
        String n = "select";
        OperandChecks.requireDtype(n, "predicate", predicate, DType.BOOL);
        OperandChecks.requireDtype(n, "onFalse", onFalse, onTrue.dtype());
        OperandChecks.requireOutput(n, out, onTrue.dtype(), onTrue);
        OperandChecks.requireSameShape(n, "predicate", out, predicate);
        OperandChecks.requireSameShape(n, "onFalse", out, onFalse);
        forEachIndex(out.shape(), i -> copyElement(predicate.getBoolean(i) ? onTrue : onFalse, i, out, i));
    }

    // ------------------------------------------------------------------ structural hooks

    @Override
    public void copyInto(TensorRead src, TensorWrite out) {
        hookCalls++;
        OperandChecks.requireOutput("copy", out, src.dtype(), src);
        OperandChecks.requireNoAlias("copy", out, src, "src");
        forEachIndex(out.shape(), i -> copyElement(src, i, out, i));
    }

    @Override
    public void castInto(TensorRead src, TensorWrite out) {
        hookCalls++;
        OperandChecks.requireOutput("cast", out, out.dtype(), src);
        OperandChecks.requireNoAlias("cast", out, src, "src");
        DType from = src.dtype();
        DType to = out.dtype();
        forEachIndex(out.shape(), i -> {
            if (to.isBool()) {
                out.setBoolean(src.getReal(i) != 0 || src.getImag(i) != 0, i);
            } else if (to.isInteger()) {
                long v = from.isInteger() ? src.getLong(i)
                        : to == DType.I32 ? (int) src.getReal(i) : (long) src.getReal(i);
                out.setLong(to == DType.I32 ? (int) v : v, i);
            } else if (to.isComplex()) {
                out.setComplex(real(src, i), src.getImag(i), i);
            } else {
                out.set(real(src, i), i);
            }
        });
    }

    private static double real(TensorRead src, int[] i) {
        return src.dtype().isInteger() ? (double) src.getLong(i) : src.getReal(i);
    }

    // ------------------------------------------------------------------ reductions

    @Override
    public void reduceInto(ReduceOp op, TensorRead x, int[] axes, TensorWrite out) {
        hookCalls++;
        String n = name(op);
        int[] shape = OperandChecks.reducedShape(n, x, axes);
        OperandChecks.requireDtype(n, "out", out, ReductionOps.resultType(op, x.dtype()));
        OperandChecks.requireShape(n, "out", shape, out);
        OperandChecks.requireWritable(n, out);
        OperandChecks.requireNoAlias(n, out, x, "x");
        boolean[] reduced = new boolean[x.rank()];
        int[] reducedShape = new int[axes.length];
        for (int k = 0; k < axes.length; k++) {
            reduced[axes[k]] = true;
            reducedShape[k] = x.dim(axes[k]);
            if ((op == ReduceOp.MAX || op == ReduceOp.MIN) && x.dim(axes[k]) == 0) {
                throw ValidationException.invalidAxisArgument(n, "axes", axes[k], "a non-empty axis (" + n
                        + " has no identity)", "extent 0");
            }
        }
        forEachIndex(shape, o -> {
            double[] acc = {op == ReduceOp.PROD ? 1 : op == ReduceOp.MAX ? Double.NEGATIVE_INFINITY
                    : op == ReduceOp.MIN ? Double.POSITIVE_INFINITY : 0, 0};
            int[] count = {0};
            forEachIndex(reducedShape, r -> {
                int[] full = new int[x.rank()];
                for (int a = 0, j = 0; a < x.rank(); a++) {
                    full[a] = reduced[a] ? r[indexOf(axes, a)] : o[j++];
                }
                double re = real(x, full);
                double im = x.getImag(full);
                count[0]++;
                switch (op) {
                    case SUM: case MEAN: acc[0] += re; acc[1] += im; break;
                    case PROD: {
                        double pr = acc[0] * re - acc[1] * im;
                        acc[1] = acc[0] * im + acc[1] * re;
                        acc[0] = pr;
                        break;
                    }
                    case MAX: acc[0] = Math.max(acc[0], re); break;
                    case MIN: acc[0] = Math.min(acc[0], re); break;
                    default: acc[0] += re * re + im * im; break;
                }
            });
            if (op == ReduceOp.MEAN) {
                acc[0] /= count[0];
                acc[1] /= count[0];
            }
            if (out.dtype().isComplex()) {
                out.setComplex(acc[0], acc[1], o);
            } else if (out.dtype().isInteger()) {
                out.setLong(out.dtype() == DType.I32 ? (int) (long) acc[0] : (long) acc[0], o);
            } else {
                out.set(acc[0], o);
            }
        });
    }

    private static int indexOf(int[] values, int v) {
        for (int k = 0; k < values.length; k++) {
            if (values[k] == v) {
                return k;
            }
        }
        return -1;
    }

    // ------------------------------------------------------------------ gather / scatter (StableHLO)

    @Override
    public void gatherInto(TensorRead operand, TensorRead startIndices, GatherConfig c, TensorWrite out) {
        hookCalls++;
        int[] shape = IndexingShapes.gatherShape(operand, startIndices, c);
        OperandChecks.requireDtype("gather", "out", out, operand.dtype());
        OperandChecks.requireShape("gather", "out", shape, out);
        OperandChecks.requireWritable("gather", out);
        OperandChecks.requireNoAlias("gather", out, operand, "operand");
        OperandChecks.requireNoAlias("gather", out, startIndices, "startIndices");
        int[] offsetDims = c.offsetDims();
        int[] sliceSizes = c.sliceSizes();
        forEachIndex(shape, ri -> {
            int[] batchIndex = complement(ri, offsetDims);
            int[] start = startIndex(startIndices, batchIndex, c.indexVectorDim(), c.startIndexMap().length);
            int[] operandIndex = new int[operand.rank()];
            int[] map = c.startIndexMap();
            for (int ds = 0; ds < map.length; ds++) {
                int d = map[ds];
                operandIndex[d] = Math.max(0, Math.min(start[ds], operand.dim(d) - sliceSizes[d]));
            }
            int[] ob = c.operandBatchingDims();
            int[] ib = c.startIndicesBatchingDims();
            for (int k = 0; k < ob.length; k++) {
                operandIndex[ob[k]] += batchIndex[ib[k] - (ib[k] < c.indexVectorDim() ? 0 : 1)];
            }
            int[] offsetIndex = pick(ri, offsetDims);
            for (int d = 0, k = 0; d < operand.rank(); d++) {
                if (indexOf(c.collapsedSliceDims(), d) < 0 && indexOf(ob, d) < 0) {
                    operandIndex[d] += offsetIndex[k++];
                }
            }
            copyElement(operand, operandIndex, out, ri);
        });
    }

    @Override
    public void scatterInto(TensorRead operand, TensorRead scatterIndices, TensorRead updates, ScatterConfig c,
            TensorWrite out) {
        hookCalls++;
        OperandChecks.requireOutput("scatter", out, operand.dtype(), operand);
        OperandChecks.requireDtype("scatter", "updates", updates, operand.dtype());
        OperandChecks.requireNoPartialAlias("scatter", out, operand, "operand");
        OperandChecks.requireNoAlias("scatter", out, scatterIndices, "scatterIndices");
        OperandChecks.requireNoAlias("scatter", out, updates, "updates");
        if (!OperandChecks.identicalLayout(out, operand)) {
            copyInto(operand, out);
        }
        int[] windowDims = c.updateWindowDims();
        forEachIndex(updates.shape(), ui -> {
            int[] scatterIndex = complement(ui, windowDims);
            int[] map = c.scatterDimsToOperandDims();
            int[] start = startIndex(scatterIndices, scatterIndex, c.indexVectorDim(), map.length);
            int[] resultIndex = new int[out.rank()];
            for (int ds = 0; ds < map.length; ds++) {
                resultIndex[map[ds]] = start[ds];
            }
            int[] ib = c.inputBatchingDims();
            int[] sb = c.scatterIndicesBatchingDims();
            for (int k = 0; k < ib.length; k++) {
                resultIndex[ib[k]] += scatterIndex[sb[k] - (sb[k] < c.indexVectorDim() ? 0 : 1)];
            }
            int[] window = pick(ui, windowDims);
            for (int d = 0, k = 0; d < out.rank(); d++) {
                if (indexOf(c.insertedWindowDims(), d) < 0 && indexOf(ib, d) < 0) {
                    resultIndex[d] += window[k++];
                }
            }
            for (int d = 0; d < out.rank(); d++) {
                if (resultIndex[d] < 0 || resultIndex[d] >= out.dim(d)) {
                    return; // StableHLO: out-of-bounds updates are skipped
                }
            }
            double old = out.getReal(resultIndex);
            double upd = updates.getReal(ui);
            double v;
            switch (c.mode()) {
                case ADD: v = old + upd; break;
                case MUL: v = old * upd; break;
                case MAX: v = Math.max(old, upd); break;
                case MIN: v = Math.min(old, upd); break;
                default: v = upd; break;
            }
            out.set(v, resultIndex);
        });
    }

    /** The index's components at the axes not in {@code dims}, in order. */
    private static int[] complement(int[] index, int[] dims) {
        int[] out = new int[index.length - dims.length];
        for (int a = 0, k = 0; a < index.length; a++) {
            if (indexOf(dims, a) < 0) {
                out[k++] = index[a];
            }
        }
        return out;
    }

    private static int[] pick(int[] index, int[] dims) {
        int[] out = new int[dims.length];
        for (int k = 0; k < dims.length; k++) {
            out[k] = index[dims[k]];
        }
        return out;
    }

    /** StableHLO's start_index: the index vector at {@code batchIndex}, along {@code ivd}. */
    private static int[] startIndex(TensorRead indices, int[] batchIndex, int ivd, int length) {
        int[] start = new int[length];
        for (int k = 0; k < length; k++) {
            int[] full;
            if (ivd < indices.rank()) {
                full = new int[indices.rank()];
                for (int a = 0, j = 0; a < full.length; a++) {
                    full[a] = a == ivd ? k : batchIndex[j++];
                }
            } else {
                full = batchIndex;
            }
            start[k] = (int) indices.getLong(full);
        }
        return start;
    }

    // ------------------------------------------------------------------ contraction

    @Override
    public void dotGeneralAccumulate(TensorRead lhs, TensorRead rhs, DotGeneralConfig c, Accumulation acc,
            TensorWrite out) {
        hookCalls++;
        DotGeneralShapes.checkAccumulate(lhs, rhs, c, acc, out);
        int[] lFree = freeAxes(lhs.rank(), c, true);
        int[] rFree = freeAxes(rhs.rank(), c, false);
        int[] contracted = new int[c.contractingCount()];
        for (int k = 0; k < contracted.length; k++) {
            contracted[k] = lhs.dim(c.lhsContracting(k));
        }
        forEachIndex(out.shape(), o -> {
            int[] li = new int[lhs.rank()];
            int[] rj = new int[rhs.rank()];
            int k = 0;
            for (int a : lFree) {
                li[a] = o[k++];
            }
            for (int a : rFree) {
                rj[a] = o[k++];
            }
            for (int b = 0; b < c.batchCount(); b++, k++) {
                li[c.lhsBatch(b)] = o[k];
                rj[c.rhsBatch(b)] = o[k];
            }
            double[] sum = {0, 0};
            forEachIndex(contracted, ci -> {
                for (int p = 0; p < ci.length; p++) {
                    li[c.lhsContracting(p)] = ci[p];
                    rj[c.rhsContracting(p)] = ci[p];
                }
                double ar = lhs.getReal(li);
                double ai = acc.conjugateLhs() ? -lhs.getImag(li) : lhs.getImag(li);
                double br = rhs.getReal(rj);
                double bi = acc.conjugateRhs() ? -rhs.getImag(rj) : rhs.getImag(rj);
                sum[0] += ar * br - ai * bi;
                sum[1] += ar * bi + ai * br;
            });
            double re = acc.alphaRe() * sum[0] - acc.alphaIm() * sum[1];
            double im = acc.alphaRe() * sum[1] + acc.alphaIm() * sum[0];
            if (!acc.overwrites()) {
                double or = out.getReal(o);
                double oi = out.getImag(o);
                re += acc.betaRe() * or - acc.betaIm() * oi;
                im += acc.betaRe() * oi + acc.betaIm() * or;
            }
            if (out.dtype().isComplex()) {
                out.setComplex(re, im, o);
            } else {
                out.set(re, o);
            }
        });
    }

    private static int[] freeAxes(int rank, DotGeneralConfig c, boolean lhs) {
        return java.util.stream.IntStream.range(0, rank).filter(a -> DotGeneralShapes.isFree(a, c, lhs)).toArray();
    }
}
