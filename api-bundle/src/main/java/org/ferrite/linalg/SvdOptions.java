package org.ferrite.linalg;

import java.util.Objects;
import org.ferrite.api.error.ValidationException;

/**
 * How {@link Linalg#svd(org.ferrite.api.session.BackendSession, org.ferrite.api.tensor.TensorRead,
 * SvdOptions)} decomposes {@code A = U·diag(S)·Vᴴ}: thin or full factors, the {@link PhaseGauge} of the
 * singular vectors, truncation of the thin factors by rank and tolerance, and the
 * {@link SvdAlgorithm} that computes a truncated SVD.
 *
 * <p>Truncation keeps, in each batch member, the leading singular values {@code S[j]} with
 * {@code j < maxRank} and {@code S[j] > max(atol, rtol·S[0])}; the result's rank {@code r} is the
 * largest count kept over the batch members (so every member keeps its first {@code r} triplets, and a
 * member that would keep fewer keeps them too), and {@code U}, {@code S}, {@code Vᴴ} have {@code r}
 * columns, entries and rows. {@code r} may be 0 (every member is zero below the tolerance). Truncation
 * reads S on the host (a synchronisation point on a device) and applies to thin factors only.
 *
 * <pre>{@code
 * SvdOptions bond = SvdOptions.THIN.withMaxRank(64).withTolerance(1e-10);   // χ ≤ 64, drop S < 1e-10·S[0]
 * SvdOptions fullU = SvdOptions.FULL;                                       // U m×m, Vᴴ n×n
 * SvdOptions stable = SvdOptions.THIN.withGauge(PhaseGauge.LARGEST_ENTRY_REAL_POSITIVE);
 * SvdOptions exact = bond.withAlgorithm(SvdAlgorithm.DIRECT);                  // never randomized
 * }</pre>
 *
 * <p>A rank limit small against the matrices makes {@link SvdAlgorithm#AUTO} (the default) compute the
 * leading triplets by a randomized decomposition instead of the complete one; its accuracy contract is
 * {@link SvdAlgorithm#RANDOMIZED}'s, and {@link #resolve(long, long)} says which algorithm a shape gets.
 *
 * <p>Thread-safe (immutable); a value that lives as long as it is referenced.
 *
 * @param full full factors (U {@code m × m}, Vᴴ {@code n × n}) instead of thin ones
 * @param gauge the phase gauge of the singular vectors
 * @param maxRank the most singular triplets kept, at least 0 ({@link Long#MAX_VALUE}: no limit)
 * @param rtol relative tolerance: keep {@code S[j] > rtol·S[0]}; 0 keeps every non-negative value
 * @param atol absolute tolerance: keep {@code S[j] > atol}; 0 keeps every non-negative value
 * @param algorithm how a truncated SVD is computed ({@link SvdAlgorithm#AUTO} by default)
 */
public record SvdOptions(boolean full, PhaseGauge gauge, long maxRank, double rtol, double atol,
        SvdAlgorithm algorithm) {
    /** Thin factors, no gauge, no truncation (the default of {@code Linalg.svd}). */
    public static final SvdOptions THIN = new SvdOptions(false, PhaseGauge.NONE, Long.MAX_VALUE, 0, 0);
    /** Full factors, no gauge. */
    public static final SvdOptions FULL = new SvdOptions(true, PhaseGauge.NONE, Long.MAX_VALUE, 0, 0);

    /**
     * Validates the components.
     *
     * @param full full factors
     * @param gauge the phase gauge
     * @param maxRank the rank limit
     * @param rtol the relative tolerance
     * @param atol the absolute tolerance
     * @param algorithm the truncated-SVD algorithm
     * @throws ValidationException for a negative rank limit, a negative or NaN tolerance, truncation
     *     of full factors, or full factors with {@link SvdAlgorithm#RANDOMIZED}
     */
    public SvdOptions {
        Objects.requireNonNull(gauge, "gauge");
        Objects.requireNonNull(algorithm, "algorithm");
        String op = "SvdOptions";
        if (maxRank < 0) {
            throw ValidationException.invalidArgument(op, "maxRank", ">= 0", String.valueOf(maxRank), null);
        }
        if (!(rtol >= 0) || !(atol >= 0)) {
            throw ValidationException.invalidArgument(op, rtol >= 0 ? "atol" : "rtol", "a tolerance >= 0",
                    String.valueOf(rtol >= 0 ? atol : rtol), null);
        }
        if (full && (maxRank != Long.MAX_VALUE || rtol != 0 || atol != 0)) {
            throw ValidationException.invalidArgument(op, "full", "thin factors when truncating",
                    "full factors with maxRank " + maxRank + ", rtol " + rtol + ", atol " + atol,
                    "truncation keeps leading singular triplets of the thin SVD; use SvdOptions.THIN");
        }
        if (full && algorithm == SvdAlgorithm.RANDOMIZED) {
            throw ValidationException.invalidArgument(op, "algorithm", "AUTO or DIRECT for full factors",
                    "RANDOMIZED", "the randomized SVD computes thin leading triplets; use SvdOptions.THIN"
                            + ".withMaxRank(r)");
        }
    }

    /**
     * Options with {@link SvdAlgorithm#AUTO}.
     *
     * @param full full factors
     * @param gauge the phase gauge
     * @param maxRank the rank limit
     * @param rtol the relative tolerance
     * @param atol the absolute tolerance
     * @throws ValidationException as the canonical constructor
     */
    public SvdOptions(boolean full, PhaseGauge gauge, long maxRank, double rtol, double atol) {
        this(full, gauge, maxRank, rtol, atol, SvdAlgorithm.AUTO);
    }

    /**
     * @param phaseGauge the gauge
     * @return a copy with that gauge
     */
    public SvdOptions withGauge(PhaseGauge phaseGauge) {
        return new SvdOptions(full, phaseGauge, maxRank, rtol, atol, algorithm);
    }

    /**
     * @param rank the most singular triplets to keep, {@code >= 0}
     * @return a copy with that rank limit
     */
    public SvdOptions withMaxRank(long rank) {
        return new SvdOptions(full, gauge, rank, rtol, atol, algorithm);
    }

    /**
     * @param relative keep {@code S[j] > relative·S[0]}, {@code >= 0}
     * @return a copy with that relative tolerance
     */
    public SvdOptions withTolerance(double relative) {
        return new SvdOptions(full, gauge, maxRank, relative, atol, algorithm);
    }

    /**
     * @param absolute keep {@code S[j] > absolute}, {@code >= 0}
     * @return a copy with that absolute tolerance
     */
    public SvdOptions withAbsoluteTolerance(double absolute) {
        return new SvdOptions(full, gauge, maxRank, rtol, absolute, algorithm);
    }

    /**
     * @param truncatedSvd how a truncated SVD is computed
     * @return a copy with that algorithm
     * @throws ValidationException for {@link SvdAlgorithm#RANDOMIZED} with full factors
     */
    public SvdOptions withAlgorithm(SvdAlgorithm truncatedSvd) {
        return new SvdOptions(full, gauge, maxRank, rtol, atol, truncatedSvd);
    }

    /**
     * The algorithm {@link Linalg#svd(org.ferrite.api.session.BackendSession,
     * org.ferrite.api.tensor.TensorRead, SvdOptions)} runs for {@code m × n} members under these options:
     * {@link SvdAlgorithm#DIRECT} or {@link SvdAlgorithm#RANDOMIZED}, {@link SvdAlgorithm#AUTO} decided
     * by its rule.
     *
     * <pre>{@code
     * SvdOptions.THIN.withMaxRank(16).resolve(256, 256);   // RANDOMIZED: 16 + 10 <= 256 / 2
     * SvdOptions.THIN.withMaxRank(32).resolve(64, 64);     // DIRECT: 32 + 10 > 64 / 2
     * }</pre>
     *
     * @param m rows of each member, {@code >= 0}
     * @param n columns of each member, {@code >= 0}
     * @return the algorithm that runs
     * @throws ValidationException for {@link SvdAlgorithm#RANDOMIZED} without a rank limit
     */
    public SvdAlgorithm resolve(long m, long n) {
        long k = Math.min(m, n);
        switch (algorithm) {
            case DIRECT:
                return SvdAlgorithm.DIRECT;
            case RANDOMIZED:
                if (maxRank == Long.MAX_VALUE) {
                    throw ValidationException.invalidArgument("svd", "options", "a rank limit (withMaxRank) "
                            + "for SvdAlgorithm.RANDOMIZED", "no rank limit", "the randomized SVD looks for the "
                            + "leading r triplets only; set r, or use AUTO or DIRECT");
                }
                return SvdAlgorithm.RANDOMIZED;
            default:
                boolean small = maxRank >= 1 && maxRank <= k / 2 - SvdAlgorithm.OVERSAMPLING;
                return small && k >= SvdAlgorithm.RANDOMIZED_MIN_ORDER ? SvdAlgorithm.RANDOMIZED : SvdAlgorithm.DIRECT;
        }
    }

    /** @return true if a rank limit or a tolerance is set */
    public boolean truncates() {
        return maxRank != Long.MAX_VALUE || rtol != 0 || atol != 0;
    }

    /** @return the job a kernel runs for these options: {@link SvdJob#FULL} or {@link SvdJob#THIN} */
    public SvdJob job() {
        return full ? SvdJob.FULL : SvdJob.THIN;
    }
}
