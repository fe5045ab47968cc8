package org.ferrite.examples;

import java.util.Objects;
import java.util.SplittableRandom;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.Qr;
import org.ferrite.linalg.Svd;
import org.ferrite.linalg.SvdOptions;

/**
 * A finite, open-boundary matrix product state of qubits, C128: site tensors {@code A_i [χ_{i}, 2,
 * χ_{i+1}]} with {@code χ_0 = χ_L = 1}. Norms and overlaps are transfer-matrix sweeps of one precompiled
 * einsum per shape, {@code E ← Σ conj(B_i)·E·A_i} ({@code xy,xib,yic->bc}), rescaled at every site so
 * that long chains neither overflow nor underflow; compression is the textbook two-sweep SVD
 * truncation (left-canonical by QR, then right to left by truncated SVDs).
 *
 * <pre>{@code
 * MatrixProductState psi = MatrixProductState.random(64, 32, 7);
 * Overlap norm = psi.overlap(s, psi);                       // <ψ|ψ> as log-magnitude and phase
 * Compression c = psi.compress(s, 8);                       // χ ≤ 8, with its discarded weight
 * }</pre>
 *
 * <p>Thread-safe (immutable; the site tensors are never written after construction). Lifetime: its
 * tensors are host tensors (from {@link #random}) or were allocated through the session that computed
 * them ({@link #compress}); the garbage collector reclaims them.
 */
public final class MatrixProductState {
    private static final String TRANSFER = "xy,xib,yic->bc";
    private static final String ABSORB_LEFT = "ab,bjc->ajc";
    private static final String ABSORB_RIGHT = "ajb,bc->ajc";

    private final Tensor[] sites;
    private final Contractions contractions = new Contractions();

    private MatrixProductState(Tensor[] sites) {
        this.sites = sites;
    }

    /**
     * A random state: entries uniform in the unit square of the complex plane, bonds
     * {@code χ_i = min(chi, 2^i, 2^(L−i))}, each site scaled so that the transfer maps are of order one.
     *
     * @param length the number of sites L, at least 1
     * @param chi the bond dimension, at least 1
     * @param seed the seed; equal seeds give equal states
     * @return the state, on the host
     * @throws ValidationException for a length or bond dimension below 1
     */
    public static MatrixProductState random(int length, int chi, long seed) {
        if (length < 1 || chi < 1) {
            throw ValidationException.invalidArgument("MatrixProductState.random", length < 1 ? "length" : "chi",
                    ">= 1", String.valueOf(length < 1 ? length : chi), null);
        }
        SplittableRandom random = new SplittableRandom(seed);
        Tensor[] sites = new Tensor[length];
        for (int i = 0; i < length; i++) {
            long left = bond(i, length, chi);
            long right = bond(i + 1, length, chi);
            double scale = 1 / Math.sqrt(2 * left * 2.0 / 3);
            double[] values = new double[(int) (2 * left * 2 * right)];
            for (int k = 0; k < values.length; k++) {
                values[k] = scale * random.nextDouble(-1, 1);
            }
            sites[i] = Tensor.ofComplex(values, left, 2, right);
        }
        return new MatrixProductState(sites);
    }

    /**
     * @param sites site tensors {@code [χ_i, 2, χ_{i+1}]}, {@code χ_0 = χ_L = 1}, C128
     * @return the state (the tensors are used, not copied; do not write them afterwards)
     * @throws ValidationException for shapes that do not chain or a wrong dtype
     */
    public static MatrixProductState of(Tensor... sites) {
        long bond = 1;
        for (int i = 0; i < sites.length; i++) {
            Tensor site = Objects.requireNonNull(sites[i], "sites[" + i + "]");
            boolean last = i == sites.length - 1;
            if (site.dtype() != DType.C128 || site.rank() != 3 || site.dim(0) != bond || site.dim(1) != 2
                    || last && site.dim(2) != 1) {
                throw ValidationException.invalidArgument("MatrixProductState.of", "sites[" + i + "]",
                        "C128 [" + bond + ", 2, χ" + (last ? " = 1" : "") + "]", site.dtype() + " "
                                + java.util.Arrays.toString(site.shape()), null);
            }
            bond = site.dim(2);
        }
        return new MatrixProductState(sites.clone());
    }

    private static long bond(int i, int length, int chi) {
        long fromLeft = i < 62 ? 1L << i : Long.MAX_VALUE;
        long fromRight = length - i < 62 ? 1L << (length - i) : Long.MAX_VALUE;
        return Math.min(chi, Math.min(fromLeft, fromRight));
    }

    /** @return the number of sites */
    public int length() {
        return sites.length;
    }

    /**
     * @param i a site
     * @return its tensor {@code [χ_i, 2, χ_{i+1}]} (read it, never write it)
     */
    public Tensor site(int i) {
        return sites[i];
    }

    /** @return the largest bond dimension */
    public long maxBond() {
        long largest = 1;
        for (Tensor site : sites) {
            largest = Math.max(largest, site.dim(2));
        }
        return largest;
    }

    /**
     * {@code ⟨this|ket⟩} by one left-to-right sweep.
     *
     * @param s the session
     * @param ket a state of the same length
     * @return the overlap
     * @throws ValidationException for states of different lengths
     */
    public Overlap overlap(BackendSession s, MatrixProductState ket) {
        if (ket.length() != length()) {
            throw ValidationException.invalidArgument("MatrixProductState.overlap", "ket", length() + " sites",
                    ket.length() + " sites", null);
        }
        Tensor environment = s.to(Tensor.ofComplex(new double[] {1, 0}, 1, 1), s.placement());
        double logScale = 0;
        for (int i = 0; i < sites.length; i++) {
            Tensor bra = s.conj(sites[i]);
            Tensor next = contractions.of(TRANSFER, environment, bra, ket.sites[i])
                    .evaluate(s, environment, bra, ket.sites[i]);
            double norm = Math.sqrt(SessionValues.scalar(s, s.sumSquares(next)));
            SessionValues.reclaim(s, environment, bra);
            environment = norm > 0 ? scaled(s, next, 1 / norm) : next;
            logScale += norm > 0 ? Math.log(norm) : 0;
        }
        TensorRead value = SessionValues.host(s, environment);
        double re = value.getReal(0, 0);
        double im = value.getImag(0, 0);
        s.reclaim(environment);
        return new Overlap(logScale + Math.log(Math.hypot(re, im)), Math.atan2(im, re));
    }

    /**
     * Compresses to bond dimension {@code chi}: a left-to-right QR sweep makes every site but the last
     * left-canonical, then a right-to-left sweep of truncated SVDs ({@link SvdOptions#withMaxRank})
     * keeps at most {@code chi} singular values per bond, each site right-canonical.
     *
     * @param s the session
     * @param chi the bond dimension to keep, at least 1
     * @return the compressed state (normalised) and the discarded weight
     */
    public Compression compress(BackendSession s, int chi) {
        if (chi < 1) {
            throw ValidationException.invalidArgument("MatrixProductState.compress", "chi", ">= 1", String.valueOf(chi),
                    null);
        }
        Tensor[] work = new Tensor[sites.length];
        work[0] = s.toContiguous(sites[0]);
        for (int i = 0; i + 1 < sites.length; i++) {
            Tensor site = work[i];
            Qr f = Linalg.qr(s, site.reshape(site.dim(0) * 2, site.dim(2)));
            work[i] = f.q().reshape(site.dim(0), 2, f.q().dim(1)).toTensor();
            work[i + 1] = contractions.of(ABSORB_LEFT, f.r(), sites[i + 1]).evaluate(s, f.r(), sites[i + 1]);
            SessionValues.reclaim(s, site, f.r());                  // f.q() lives on as work[i]
        }
        Tensor last = work[sites.length - 1];
        double norm = Math.sqrt(SessionValues.scalar(s, s.sumSquares(last)));
        work[sites.length - 1] = scaled(s, last, 1 / norm);
        s.reclaim(last);
        SvdOptions truncation = SvdOptions.THIN.withMaxRank(chi);
        double discarded = 0;
        for (int i = sites.length - 1; i > 0; i--) {
            Tensor site = work[i];
            long left = site.dim(0);
            TensorRead matrix = site.reshape(left, 2 * site.dim(2));
            Svd f = Linalg.svd(s, matrix, truncation);
            double total = SessionValues.scalar(s, s.sumSquares(site));
            double kept = SessionValues.scalar(s, s.sumSquares(f.s()));
            discarded += Math.max(0, (total - kept) / total);
            long k = f.rank();
            work[i] = f.vh().reshape(k, 2, site.dim(2)).toTensor();
            Tensor weights = s.cast(f.s(), DType.C128);
            Tensor us = s.mul(f.u(), weights.broadcastInDim(new long[] {left, k}, new int[] {1}));
            Tensor previous = work[i - 1];
            work[i - 1] = contractions.of(ABSORB_RIGHT, previous, us).evaluate(s, previous, us);
            SessionValues.reclaim(s, site, f.u(), f.s(), weights, us, previous);  // f.vh() lives on as work[i]
        }
        return new Compression(new MatrixProductState(work), discarded);
    }

    private static Tensor scaled(BackendSession s, Tensor t, double factor) {
        Tensor out = s.mul(t, factor);
        s.reclaim(t);
        return out;
    }

    /**
     * An overlap {@code ⟨φ|ψ⟩ = e^{logMagnitude + i·phase}}, kept as a logarithm: norms of long random
     * chains leave the range of a double.
     *
     * <p>Thread-safe (immutable).
     *
     * @param logMagnitude {@code ln|⟨φ|ψ⟩|}
     * @param phase {@code arg ⟨φ|ψ⟩}, in {@code (−π, π]}
     */
    public record Overlap(double logMagnitude, double phase) {
    }

    /**
     * A compressed state and what its truncations dropped.
     *
     * <p>Thread-safe (immutable).
     *
     * @param state the compressed, normalised state
     * @param discardedWeight the sum over bonds of {@code Σ_dropped S² / Σ S²}; it bounds the infidelity
     *     to first order ({@code 1 − |⟨ψ|φ⟩|² ≲ Σ ε}, Verstraete and Cirac 2006)
     */
    public record Compression(MatrixProductState state, double discardedWeight) {
    }
}
