package org.ferrite.api.session;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.HostLanes.Kind;
import org.ferrite.api.spi.OpChecks;
import org.ferrite.api.spi.OperandChecks;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Shapes;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The portable defaults of the lane operations — {@code argmaxInto}, {@code argminInto},
 * {@code sortInto}, {@code argsortInto}, {@code cumsumInto}, {@code cumprodInto} — computed on the host:
 * a host operand is read in place (for a host provider this <em>is</em> the kernel: one pass per lane over
 * the primitive array, no copy), a device operand is first transferred to the host, and the result goes
 * to {@code out} directly when {@code out} is a compact host tensor, else through {@code transferInto}.
 * A device provider overrides the hooks to compute on the device; every provider inherits a correct one.
 *
 * <p>Every check runs before the first write: the table's dtype rule ({@link OpChecks}), the axis
 * (negative counts from the end), {@code out}'s dtype, shape, writability and placement, and aliasing
 * ({@code out} may be exactly {@code x} for {@code sortInto} and the scans, which read a lane before they
 * write it). Thread-safe (stateless; the session is the caller's). Lifetime: static helpers only.
 */
final class HostRoutines {
    private HostRoutines() {
    }

    /** NumPy's argmax ({@code max}) or argmin along {@code axis}. */
    static void argExtremeInto(CumulativeOps s, boolean max, TensorRead x, int axis, TensorWrite out) {
        OpSpec row = max ? OpTable.ARGMAX : OpTable.ARGMIN;
        String op = row.name();
        OpChecks.requireDefined(row, x.dtype());
        int a = Shapes.normalizeAxis(op, "axis", axis, x.rank());
        OperandChecks.requireDtype(op, "out", out, DType.I64);
        OperandChecks.requireShape(op, "out", OperandChecks.reducedShape(op, x, new int[] {a}), out);
        checkPlacedAndDisjoint(s, op, x, out, false);
        if (x.dim(a) == 0) {
            throw ValidationException.invalidAxisArgument(op, "axis", a, "an axis of extent >= 1 (" + op
                    + " of no elements has no index)", "extent 0");
        }
        HostLanes lanes = new HostLanes(onHost(s, x), a);
        Target target = new Target(s, out);
        LaneValues v = new LaneValues(x.dtype(), lanes.length);
        long[] result = (long[]) target.storage;
        while (lanes.next()) {
            v.read(lanes);
            result[(int) (target.offset + lanes.lane())] = LaneOrder.argExtreme(v.kind, max, v.n, v.l, v.re, v.im);
        }
        target.finish();
    }

    /** A stable ascending sort along {@code axis}: the values ({@code indices} false) or the indices. */
    static void sortInto(CumulativeOps s, boolean indices, TensorRead x, int axis, TensorWrite out) {
        OpSpec row = indices ? OpTable.ARGSORT : OpTable.SORT;
        String op = row.name();
        OpChecks.requireDefined(row, x.dtype());
        int a = Shapes.normalizeAxis(op, "axis", axis, x.rank());
        OperandChecks.requireOutput(op, out, row.resultType(x.dtype()), x);
        checkPlacedAndDisjoint(s, op, x, out, !indices);
        HostLanes lanes = new HostLanes(onHost(s, x), a);
        Target target = new Target(s, out);
        LaneValues v = new LaneValues(x.dtype(), lanes.length);
        int[] perm = new int[v.n];
        int[] scratch = new int[v.n];
        LaneOrder.Less less = LaneOrder.of(v.kind, v.l, v.re, v.im);
        DType d = x.dtype();
        while (lanes.next()) {
            v.read(lanes);
            for (int k = 0; k < v.n; k++) {
                perm[k] = k;
            }
            int[] sorted = LaneOrder.stableSort(perm, scratch, v.n, less);
            for (int k = 0; k < v.n; k++) {
                int at = (int) (target.offset + lanes.compactBase() + k * lanes.compactStride);
                int from = sorted[k];
                if (indices) {
                    ((long[]) target.storage)[at] = from;
                } else if (v.kind == Kind.INTEGRAL) {
                    HostLanes.storeLong(target.storage, d, at, v.l[from]);
                } else if (v.kind == Kind.REAL) {
                    HostLanes.storeDouble(target.storage, d, at, v.re[from]);
                } else {
                    HostLanes.storeComplex(target.storage, d, at, v.re[from], v.im[from]);
                }
            }
        }
        target.finish();
    }

    /** The running sum ({@code product} false) or product along {@code axis}, in index order. */
    static void scanInto(CumulativeOps s, boolean product, TensorRead x, int axis, TensorWrite out) {
        OpSpec row = product ? OpTable.CUMPROD : OpTable.CUMSUM;
        String op = row.name();
        OpChecks.requireDefined(row, x.dtype());
        int a = Shapes.normalizeAxis(op, "axis", axis, x.rank());
        DType outType = row.resultType(x.dtype());
        OperandChecks.requireOutput(op, out, outType, x);
        checkPlacedAndDisjoint(s, op, x, out, outType == x.dtype());
        HostLanes lanes = new HostLanes(onHost(s, x), a);
        Target target = new Target(s, out);
        LaneValues v = new LaneValues(x.dtype(), lanes.length);
        boolean single = outType == DType.F32 || outType == DType.C64;
        while (lanes.next()) {
            v.read(lanes);
            long acc = product ? 1 : 0;
            double ar = product ? 1 : 0;
            double ai = 0;
            for (int k = 0; k < v.n; k++) {
                int at = (int) (target.offset + lanes.compactBase() + k * lanes.compactStride);
                if (v.kind == Kind.INTEGRAL) {
                    acc = product ? acc * v.l[k] : acc + v.l[k];
                    HostLanes.storeLong(target.storage, outType, at, acc);
                    continue;
                }
                double br = v.re[k];
                double bi = v.kind == Kind.COMPLEX ? v.im[k] : 0;
                double r = product ? ar * br - ai * bi : ar + br;
                ai = product ? ar * bi + ai * br : ai + bi;
                ar = r;
                if (single) { // the running value in the result's precision, as NumPy's float32 loop
                    ar = (float) ar;
                    ai = (float) ai;
                }
                if (v.kind == Kind.REAL) {
                    HostLanes.storeDouble(target.storage, outType, at, ar);
                } else {
                    HostLanes.storeComplex(target.storage, outType, at, ar, ai);
                }
            }
        }
        target.finish();
    }

    /**
     * One lane's elements, as the lane routines read them: longs (integers and BOOL), doubles (real) or
     * pairs of doubles (complex); the arrays of the other kinds are null.
     */
    private static final class LaneValues {
        final Kind kind;
        final int n;
        final long[] l;
        final double[] re;
        final double[] im;

        LaneValues(DType dtype, int n) {
            this.kind = Kind.of(dtype);
            this.n = n;
            this.l = kind == Kind.INTEGRAL ? new long[n] : null;
            this.re = kind == Kind.INTEGRAL ? null : new double[n];
            this.im = kind == Kind.COMPLEX ? new double[n] : null;
        }

        void read(HostLanes lanes) {
            if (kind == Kind.INTEGRAL) {
                lanes.readLong(l);
            } else if (kind == Kind.REAL) {
                lanes.readDouble(re);
            } else {
                lanes.readComplex(re, im);
            }
        }
    }

    private static void checkPlacedAndDisjoint(StructuralOps s, String op, TensorRead x, TensorWrite out,
            boolean inPlace) {
        OperandChecks.requireWritable(op, out);
        OperandChecks.requirePlacement(op, "x", x, s.placement());
        OperandChecks.requirePlacement(op, "out", out, s.placement());
        if (inPlace) {
            OperandChecks.requireNoPartialAlias(op, out, x, "x");
        } else {
            OperandChecks.requireNoAlias(op, out, x, "x");
        }
    }

    /** @return {@code x} itself on the host, else a host copy of it (a synchronisation point) */
    private static TensorRead onHost(CumulativeOps s, TensorRead x) {
        if (x.placement().isHost()) {
            return x;
        }
        Tensor host = Tensor.zeros(x.dtype(), x.shape());
        s.transferInto(x, host);
        return host;
    }

    /**
     * Where a host default writes: {@code out}'s own storage when it is a compact host tensor, else a
     * host tensor of {@code out}'s shape that {@link #finish} transfers into {@code out}. Elements are
     * addressed column-major from {@link #offset}.
     */
    private static final class Target {
        private final CumulativeOps s;
        private final TensorWrite out;
        private final Tensor temporary;
        final Object storage;
        final long offset;

        Target(CumulativeOps s, TensorWrite out) {
            this.s = s;
            this.out = out;
            if (out.placement().isHost() && out.isColumnMajorContiguous()) {
                temporary = null;
                storage = out.storage();
                offset = out.offset();
            } else {
                temporary = Tensor.zeros(out.dtype(), out.shape());
                storage = temporary.storage();
                offset = 0;
            }
        }

        void finish() {
            if (temporary != null) {
                s.transferInto(temporary, out);
            }
        }
    }
}
