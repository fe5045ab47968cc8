package org.ferrite.linalg;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.ferrite.api.session.Accumulation;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * The truncated SVD by randomized subspace iteration ({@link SvdAlgorithm#RANDOMIZED}, whose Javadoc is
 * the contract), built from session products, {@link Linalg#qr} and a small {@link Linalg#svd}, so
 * every provider with the kernels runs it. Thread-safe (stateless).
 *
 * <p>Implementation notes: every intermediate comes from the session and goes back to it as soon as
 * it is consumed, and on any failure ({@link Scratch}). The test matrix Ω ({@code n × ℓ}, Gaussian
 * from {@link #SEED}) is made once per session, dtype and shape through
 * {@link BackendSession#sessionLocal}, kept on the host and read in place by a host session (a
 * device session copies it in per call); a batch reads it as a broadcast view.
 */
final class RandomizedSvd {
    /** The seed of Ω: results are a deterministic function of A. */
    static final long SEED = 0x5EED_F00D_CAFEL;

    private RandomizedSvd() {
    }

    /** The per-session cache key of Ω. */
    private record SketchKey(DType dtype, long rows, long columns) {
    }

    /**
     * @param s the session
     * @param a the matrices {@code [m, n, b…]}, non-empty
     * @param options the options, with a rank limit
     * @return the leading triplets, truncated, tolerances and gauge applied as {@link SvdOptions} says
     */
    static Svd svd(BackendSession s, TensorRead a, SvdOptions options) {
        long m = a.dim(0);
        long n = a.dim(1);
        long l = Math.min(Math.min(options.maxRank(), Math.min(m, n)) + SvdAlgorithm.OVERSAMPLING, Math.min(m, n));
        DotGeneralConfig product = product(a.rank() - 2);
        Svd approx;
        try (Scratch scratch = new Scratch(s)) {
            TensorRead omega = sketch(s, scratch, a.dtype(), n, l);
            TensorRead omegas = a.rank() == 2 ? omega
                    : omega.broadcastInDim(LinalgShapes.matrixShape(n, l, a), new int[] {0, 1});
            Tensor q = orthonormalBasis(s, scratch, scratch.keep(s.dotGeneral(a, omegas, product)));
            for (int i = 0; i < SvdAlgorithm.POWER_ITERATIONS; i++) {
                Tensor w = orthonormalBasis(s, scratch, adjointTimes(s, scratch, a, q));
                scratch.release(q);
                q = orthonormalBasis(s, scratch, scratch.keep(s.dotGeneral(a, w, product)));
                scratch.release(w);
            }
            Tensor b = adjointTimes(s, scratch, q, a);                                   // Qᴴ·A [ℓ, n, b…]
            Svd small = Linalg.svd(s, b, SvdOptions.THIN.withAlgorithm(SvdAlgorithm.DIRECT));
            scratch.release(b);
            scratch.keep(small.s());
            scratch.keep(small.vh());
            Tensor u = scratch.keep(s.dotGeneral(q, scratch.keep(small.u()), product)); // Q·Ũ [m, ℓ, b…]
            scratch.release(q);
            scratch.release(small.u());
            scratch.forget(u, small.s(), small.vh());
            approx = new Svd(u, small.s(), small.vh());
        }
        Svd kept = Truncation.truncate(s, approx, options);
        return options.gauge() == PhaseGauge.NONE ? kept : SvdGauge.apply(s, kept);
    }

    /** @return {@code x·y} over axis 1 of x and axis 0 of y, the trailing {@code batch} axes batched */
    private static DotGeneralConfig product(int batch) {
        int[] axes = batchAxes(batch);
        return DotGeneralConfig.of(new int[] {1}, new int[] {0}, axes, axes);
    }

    /** @return {@code xᴴ·y} ({@code [x.dim(1), y.dim(1), b…]}), tracked by {@code scratch} */
    private static Tensor adjointTimes(BackendSession s, Scratch scratch, TensorRead x, TensorRead y) {
        int[] axes = batchAxes(x.rank() - 2);
        Tensor out = scratch.keep(s.allocate(x.dtype(), LinalgShapes.matrixShape(x.dim(1), y.dim(1), x)));
        boolean complex = x.dtype().isComplex();
        s.dotGeneralAccumulate(x, y, DotGeneralConfig.of(new int[] {0}, new int[] {0}, axes, axes),
                Accumulation.OVERWRITE.withConjugation(complex, false), out);
        return out;
    }

    private static int[] batchAxes(int batch) {
        int[] axes = new int[batch];
        for (int i = 0; i < batch; i++) {
            axes[i] = 2 + i;
        }
        return axes;
    }

    /** @return the reduced QR factor Q of {@code y} (tracked); {@code y} and R go back to the pool */
    private static Tensor orthonormalBasis(BackendSession s, Scratch scratch, Tensor y) {
        Qr f = Linalg.qr(s, y);
        scratch.release(y);
        s.reclaim(f.r());
        return scratch.keep(f.q());
    }

    /** @return Ω {@code [n, ℓ]} of {@code dtype} on the session's placement */
    private static TensorRead sketch(BackendSession s, Scratch scratch, DType dtype, long n, long l) {
        Tensor host = s.sessionLocal(new SketchKey(dtype, n, l), () -> gaussian(dtype, n, l));
        return s.placement().isHost() ? host : scratch.keep(s.to(host, s.placement()));
    }

    /** @return standard Gaussian entries (complex: each part of variance 1/2), from {@link #SEED} */
    static Tensor gaussian(DType dtype, long n, long l) {
        SplittableRandom random = new SplittableRandom(SEED);
        int count = Math.toIntExact(n * l * dtype.scalarsPerElement());
        double scale = dtype.isComplex() ? Math.sqrt(0.5) : 1;
        if (dtype.realType() == DType.F32) {
            float[] values = new float[count];
            for (int i = 0; i < count; i++) {
                values[i] = (float) (scale * random.nextGaussian());
            }
            return dtype.isComplex() ? Tensor.ofComplex(values, n, l) : Tensor.of(values, n, l);
        }
        double[] values = new double[count];
        for (int i = 0; i < count; i++) {
            values[i] = scale * random.nextGaussian();
        }
        return dtype.isComplex() ? Tensor.ofComplex(values, n, l) : Tensor.of(values, n, l);
    }

    /**
     * The intermediates of one call: what is kept goes back to the session's pool when released, and
     * everything still kept at close (a failure part way) goes back then. Confined to the call.
     */
    private static final class Scratch implements AutoCloseable {
        private final BackendSession session;
        private final List<Tensor> live = new ArrayList<>();

        Scratch(BackendSession session) {
            this.session = session;
        }

        Tensor keep(Tensor t) {
            live.add(t);
            return t;
        }

        void release(Tensor t) {
            if (drop(t)) {
                session.reclaim(t);
            }
        }

        /** Hands tensors over to the caller: they are no longer the scratch's to reclaim. */
        void forget(Tensor... tensors) {
            for (Tensor t : tensors) {
                drop(t);
            }
        }

        /** @return whether {@code t} (this very object) was kept */
        private boolean drop(Tensor t) {
            for (int i = live.size() - 1; i >= 0; i--) {
                if (live.get(i) == t) {
                    live.remove(i);
                    return true;
                }
            }
            return false;
        }

        @Override
        public void close() {
            for (Tensor t : live) {
                session.reclaim(t);
            }
            live.clear();
        }
    }
}
