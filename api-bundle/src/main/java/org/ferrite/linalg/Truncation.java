package org.ferrite.linalg;

import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * Truncation of a thin SVD by rank and tolerance, as {@link SvdOptions} defines it: the kept rank is
 * read from S on the host, then the leading triplets are copied into compact results and the full
 * factors go back to the pool. Thread-safe (stateless).
 */
final class Truncation {
    private Truncation() {
    }

    /**
     * @param s the session
     * @param full the thin factors
     * @param options the truncation
     * @return {@code full} when nothing is dropped, else the truncated factors
     */
    static Svd truncate(BackendSession s, Svd full, SvdOptions options) {
        long k = full.s().dim(0);
        long r = keptRank(s, full.s(), options);
        if (r == k) {
            return full;
        }
        Tensor u = s.toContiguous(full.u().slice(1, 0, r, 1));
        Tensor values = s.toContiguous(full.s().slice(0, 0, r, 1));
        Tensor vh = s.toContiguous(full.vh().slice(0, 0, r, 1));
        Portable.reclaim(s, full.u(), full.s(), full.vh());
        return new Svd(u, values, vh);
    }

    /** @return the largest count kept over the members ({@link SvdOptions}' rule) */
    private static long keptRank(BackendSession s, Tensor values, SvdOptions options) {
        long k = values.dim(0);
        long limit = Math.min(k, options.maxRank());
        if (limit == 0 || values.size() == 0) {
            return limit; // no member to measure: keep what the rank limit allows
        }
        TensorRead host = values.placement().isHost() ? values : s.toHost(values);
        long members = values.size() / k;
        long kept = 0;
        for (long member = 0; member < members && kept < limit; member++) {
            double largest = host.getReal(index(host, 0, member));
            double cut = Math.max(options.atol(), options.rtol() * largest);
            long count = 0;
            while (count < limit && host.getReal(index(host, count, member)) > cut) {
                count++;
            }
            kept = Math.max(kept, count);
        }
        return kept;
    }

    /** @return the multi-index of entry {@code j} of member {@code member} of a {@code [k, b…]} tensor */
    private static long[] index(TensorRead values, long j, long member) {
        long[] index = new long[values.rank()];
        index[0] = j;
        long rest = member;
        for (int axis = 1; axis < index.length; axis++) {
            index[axis] = rest % values.dim(axis);
            rest /= values.dim(axis);
        }
        return index;
    }
}
