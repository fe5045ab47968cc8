package org.ferrite.examples;

import java.util.Objects;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.einsum.Einsum;
import org.ferrite.einsum.EinsumExpression;
import org.ferrite.linalg.Linalg;
import org.ferrite.linalg.Svd;
import org.ferrite.linalg.SvdAlgorithm;
import org.ferrite.linalg.SvdOptions;

/**
 * The tensor renormalization group (TRG) of Levin and Nave (PRL 99, 120601, 2007) for the free energy
 * per site of the square-lattice Ising model {@code H = −Σ_⟨ij⟩ s_i s_j} (J = 1, k_B = 1), on any
 * backend through its public API.
 *
 * <p>The partition function is a network of one tensor per site,
 * {@code T[l,u,r,d] = Σ_s W[s,l]·W[s,u]·W[s,r]·W[s,d]} with {@code W·Wᵀ} the bond's Boltzmann matrix. A
 * step splits T by a truncated SVD ({@link SvdOptions#withMaxRank} χ — randomized when χ is small against
 * the χ² × χ² matrix, {@link SvdAlgorithm#AUTO}) along one diagonal on one sublattice,
 * {@code T = F1·F3} ((l,u) | (r,d)), and along the other on the other, {@code T = F2·F4}
 * ((u,r) | (d,l)), then contracts the four halves around each plaquette — one precompiled
 * {@link EinsumExpression}, {@code lce,ubc,abr,ead->lurd} — into the tensor of a lattice with half as
 * many sites, rotated by 45°. T is divided by its largest entry {@code c_i} before step {@code i}, and
 * after {@code n} steps the {@code 2^n}-site torus is closed by a trace:
 * <pre>
 * f = −T [ Σ_{i=0..n} ln(c_i) / 2^i + ln Tr(T_n) / 2^n ]
 * </pre>
 * With 20 steps the error against Onsager is the truncation's: about 3e−6 (χ = 8) and 5e−8 (χ = 16) at
 * T = 2, 7e−5 and 4e−6 at T_c (relative).
 *
 * <pre>{@code
 * IsingTrg trg = new IsingTrg(Backends.get());
 * TrgResult r = trg.freeEnergy(2.0, 16, 20);          // opens a held session for the run
 * }</pre>
 *
 * <p>Thread-safe: an instance keeps no state of a run (a call may run on any thread; its session is
 * confined to it), only the compiled contractions, shared by every run. Lifetime: it uses the backend it
 * was given and closes nothing; results are plain values.
 */
public final class IsingTrg {
    private static final String PLAQUETTE = "lce,ubc,abr,ead->lurd";
    private static final String TRACE = "lulu->";

    private final Backend backend;
    /** The plaquette contraction, compiled per shape: the shapes change over the first steps only. */
    private final Contractions contractions = new Contractions();

    /**
     * @param backend where the runs compute
     */
    public IsingTrg(Backend backend) {
        this.backend = Objects.requireNonNull(backend, "backend");
    }

    /**
     * Runs TRG in a held session of its own.
     *
     * @param temperature T &gt; 0
     * @param chi the bond dimension kept, at least 2
     * @param steps coarse-graining steps, 1 to 60
     * @return the free energy per site and the run's statistics
     * @throws ValidationException for an argument out of range
     */
    public TrgResult freeEnergy(double temperature, int chi, int steps) {
        check(temperature, chi, steps);
        try (HeldSession held = backend.openSession()) {
            return held.withSession(s -> freeEnergy(s, temperature, chi, steps));
        }
    }

    /**
     * Runs TRG in a session the caller holds (a sweep over temperatures in one held session).
     *
     * @param s the session
     * @param temperature T &gt; 0
     * @param chi the bond dimension kept, at least 2
     * @param steps coarse-graining steps, 1 to 60
     * @return the free energy per site and the run's statistics
     * @throws ValidationException for an argument out of range
     */
    public TrgResult freeEnergy(BackendSession s, double temperature, int chi, int steps) {
        check(temperature, chi, steps);
        long start = System.nanoTime();
        Tally tally = new Tally(SvdOptions.THIN.withMaxRank(chi));
        Tensor t = s.to(siteTensor(temperature), s.placement());
        double logZ = 0;
        for (int i = 0; i < steps; i++) {
            double largest = SessionValues.scalar(s, s.max(s.abs(t)));
            t = replace(s, t, s.mul(t, 1 / largest));
            logZ += Math.scalb(Math.log(largest), -i);
            t = replace(s, t, i == 0 ? firstStep(s, temperature, largest) : coarseGrain(s, t, tally));
        }
        double largest = SessionValues.scalar(s, s.max(s.abs(t)));
        Tensor last = replace(s, t, s.mul(t, 1 / largest));
        double trace = SessionValues.scalar(s, Einsum.einsum(s, TRACE, last));              // the 2^n-site torus
        s.reclaim(last);
        logZ += Math.scalb(Math.log(largest) + Math.log(trace), -steps);
        RunStats stats = tally.stats(backend.name(), System.nanoTime() - start);
        return new TrgResult(temperature, chi, steps, -temperature * logZ, stats);
    }

    /** @return the tensor of the next, coarser lattice; {@code t} is left to the caller */
    private Tensor coarseGrain(BackendSession s, Tensor t, Tally tally) {
        long dl = t.dim(0);
        long du = t.dim(1);
        double norm = SessionValues.scalar(s, s.sumSquares(t));
        Tensor[] a = split(s, t.reshape(dl * du, dl * du), norm, tally);                   // (l,u) | (r,d)
        Tensor rotated = s.toContiguous(t.permute(1, 2, 3, 0));                             // [u, r, d, l]
        Tensor[] b = split(s, rotated.reshape(du * dl, du * dl), norm, tally);             // (u,r) | (d,l)
        s.reclaim(rotated);
        long ka = a[0].dim(1);
        long kb = b[0].dim(1);
        Tensor next = plaquette(s, a[0].reshape(dl, du, ka), a[1].reshape(ka, dl, du), b[0].reshape(du, dl, kb),
                b[1].reshape(kb, du, dl));
        SessionValues.reclaim(s, a[0], a[1], b[0], b[1]);
        return next;
    }

    /**
     * The first step without SVDs: the site tensor divided by {@code largest} splits exactly, with rank 2,
     * along either diagonal, {@code F[x,y,s] = W[s,x]·W[s,y]/√largest} ({@code F1} and {@code F2}) and
     * {@code G[s,x,y]}, the same values ({@code F3} and {@code F4}). (It also keeps the exactly rank-2
     * 4 × 4 matrices away from the SVD kernels.)
     */
    private Tensor firstStep(BackendSession s, double temperature, double largest) {
        double[][] w = boltzmannRoot(temperature);
        double[] left = new double[8];
        double[] right = new double[8];
        double scale = 1 / Math.sqrt(largest);
        for (int x = 0; x < 2; x++) {
            for (int y = 0; y < 2; y++) {
                for (int spin = 0; spin < 2; spin++) {
                    left[x + 2 * y + 4 * spin] = scale * w[spin][x] * w[spin][y];
                    right[spin + 2 * x + 4 * y] = scale * w[spin][x] * w[spin][y];
                }
            }
        }
        Tensor f = s.to(Tensor.of(left, 2, 2, 2), s.placement());
        Tensor g = s.to(Tensor.of(right, 2, 2, 2), s.placement());
        Tensor next = plaquette(s, f, g, f, g);
        SessionValues.reclaim(s, f, g);
        return next;
    }

    /** @return the tensor on the plaquette of the four halves {@code F1 [l,u,m]}, {@code F3 [m,r,d]}, … */
    private Tensor plaquette(BackendSession s, TensorRead f1, TensorRead f3, TensorRead f2, TensorRead f4) {
        return contractions.of(PLAQUETTE, f3, f4, f1, f2).evaluate(s, f3, f4, f1, f2);
    }

    /**
     * @return {@code [U·√S, √S·Vᴴ]} of the truncated SVD of {@code m}, whose squared norm is {@code norm}
     */
    private static Tensor[] split(BackendSession s, TensorRead m, double norm, Tally tally) {
        Svd f = Linalg.svd(s, m, tally.truncation);
        tally.count(tally.truncation.resolve(m.dim(0), m.dim(1)), norm, SessionValues.scalar(s, s.sumSquares(f.s())));
        long k = f.rank();
        Tensor root = s.sqrt(f.s());
        Tensor left = s.mul(f.u(), root.broadcastInDim(new long[] {m.dim(0), k}, new int[] {1}));
        Tensor right = s.mul(f.vh(), root.broadcastInDim(new long[] {k, m.dim(1)}, new int[] {0}));
        SessionValues.reclaim(s, f.u(), f.s(), f.vh(), root);
        return new Tensor[] {left, right};
    }

    /**
     * @param temperature T
     * @return {@code T[l,u,r,d] = Σ_s W[s,l]·W[s,u]·W[s,r]·W[s,d]},
     *     {@code W = [[√cosh β, √sinh β], [√cosh β, −√sinh β]]}, on the host
     */
    static Tensor siteTensor(double temperature) {
        double[][] w = boltzmannRoot(temperature);
        double[] t = new double[16];
        for (int index = 0; index < 16; index++) {
            int l = index & 1;
            int u = (index >> 1) & 1;
            int r = (index >> 2) & 1;
            int d = (index >> 3) & 1;
            for (int spin = 0; spin < 2; spin++) {
                t[index] += w[spin][l] * w[spin][u] * w[spin][r] * w[spin][d];
            }
        }
        return Tensor.of(t, 2, 2, 2, 2);
    }

    /** @return {@code W} with {@code W·Wᵀ = [[e^β, e^−β], [e^−β, e^β]]}, {@code W[spin][leg]} */
    private static double[][] boltzmannRoot(double temperature) {
        double beta = 1 / temperature;
        return new double[][] {{Math.sqrt(Math.cosh(beta)), Math.sqrt(Math.sinh(beta))},
            {Math.sqrt(Math.cosh(beta)), -Math.sqrt(Math.sinh(beta))}};
    }

    private static Tensor replace(BackendSession s, Tensor old, Tensor next) {
        s.reclaim(old);
        return next;
    }

    private static void check(double temperature, int chi, int steps) {
        String op = "IsingTrg.freeEnergy";
        if (!(temperature > 0) || Double.isInfinite(temperature)) {
            throw ValidationException.invalidArgument(op, "temperature", "a finite T > 0", String.valueOf(temperature),
                    null);
        }
        if (chi < 2) {
            throw ValidationException.invalidArgument(op, "chi", ">= 2", String.valueOf(chi), null);
        }
        if (steps < 1 || steps > 60) {
            throw ValidationException.invalidArgument(op, "steps", "1 to 60 (a lattice of 2^steps sites)",
                    String.valueOf(steps), null);
        }
    }

    /** The counters of one run. Confined to the run's thread. */
    private static final class Tally {
        final SvdOptions truncation;
        private long svds;
        private long randomized;
        private double largestDiscarded;

        Tally(SvdOptions truncation) {
            this.truncation = truncation;
        }

        void count(SvdAlgorithm algorithm, double norm, double kept) {
            svds++;
            if (algorithm == SvdAlgorithm.RANDOMIZED) {
                randomized++;
            }
            largestDiscarded = Math.max(largestDiscarded, Math.max(0, 1 - kept / norm));
        }

        RunStats stats(String backendName, long nanos) {
            return new RunStats(backendName, nanos, svds, randomized, largestDiscarded);
        }
    }
}
