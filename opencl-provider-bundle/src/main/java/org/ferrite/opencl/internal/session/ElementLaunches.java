package org.ferrite.opencl.internal.session;

import java.util.Locale;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.opencl.internal.device.DeviceScope;
import org.ferrite.opencl.internal.device.Launch;
import org.ferrite.opencl.internal.kernel.KernelNames;
import org.ferrite.opencl.internal.kernel.LayoutPlan;
import org.ferrite.opencl.internal.kernel.ProgramKey;
import org.ferrite.opencl.internal.kernel.ProgramKey.Family;
import org.jocl.CL;
import org.jocl.Sizeof;

/**
 * Queues the elementwise kernels on validated operands: the compact kernel when every operand is compact
 * (after the layout plan merged their axes), else the strided one with the plan; integer DIV, REM and POW
 * preceded by their check kernel. Copies between two compact operands are one {@code clEnqueueCopyBuffer}.
 *
 * <p>Not thread-safe: confined to the session thread. Lifetime: static helpers only.
 */
final class ElementLaunches {
    private static final ProgramKey MOVE = new ProgramKey(Family.MOVE, null);
    private static final ProgramKey CAST = new ProgramKey(Family.CAST, null);

    private ElementLaunches() {
    }

    static String name(Enum<?> op) {
        return op.name().toLowerCase(Locale.ROOT);
    }

    private static LayoutPlan plan(Operand out, Operand... in) {
        long[][] strides = new long[in.length + 1][];
        long[] offsets = new long[in.length + 1];
        for (int k = 0; k < in.length; k++) {
            strides[k] = in[k].strides();
            offsets[k] = in[k].base();
        }
        strides[in.length] = out.strides();
        offsets[in.length] = out.base();
        return LayoutPlan.of(out.shape(), strides, offsets);
    }

    static void binary(DeviceScope scope, BinaryOp op, Operand a, Operand b, Operand out) {
        String n = name(op);
        DType d = a.dtype();
        int code = -1;
        if (KernelNames.isChecked(op, d)) {
            boolean pow = op == BinaryOp.POW;
            code = scope.checkedLaunch(n, pow);
            LayoutPlan check = LayoutPlan.of(b.shape(), new long[][] {b.strides()}, new long[] {b.base()});
            scope.launch(n, new ProgramKey(Family.BINARY, d), KernelNames.check(d, !pow)).mem(b.memory())
                    .plan(check.encode()).errorWord().integer(code).run(b.size());
        }
        LayoutPlan p = plan(out, a, b);
        ProgramKey key = new ProgramKey(Family.BINARY, d);
        if (p.isCompact()) {
            scope.launch(n, key, KernelNames.binary(op, d, true)).mem(a.memory()).lng(p.offset(0)).mem(b.memory())
                    .lng(p.offset(1)).mem(out.memory()).lng(p.offset(2)).errorWord().integer(code).run(out.size());
        } else {
            scope.launch(n, key, KernelNames.binary(op, d, false)).mem(a.memory()).mem(b.memory()).mem(out.memory())
                    .plan(p.encode()).errorWord().integer(code).run(out.size());
        }
    }

    static void unary(DeviceScope scope, UnaryOp op, Operand x, Operand out) {
        map(scope, name(op), new ProgramKey(Family.UNARY, x.dtype()), KernelNames.unary(op, x.dtype(), true),
                KernelNames.unary(op, x.dtype(), false), x, out);
    }

    static void cast(DeviceScope scope, Operand x, Operand out) {
        map(scope, "cast", CAST, KernelNames.cast(x.dtype(), out.dtype(), true),
                KernelNames.cast(x.dtype(), out.dtype(), false), x, out);
    }

    private static void map(DeviceScope scope, String n, ProgramKey key, String compact, String strided, Operand x,
            Operand out) {
        LayoutPlan p = plan(out, x);
        if (p.isCompact()) {
            scope.launch(n, key, compact).mem(x.memory()).lng(p.offset(0)).mem(out.memory()).lng(p.offset(1))
                    .run(out.size());
        } else {
            scope.launch(n, key, strided).mem(x.memory()).mem(out.memory()).plan(p.encode()).run(out.size());
        }
    }

    static void compare(DeviceScope scope, CompareOp op, Operand a, Operand b, Operand out) {
        String n = name(op);
        DType d = a.dtype();
        LayoutPlan p = plan(out, a, b);
        ProgramKey key = new ProgramKey(Family.COMPARE, d);
        if (p.isCompact()) {
            scope.launch(n, key, KernelNames.compare(op, d, true)).mem(a.memory()).lng(p.offset(0)).mem(b.memory())
                    .lng(p.offset(1)).mem(out.memory()).lng(p.offset(2)).run(out.size());
        } else {
            scope.launch(n, key, KernelNames.compare(op, d, false)).mem(a.memory()).mem(b.memory()).mem(out.memory())
                    .plan(p.encode()).run(out.size());
        }
    }

    static void select(DeviceScope scope, Operand predicate, Operand onTrue, Operand onFalse, Operand out) {
        int bytes = out.dtype().byteSize();
        LayoutPlan p = plan(out, predicate, onTrue, onFalse);
        if (p.isCompact()) {
            scope.launch("select", MOVE, KernelNames.select(bytes, true)).mem(predicate.memory()).lng(p.offset(0))
                    .mem(onTrue.memory()).lng(p.offset(1)).mem(onFalse.memory()).lng(p.offset(2))
                    .mem(out.memory()).lng(p.offset(3)).run(out.size());
        } else {
            scope.launch("select", MOVE, KernelNames.select(bytes, false)).mem(predicate.memory())
                    .mem(onTrue.memory()).mem(onFalse.memory()).mem(out.memory()).plan(p.encode()).run(out.size());
        }
    }

    /** {@code out[i] = src[i]} bit for bit, any layouts (zero strides in {@code src} allowed). */
    static void copy(DeviceScope scope, String op, Operand src, Operand out) {
        LayoutPlan p = plan(out, src);
        long n = out.size();
        if (n == 0) {
            return;
        }
        int bytes = out.dtype().byteSize();
        if (p.isCompact()) {
            scope.check(op, "clEnqueueCopyBuffer", CL.clEnqueueCopyBuffer(scope.queue(), src.memory(), out.memory(),
                    p.offset(0) * bytes, p.offset(1) * bytes, n * bytes, 0, null, null));
            return;
        }
        Launch l = scope.launch(op, MOVE, KernelNames.copy(bytes)).mem(src.memory()).mem(out.memory());
        l.plan(p.encode()).run(n);
    }

    /** @return the size of one {@code long} plan entry, for callers that size buffers */
    static int longBytes() {
        return Sizeof.cl_long;
    }
}
