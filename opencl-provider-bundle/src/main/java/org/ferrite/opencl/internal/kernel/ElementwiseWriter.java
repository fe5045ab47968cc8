package org.ferrite.opencl.internal.kernel;

import java.util.Set;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.session.CompareOp;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.UnaryOp;
import org.ferrite.api.tensor.DType;

/**
 * Writes the elementwise kernels: for each accepted pair (its output of the row's result dtype: F64 for
 * {@code atan2} and the analytic functions of integers, which read the integers themselves), an inline
 * function with the formula and two kernels over it — {@code _c}, one work item per element of compact operands ({@code out[oc + i] =
 * f(a[oa + i], b[ob + i])}), and {@code _s}, one work item per element at the strides of a layout plan.
 * An output may be exactly an input: each work item reads its element before it writes it.
 *
 * <p>The integer operations with a domain limit (DIV, REM, FLOOR_DIVIDE, REMAINDER: a divisor 0; POW: a
 * negative exponent) are preceded, at launch, by a check kernel over the right operand that records the
 * failure in the session's error word ({@code err[0]}: the first failing launch's code, {@code err[1]}: the last); the operation's
 * own kernel then finds its code in {@code err[1]} and writes nothing.
 *
 * <p>Not thread-safe (appends to one builder). Lifetime: one program's generation.
 */
final class ElementwiseWriter {
    private final StringBuilder s;
    private final ScalarCode scalars;

    ElementwiseWriter(StringBuilder s, ScalarCode scalars) {
        this.s = s;
        this.scalars = scalars;
    }

    void binary(DType d) {
        String t = ClTypes.storage(d);
        for (BinaryOp op : BinaryOp.values()) {
            if (!scalars.writes(OpTable.of(op), d)) {
                continue;
            }
            String r = ClTypes.storage(OpTable.of(op).resultType(d));
            String f = "f_" + ClTypes.tag(op);
            s.append("inline ").append(r).append(' ').append(f).append('(').append(t).append(" a, ").append(t)
                    .append(" b) { ").append(scalars.binary(op, d)).append(" }\n");
            String guard = KernelNames.isChecked(op, d) ? "if (err[1] == code) return; " : "";
            s.append("__kernel void ").append(KernelNames.binary(op, d, true)).append("(__global const ").append(t)
                    .append("* a, long oa, __global const ").append(t).append("* b, long ob, __global ").append(r)
                    .append("* c, long oc, __global const int* err, int code) { long i = get_global_id(0); ")
                    .append(guard).append("c[oc + i] = ").append(f).append("(a[oa + i], b[ob + i]); }\n");
            s.append("__kernel void ").append(KernelNames.binary(op, d, false)).append("(__global const ").append(t)
                    .append("* a, __global const ").append(t).append("* b, __global ").append(r)
                    .append("* c, __global const long* p, __global const int* err, int code) { ").append(guard)
                    .append("long o[3]; OFFSETS(p, get_global_id(0), 3, o); c[o[2]] = ").append(f)
                    .append("(a[o[0]], b[o[1]]); }\n");
        }
        if (d.isInteger()) {
            check(d, true, "v == 0");
            check(d, false, "v < 0");
        }
    }

    private void check(DType d, boolean zero, String condition) {
        s.append("__kernel void ").append(KernelNames.check(d, zero)).append("(__global const ")
                .append(ClTypes.storage(d)).append("* b, __global const long* p, __global int* err, int code) {"
                        + " long o[1]; OFFSETS(p, get_global_id(0), 1, o); ").append(ClTypes.storage(d))
                .append(" v = b[o[0]]; if (").append(condition)
                .append(") { atomic_cmpxchg((volatile __global int*)err, 0, code); err[1] = code; } }\n");
    }

    void unary(DType d) {
        String t = ClTypes.storage(d);
        for (UnaryOp op : UnaryOp.values()) {
            if (!scalars.writes(OpTable.of(op), d)) {
                continue;
            }
            DType result = OpTable.of(op).resultType(d);
            String r = ClTypes.storage(result);
            String f = "f_" + ClTypes.tag(op);
            s.append("inline ").append(r).append(' ').append(f).append('(').append(t).append(" v) { ")
                    .append(scalars.unary(op, d)).append(" }\n");
            map(KernelNames.unary(op, d, true), KernelNames.unary(op, d, false), t, r, f + "(x[IX])");
        }
    }

    void compare(DType d) {
        String t = ClTypes.storage(d);
        for (CompareOp op : CompareOp.values()) {
            if (!OpTable.accepts(op, d)) {
                continue;
            }
            String f = "f_" + ClTypes.tag(op);
            s.append("inline uchar ").append(f).append('(').append(t).append(" a, ").append(t)
                    .append(" b) { return (uchar)").append(scalars.compare(op, d)).append("; }\n");
            s.append("__kernel void ").append(KernelNames.compare(op, d, true)).append("(__global const ").append(t)
                    .append("* a, long oa, __global const ").append(t).append("* b, long ob, __global uchar* c, long oc)"
                            + " { long i = get_global_id(0); c[oc + i] = ").append(f).append("(a[oa + i], b[ob + i]); }\n");
            s.append("__kernel void ").append(KernelNames.compare(op, d, false)).append("(__global const ").append(t)
                    .append("* a, __global const ").append(t).append("* b, __global uchar* c, __global const long* p) {"
                            + " long o[3]; OFFSETS(p, get_global_id(0), 3, o); c[o[2]] = ").append(f)
                    .append("(a[o[0]], b[o[1]]); }\n");
        }
    }

    /** Every cast between two of {@code dtypes}, as {@code castInto} defines it. */
    void casts(Set<DType> dtypes) {
        for (DType from : DType.values()) {
            for (DType to : DType.values()) {
                if (!dtypes.contains(from) || !dtypes.contains(to)) {
                    continue;
                }
                String expression = scalars.cast(from, to, "x[IX]");
                map(KernelNames.cast(from, to, true), KernelNames.cast(from, to, false), ClTypes.storage(from),
                        ClTypes.storage(to), expression);
            }
        }
    }

    /** The two kernels {@code y[j] = expression(x[i])} of a one-operand map; {@code IX} marks x's index. */
    private void map(String compact, String strided, String in, String out, String expression) {
        s.append("__kernel void ").append(compact).append("(__global const ").append(in).append("* x, long ox, __global ")
                .append(out).append("* y, long oy) { long i = get_global_id(0); y[oy + i] = ")
                .append(expression.replace("IX", "ox + i")).append("; }\n");
        s.append("__kernel void ").append(strided).append("(__global const ").append(in).append("* x, __global ")
                .append(out).append("* y, __global const long* p) { long o[2]; OFFSETS(p, get_global_id(0), 2, o);"
                        + " y[o[1]] = ").append(expression.replace("IX", "o[0]")).append("; }\n");
    }
}
