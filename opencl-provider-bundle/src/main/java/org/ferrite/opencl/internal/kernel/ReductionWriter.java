package org.ferrite.opencl.internal.kernel;

import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.tensor.DType;

/**
 * Writes the kernels that sum over an inner index set for each element of an outer one: the reductions
 * ({@code out[j] = ⊕_i x[j, i]}, one work item per output element, the reduced indices visited in
 * column-major order with the innermost reduced axis as the tight loop) and the general contraction of
 * {@code dotGeneralAccumulate} ({@code out[l, r, b] = alpha · Σ_c op(lhs)[l, c, b] · op(rhs)[r, c, b] +
 * beta · out[l, r, b]}, one work item per output element; {@code op} the optional conjugation; with
 * {@code beta == 0} the old output is not read). Integers accumulate in the unsigned type (wrapping),
 * floating values in the compute type, rounded once on store.
 *
 * <p>Plans: the outer block has the output first ({@code [out, x]}, {@code [out, lhs, rhs]}); the inner
 * block {@code [rank, extents…, strides of x]} or {@code [rank, extents…, strides of lhs…, strides of
 * rhs…]}.
 *
 * <p>Not thread-safe (appends to one builder). Lifetime: one program's generation.
 */
final class ReductionWriter {
    private static final String INNER_LOOP = """
                __global const long* q = INNER(p, K_);
                int rr = (int)q[0];
                long n = 1;
                for (int a = 0; a < rr; a++) n *= q[1 + a];
                long inner = rr > 0 ? q[1] : 1;
                long outer = inner == 0 ? 0 : n / inner;
                long s0 = rr > 0 ? q[1 + rr] : 0;
                long s1 = rr > 0 ? q[1 + 2 * rr] : 0;
                for (long j = 0; j < outer; j++) {
                    long t = j, b0 = o[1], b1 = o[K_ - 1];
                    for (int a = 1; a < rr; a++) {
                        long e = q[1 + a]; long c = t % e; t /= e;
                        b0 += c * q[1 + rr + a]; b1 += c * q[1 + 2 * rr + a];
                    }
                    for (long k = 0; k < inner; k++) { STEP }
                }
            """;

    private final StringBuilder s;
    private final ScalarCode scalars;
    private final ClTypes types;

    ReductionWriter(StringBuilder s, ScalarCode scalars, ClTypes types) {
        this.s = s;
        this.scalars = scalars;
        this.types = types;
    }

    void reduce(DType d) {
        String t = ClTypes.storage(d);
        for (ReduceOp op : ReduceOp.values()) {
            if (!scalars.writes(OpTable.of(op), d)) {
                continue;
            }
            String[] parts = scalars.reduce(op, d);
            String result = ClTypes.storage(OpTable.of(op).resultType(d));
            s.append("__kernel void ").append(KernelNames.reduce(op, d)).append("(__global const ").append(t)
                    .append("* x, __global ").append(result).append("* y, __global const long* p) {\n")
                    .append("    long o[2]; OFFSETS(p, get_global_id(0), 2, o);\n")
                    .append("    ").append(parts[0]).append(" acc = ").append(parts[1]).append(";\n")
                    .append(INNER_LOOP.replace("K_", "2").replace("STEP", t + " v = x[b0 + k * s0]; " + parts[2]))
                    .append("    y[o[0]] = ").append(parts[3]).append(";\n}\n");
        }
    }

    void dot(DType d) {
        String t = ClTypes.storage(d);
        String scalar = types.fp64() ? "double2" : "float2";
        String acc;
        String step;
        String finish;
        if (d.isInteger()) {
            String u = d == DType.I32 ? "uint" : "ulong";
            String as = d == DType.I32 ? "as_int" : "as_long";
            acc = u + " acc = 0;";
            step = "acc += (" + u + ")l[b0 + k * s0] * (" + u + ")r[b1 + k * s1];";
            finish = u + " res = (" + u + ")(long)alpha.x * acc; if (beta.x != 0) res += (" + u + ")(long)beta.x * ("
                    + u + ")y[o[0]]; y[o[0]] = " + as + "(res);";
        } else if (d.isComplex()) {
            String r = types.real(d);
            String c = types.complex(d);
            acc = c + " acc = (" + c + ")((" + r + ")0, (" + r + ")0);";
            step = c + " lv = convert_" + c + "(l[b0 + k * s0]); " + c + " rv = convert_" + c + "(r[b1 + k * s1]);"
                    + " if (conjL) lv.y = -lv.y; if (conjR) rv.y = -rv.y; acc += cmul_" + r + "(lv, rv);";
            finish = c + " res = cmul_" + r + "(convert_" + c + "(alpha), acc); if (beta.x != 0 || beta.y != 0) res +="
                    + " cmul_" + r + "(convert_" + c + "(beta), convert_" + c + "(y[o[0]])); y[o[0]] = convert_" + t
                    + "(res);";
        } else {
            String r = types.real(d);
            acc = r + " acc = 0;";
            step = "acc += (" + r + ")l[b0 + k * s0] * (" + r + ")r[b1 + k * s1];";
            finish = r + " res = (" + r + ")alpha.x * acc; if (beta.x != 0) res += (" + r + ")beta.x * (" + r
                    + ")y[o[0]]; y[o[0]] = (" + t + ")res;";
        }
        s.append("__kernel void ").append(KernelNames.dot(d)).append("(__global const ").append(t)
                .append("* l, __global const ").append(t).append("* r, __global ").append(t)
                .append("* y, __global const long* p, ").append(scalar).append(" alpha, ").append(scalar)
                .append(" beta, int conjL, int conjR) {\n")
                .append("    long o[3]; OFFSETS(p, get_global_id(0), 3, o);\n    ").append(acc).append('\n')
                .append(INNER_LOOP.replace("K_", "3").replace("STEP", step))
                .append("    ").append(finish).append("\n}\n");
    }
}
