package org.ferrite.opencl.internal.kernel;

import java.util.Set;
import org.ferrite.api.session.OpTable;
import org.ferrite.api.session.ScatterMode;
import org.ferrite.api.tensor.DType;

/**
 * Writes the kernels that move elements without computing on them — strided copies, {@code select},
 * StableHLO {@code gather}, by element size (4 bytes move a {@code uint} whether it holds an I32 or an
 * F32, bit for bit) — and StableHLO {@code scatter}, per dtype and mode.
 *
 * <p>Gather: one work item per output element; {@code operand_index = clamp(start) + batching + offset},
 * the start indices clamped to {@code [0, dim - slice_size]}. Scatter: a single work item walks the
 * updates in column-major order, so that duplicate indices combine in index order (with REPLACE the last
 * wins) and the result is deterministic; an update whose window leaves the operand is skipped whole. Both
 * read their configuration from a plan ({@code IndexingPlans}) and index at most
 * {@link KernelSource#MAX_INDEXED_RANK} axes.
 *
 * <p>Not thread-safe (appends to one builder). Lifetime: one program's generation.
 */
final class IndexingWriter {
    private static final String GATHER = """
            __kernel void NAME(__global const E* operand, __global const I* indices, __global E* y, __global const long* p) {
                long ri[MAXR], at[MAXR];
                long g = get_global_id(0);
                int ro = (int)p[0];
                __global const long* c = p + 1;
                long yo = c[ro];
                for (int a = 0; a < ro; a++) { long e = c[a]; ri[a] = g % e; g /= e; yo += ri[a] * c[ro + 1 + a]; }
                c += 2 * ro + 1;
                int rk = (int)c[0];
                __global const long* dims = c + 1; __global const long* opStrides = c + 2 + rk;
                __global const long* slice = c + 2 + 2 * rk; __global const long* offsetAxis = c + 2 + 3 * rk;
                __global const long* batchPos = c + 2 + 4 * rk;
                long xo = c[1 + rk];
                c += 2 + 5 * rk;
                int nMap = (int)c[0]; __global const long* map = c + 1;
                c += 1 + nMap;
                long io = c[0], ivdStride = c[1];
                int nb = (int)c[2]; __global const long* batchAxes = c + 3; __global const long* iStrides = c + 3 + nb;
                for (int j = 0; j < nb; j++) io += ri[batchAxes[j]] * iStrides[j];
                for (int d = 0; d < rk; d++) at[d] = 0;
                for (int k = 0; k < nMap; k++) {
                    int d = (int)map[k];
                    long s = (long)indices[io + k * ivdStride];
                    long hi = dims[d] - slice[d];
                    at[d] = s < 0 ? 0 : s > hi ? hi : s;
                }
                for (int d = 0; d < rk; d++) {
                    if (batchPos[d] >= 0) at[d] += ri[batchAxes[batchPos[d]]];
                    if (offsetAxis[d] >= 0) at[d] += ri[offsetAxis[d]];
                    xo += at[d] * opStrides[d];
                }
                y[yo] = operand[xo];
            }
            """;

    private static final String SCATTER = """
            __kernel void NAME(__global const I* indices, __global const T* updates, __global T* y, __global const long* p) {
                if (get_global_id(0) != 0) return;
                long ui[MAXR], at[MAXR];
                int ru = (int)p[0];
                __global const long* uExt = p + 1; __global const long* uStrides = p + 2 + ru;
                long uBase = p[1 + ru];
                __global const long* c = p + 2 + 2 * ru;
                int rk = (int)c[0];
                __global const long* dims = c + 1; long yBase = c[1 + rk]; __global const long* yStrides = c + 2 + rk;
                __global const long* window = c + 2 + 2 * rk; __global const long* windowAxis = c + 2 + 3 * rk;
                __global const long* batchPos = c + 2 + 4 * rk;
                c += 2 + 5 * rk;
                int nMap = (int)c[0]; __global const long* map = c + 1;
                c += 1 + nMap;
                long iBase = c[0], ivdStride = c[1];
                int ns = (int)c[2]; __global const long* scatterAxes = c + 3; __global const long* iStrides = c + 3 + ns;
                long total = 1;
                for (int a = 0; a < ru; a++) total *= uExt[a];
                for (long u = 0; u < total; u++) {
                    long g = u, uo = uBase;
                    for (int a = 0; a < ru; a++) { ui[a] = g % uExt[a]; g /= uExt[a]; uo += ui[a] * uStrides[a]; }
                    long io = iBase;
                    for (int j = 0; j < ns; j++) io += ui[scatterAxes[j]] * iStrides[j];
                    for (int d = 0; d < rk; d++) at[d] = 0;
                    for (int k = 0; k < nMap; k++) {
                        long s = (long)indices[io + k * ivdStride];
                        at[map[k]] = s < LONG_MIN / 2 ? LONG_MIN / 2 : s > LONG_MAX / 2 ? LONG_MAX / 2 : s;
                    }
                    int inside = 1;
                    for (int d = 0; d < rk; d++) {
                        if (batchPos[d] >= 0) at[d] += ui[scatterAxes[batchPos[d]]];
                        inside &= at[d] >= 0 && at[d] + window[d] <= dims[d];
                    }
                    if (!inside) continue;
                    long yo = yBase;
                    for (int d = 0; d < rk; d++) {
                        if (windowAxis[d] >= 0) at[d] += ui[windowAxis[d]];
                        yo += at[d] * yStrides[d];
                    }
                    y[yo] = COMBINE(y[yo], updates[uo]);
                }
            }
            """;

    private static final DType[] INDEX_TYPES = {DType.I32, DType.I64};

    private final StringBuilder s;
    private final ScalarCode scalars;

    IndexingWriter(StringBuilder s, ScalarCode scalars) {
        this.s = s;
        this.scalars = scalars;
    }

    void scatter(DType d) {
        String t = ClTypes.storage(d);
        for (ScatterMode mode : ScatterMode.values()) {
            if (!OpTable.accepts(mode, d)) {
                continue;
            }
            String f = "f_" + ClTypes.tag(mode);
            s.append("inline ").append(t).append(' ').append(f).append('(').append(t).append(" a, ").append(t)
                    .append(" b) { ").append(scalars.scatter(mode, d)).append(" }\n");
            for (DType index : INDEX_TYPES) {
                s.append(SCATTER.replace("NAME", KernelNames.scatter(mode, d, index)).replace("MAXR",
                        String.valueOf(KernelSource.MAX_INDEXED_RANK)).replace("COMBINE", f)
                        .replace("__global const I*", "__global const " + ClTypes.storage(index) + "*")
                        .replace("T*", t + "*"));
            }
        }
    }

    /** Copies, selects and gathers for every element size in {@code sizes}. */
    void moves(Set<Integer> sizes) {
        for (int bytes : sizes) {
            String e = ClTypes.bits(bytes);
            s.append("__kernel void ").append(KernelNames.copy(bytes)).append("(__global const ").append(e)
                    .append("* x, __global ").append(e).append("* y, __global const long* p) { long o[2];"
                            + " OFFSETS(p, get_global_id(0), 2, o); y[o[1]] = x[o[0]]; }\n");
            s.append("__kernel void ").append(KernelNames.select(bytes, true)).append("(__global const uchar* c, long oc,"
                    + " __global const ").append(e).append("* t, long ot, __global const ").append(e)
                    .append("* f, long of, __global ").append(e).append("* y, long oy) { long i = get_global_id(0);"
                            + " y[oy + i] = c[oc + i] ? t[ot + i] : f[of + i]; }\n");
            s.append("__kernel void ").append(KernelNames.select(bytes, false)).append("(__global const uchar* c,"
                    + " __global const ").append(e).append("* t, __global const ").append(e).append("* f, __global ")
                    .append(e).append("* y, __global const long* p) { long o[4]; OFFSETS(p, get_global_id(0), 4, o);"
                            + " y[o[3]] = c[o[0]] ? t[o[1]] : f[o[2]]; }\n");
            for (DType index : INDEX_TYPES) {
                s.append(GATHER.replace("NAME", KernelNames.gather(bytes, index)).replace("MAXR",
                        String.valueOf(KernelSource.MAX_INDEXED_RANK)).replace("E*", e + "*")
                        .replace("const I*", "const " + ClTypes.storage(index) + "*"));
            }
        }
    }
}
