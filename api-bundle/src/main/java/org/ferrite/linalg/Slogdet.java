package org.ferrite.linalg;

import java.util.Objects;
import org.ferrite.api.tensor.Tensor;

/**
 * The sign and the natural logarithm of the absolute value of the determinant of every member of an
 * {@code [n, n, batch…]} tensor, {@code det = sign·exp(logAbsDet)} (NumPy's {@code slogdet}):
 * {@code sign} is {@code [batch…]} of A's dtype — ±1 for real A, a unit complex number for complex A,
 * 0 for a singular A — and {@code logAbsDet} is {@code [batch…]} of A's real type ({@code −∞} for a
 * singular A). It neither overflows nor underflows where {@code det} would.
 *
 * <pre>{@code
 * Slogdet d = Linalg.slogdet(s, a);
 * double logDet = d.logAbsDet().getDouble();   // an unbatched A
 * }</pre>
 *
 * <p>Thread-safe (immutable; the tensors are not synchronised, see {@link Tensor}). Lifetime: the
 * tensors were allocated through the session and are the caller's.
 *
 * @param sign the sign (phase) of the determinant
 * @param logAbsDet {@code log|det|}
 */
public record Slogdet(Tensor sign, Tensor logAbsDet) {
    /**
     * Checks non-null components.
     *
     * @param sign the sign
     * @param logAbsDet the log of the absolute value
     */
    public Slogdet {
        Objects.requireNonNull(sign, "sign");
        Objects.requireNonNull(logAbsDet, "logAbsDet");
    }
}
