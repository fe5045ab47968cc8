package org.ferrite.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.einsum.ContractionPath;
import org.ferrite.einsum.ContractionStep;
import org.ferrite.einsum.OperandSpec;
import org.ferrite.einsum.Subscripts;

/**
 * The operands of {@link EinsumBenchmark} and their reference results, computed by plain loops: a
 * matrix product state's norm {@code <ψ|ψ>} and the 100-tensor random network of opt_einsum's greedy
 * check (the same file as the API's test resource {@code einsum/network-100.txt}). Thread-safe
 * (stateless).
 */
final class EinsumWorkloads {
    private EinsumWorkloads() {
    }

    /** A random C128 matrix product state of {@code sites} sites and its conjugate. */
    static final class Mps {
        final Subscripts subscripts;
        final Tensor[] operands;
        final double[] norm;

        private Mps(Subscripts subscripts, Tensor[] operands, double[] norm) {
            this.subscripts = subscripts;
            this.operands = operands;
            this.norm = norm;
        }
    }

    /**
     * {@code <ψ|ψ> = Σ conj(A_1)…conj(A_L)·A_1…A_L} over physical labels {@code 0..L-1}, ket bonds
     * {@code L..2L-2}, bra bonds {@code 2L-1..3L-3}, as sublists: tensors {@code A_1[s, b]},
     * {@code A_k[b, s, b']}, {@code A_L[b, s]}, then the conjugates with the bra bonds.
     */
    static Mps mps(int sites, int bond, int physical) {
        SplittableRandom rnd = new SplittableRandom(16);
        int[][] terms = new int[2 * sites][];
        Tensor[] ops = new Tensor[2 * sites];
        for (int k = 0; k < sites; k++) {
            long[] shape = k == 0 ? new long[] {physical, bond} : k == sites - 1 ? new long[] {bond, physical}
                    : new long[] {bond, physical, bond};
            double[] data = new double[2 * (int) Arrays.stream(shape).reduce(1, (x, y) -> x * y)];
            for (int i = 0; i < data.length; i++) {
                data[i] = rnd.nextDouble(-1, 1);
            }
            double[] conj = data.clone();
            for (int i = 1; i < conj.length; i += 2) {
                conj[i] = -conj[i];
            }
            ops[k] = Tensor.ofComplex(data, shape);
            ops[sites + k] = Tensor.ofComplex(conj, shape);
            terms[k] = labels(k, sites, sites);
            terms[sites + k] = labels(k, sites, 2 * sites - 1);
        }
        return new Mps(Subscripts.of(terms, new int[0]), ops, norm(ops, sites, bond, physical));
    }

    private static int[] labels(int k, int sites, int bondBase) {
        if (k == 0) {
            return new int[] {0, bondBase};
        }
        if (k == sites - 1) {
            return new int[] {bondBase + k - 1, k};
        }
        return new int[] {bondBase + k - 1, k, bondBase + k};
    }

    /** The transfer-matrix contraction {@code E ← Σ_s conj(A[s])ᵀ E A[s]}, in complex doubles. */
    private static double[] norm(Tensor[] ops, int sites, int bond, int physical) {
        double[][] e = new double[bond * bond][2]; // e[b + bond * c]: ket bond b, bra bond c
        for (int b = 0; b < bond; b++) {
            for (int c = 0; c < bond; c++) {
                double re = 0;
                double im = 0;
                for (int s = 0; s < physical; s++) {
                    double[] x = element(ops[0], s, b);
                    double[] y = element(ops[sites], s, c);
                    re += x[0] * y[0] - x[1] * y[1];
                    im += x[0] * y[1] + x[1] * y[0];
                }
                e[b + bond * c] = new double[] {re, im};
            }
        }
        for (int k = 1; k < sites; k++) {
            boolean last = k == sites - 1;
            int out = last ? 1 : bond;
            double[][] next = new double[out * out][2];
            for (int b2 = 0; b2 < out; b2++) {
                for (int c2 = 0; c2 < out; c2++) {
                    double re = 0;
                    double im = 0;
                    for (int b = 0; b < bond; b++) {
                        for (int c = 0; c < bond; c++) {
                            for (int s = 0; s < physical; s++) {
                                double[] x = last ? element(ops[k], b, s) : element(ops[k], b, s, b2);
                                double[] y = last ? element(ops[sites + k], c, s) : element(ops[sites + k], c, s, c2);
                                double[] w = e[b + bond * c];
                                double xr = w[0] * x[0] - w[1] * x[1];
                                double xi = w[0] * x[1] + w[1] * x[0];
                                re += xr * y[0] - xi * y[1];
                                im += xr * y[1] + xi * y[0];
                            }
                        }
                    }
                    next[b2 + out * c2] = new double[] {re, im};
                }
            }
            e = next;
        }
        return e[0];
    }

    private static double[] element(Tensor t, long... index) {
        return new double[] {t.getReal(index), t.getImag(index)};
    }

    /**
     * The {@code dotGeneralInto} calls an einsum plan makes, written out once from its path report (each
     * step's positions and subscripts, in the axis orders the plan uses), every intermediate a tensor
     * made here: the hand-written peer of an evaluation, with none of einsum's checks, scratch or
     * session allocations. Only for plans whose steps are all {@code DOT_GENERAL} and whose operands need
     * no preparation (every label of an operand written once and shared with another operand).
     * Thread-safe to build; {@link #run} writes the intermediates and {@code out} (one session at a time).
     */
    static final class DotGeneralSequence {
        private final TensorRead[] lhs;
        private final TensorRead[] rhs;
        private final DotGeneralConfig[] configs;
        private final TensorWrite[] outs;

        DotGeneralSequence(ContractionPath path, TensorRead[] operands, Tensor out) {
            List<TensorRead> live = new ArrayList<>(Arrays.asList(operands));
            List<String> labels = new ArrayList<>(Arrays.asList(path.subscripts().split("->")[0].split(",", -1)));
            int[] extents = new int[128];
            for (int k = 0; k < operands.length; k++) {
                for (int a = 0; a < operands[k].rank(); a++) {
                    extents[labels.get(k).charAt(a)] = (int) operands[k].dim(a);
                }
            }
            int n = path.steps().size();
            lhs = new TensorRead[n];
            rhs = new TensorRead[n];
            configs = new DotGeneralConfig[n];
            outs = new TensorWrite[n];
            for (int k = 0; k < n; k++) {
                ContractionStep step = path.steps().get(k);
                String[] terms = step.subscripts().split("->", -1);
                String[] in = terms[0].split(",");
                int[] at = step.operands();
                boolean inOrder = labels.get(at[0]).equals(in[0]) && labels.get(at[1]).equals(in[1]);
                if (step.operation() != ContractionStep.Operation.DOT_GENERAL || !inOrder
                        && !(labels.get(at[1]).equals(in[0]) && labels.get(at[0]).equals(in[1]))) {
                    throw new IllegalStateException("not a plain dotGeneral step on prepared-free operands: " + step);
                }
                lhs[k] = live.get(inOrder ? at[0] : at[1]);
                rhs[k] = live.get(inOrder ? at[1] : at[0]);
                configs[k] = config(in[0], in[1], terms[1]);
                long[] shape = new long[terms[1].length()];
                for (int a = 0; a < shape.length; a++) {
                    shape[a] = extents[terms[1].charAt(a)];
                }
                Tensor result = k == n - 1 ? out : Tensor.zeros(out.dtype(), shape);
                outs[k] = result;
                for (int p : new int[] {Math.max(at[0], at[1]), Math.min(at[0], at[1])}) {
                    live.remove(p);
                    labels.remove(p);
                }
                live.add(result);
                labels.add(terms[1]);
            }
        }

        /** Contracting: shared labels the result lacks; batch: shared labels it keeps, in its order. */
        private static DotGeneralConfig config(String a, String b, String result) {
            IntList lc = new IntList();
            IntList rc = new IntList();
            IntList lb = new IntList();
            IntList rb = new IntList();
            StringBuilder free = new StringBuilder();
            for (char c : a.toCharArray()) {
                if (b.indexOf(c) < 0) {
                    free.append(c);
                } else if (result.indexOf(c) < 0) {
                    lc.add(a.indexOf(c));
                    rc.add(b.indexOf(c));
                }
            }
            for (char c : b.toCharArray()) {
                if (a.indexOf(c) < 0) {
                    free.append(c);
                }
            }
            for (char c : result.toCharArray()) {
                if (a.indexOf(c) >= 0 && b.indexOf(c) >= 0) {
                    free.append(c);
                    lb.add(a.indexOf(c));
                    rb.add(b.indexOf(c));
                }
            }
            if (!free.toString().equals(result)) {
                throw new IllegalStateException(result + " is not dotGeneral's [free…, free…, batch…] order");
            }
            return DotGeneralConfig.of(lc.values(), rc.values(), lb.values(), rb.values());
        }

        /** Runs every step in {@code s}. */
        void run(BackendSession s) {
            for (int k = 0; k < configs.length; k++) {
                s.dotGeneralInto(lhs[k], rhs[k], configs[k], outs[k]);
            }
        }
    }

    /** A growable list of ints (setup only). */
    private static final class IntList {
        private int[] values = new int[4];
        private int size;

        void add(int v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, 2 * size);
            }
            values[size++] = v;
        }

        int[] values() {
            return Arrays.copyOf(values, size);
        }
    }

    /** The 100-tensor network and opt_einsum's greedy flop count for it. */
    static final class Network {
        final Subscripts subscripts;
        final OperandSpec[] specs;
        final double greedyFlops;

        private Network(Subscripts subscripts, OperandSpec[] specs, double greedyFlops) {
            this.subscripts = subscripts;
            this.specs = specs;
            this.greedyFlops = greedyFlops;
        }
    }

    static Network network() {
        InputStream in = EinsumWorkloads.class.getResourceAsStream("/einsum/network-100.txt");
        try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            long[] sizes = null;
            int[] output = null;
            List<int[]> tensors = new ArrayList<>();
            double flops = 0;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                String[] f = line.split(" ", 2);
                if (f[0].equals("labels")) {
                    sizes = Arrays.stream(f[1].split(" ")).mapToLong(Long::parseLong).toArray();
                } else if (f[0].equals("output")) {
                    output = Arrays.stream(f[1].split(" ")).mapToInt(Integer::parseInt).toArray();
                } else if (f[0].equals("tensor")) {
                    tensors.add(Arrays.stream(f[1].split(" ")).mapToInt(Integer::parseInt).toArray());
                } else if (f[0].equals("flops")) {
                    flops = Double.parseDouble(f[1]);
                }
            }
            OperandSpec[] specs = new OperandSpec[tensors.size()];
            for (int k = 0; k < specs.length; k++) {
                int[] t = tensors.get(k);
                long[] shape = new long[t.length];
                for (int a = 0; a < t.length; a++) {
                    shape[a] = sizes[t[a]];
                }
                specs[k] = OperandSpec.of(DType.F64, shape);
            }
            return new Network(Subscripts.of(tensors.toArray(new int[0][]), output), specs, flops);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
