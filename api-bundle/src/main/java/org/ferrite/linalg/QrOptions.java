package org.ferrite.linalg;

/**
 * How {@link Linalg#qr(org.ferrite.api.session.BackendSession, org.ferrite.api.tensor.TensorRead,
 * QrOptions)} factors {@code A = Q·R} for an {@code m × n} A, {@code k = min(m, n)}: reduced (Q
 * {@code m × k}, R {@code k × n}) or complete (Q {@code m × m} unitary, R {@code m × n}), and whether
 * the diagonal of R is made real and non-negative.
 *
 * <p>The <b>positive-diagonal gauge</b> multiplies column {@code j} of Q by the phase
 * {@code d_j = R[j, j]/|R[j, j]|} and row {@code j} of R by {@code conj(d_j)} ({@code d_j = 1} where
 * {@code R[j, j] = 0}; columns {@code k…} of a complete Q are left as they are). {@code Q·R} is
 * unchanged, and for a full-rank A the factors are then unique — the same from every tier and provider.
 * Without it the diagonal's signs (phases) are the kernel's (LAPACK makes them {@code −sign(a_jj)}).
 *
 * <pre>{@code
 * Qr f = Linalg.qr(s, a, QrOptions.REDUCED.withPositiveDiagonal(true));
 * Qr g = Linalg.qr(s, a, QrOptions.COMPLETE);
 * }</pre>
 *
 * <p>Thread-safe (immutable); a value that lives as long as it is referenced.
 *
 * @param complete complete factors instead of reduced ones
 * @param positiveDiagonal make R's diagonal real and non-negative
 */
public record QrOptions(boolean complete, boolean positiveDiagonal) {
    /** Reduced factors, no gauge (the default of {@code Linalg.qr}). */
    public static final QrOptions REDUCED = new QrOptions(false, false);
    /** Complete factors, no gauge. */
    public static final QrOptions COMPLETE = new QrOptions(true, false);

    /**
     * @param positive make R's diagonal real and non-negative
     * @return a copy with that gauge
     */
    public QrOptions withPositiveDiagonal(boolean positive) {
        return new QrOptions(complete, positive);
    }

    /**
     * @param m rows of A
     * @param n columns of A
     * @return columns of Q: {@code m} when complete, else {@code min(m, n)}
     */
    public long qColumns(long m, long n) {
        return complete ? m : Math.min(m, n);
    }

    /**
     * @param m rows of A
     * @param n columns of A
     * @return rows of R: {@code m} when complete, else {@code min(m, n)}
     */
    public long rRows(long m, long n) {
        return complete ? m : Math.min(m, n);
    }
}
