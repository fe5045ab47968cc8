package org.ferrite.testkit.suite;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.einsum.Subscripts;
import org.ferrite.testkit.oracle.Values;
import org.ferrite.testkit.oracle.Values.Domain;

/**
 * Generated einsum expressions for the einsum suite, independent of the implementation: a case is made
 * as label ids per axis (ellipsis dimensions as ids of their own) and rendered as NumPy's string
 * notation or as sublists; {@link EinsumOracle} evaluates the ids.
 *
 * <p>Thread-safe (stateless); cases are immutable once generated. Lifetime: static helpers only.
 */
final class EinsumCases {
    private static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    /** The most label combinations a generated case iterates (keeps the oracle fast). */
    private static final long BUDGET = 3000;

    private EinsumCases() {
    }

    /** One generated expression with host operands. */
    public static final class Case {
        /** The subscripts as the implementation receives them. */
        public final Subscripts subscripts;
        /** The string notation, or null for a sublist case. */
        public final String text;
        /** Per operand, the label id of each axis. */
        final int[][] axisLabels;
        /** The label id of each output axis. */
        final int[] outputLabels;
        /** Compact host operands. */
        public final Tensor[] operands;
        /** The result's dtype (NumPy promotion). */
        public final DType result;

        Case(Subscripts subscripts, String text, int[][] axisLabels, int[] outputLabels, Tensor[] operands) {
            this.subscripts = subscripts;
            this.text = text;
            this.axisLabels = axisLabels;
            this.outputLabels = outputLabels;
            this.operands = operands;
            DType d = operands[0].dtype();
            for (Tensor t : operands) {
                d = DType.promote(d, t.dtype());
            }
            this.result = d;
        }

        /** @return the notation and the operand shapes, for failure messages */
        public String describe() {
            StringBuilder b = new StringBuilder(subscripts.notation());
            for (Tensor t : operands) {
                b.append(' ').append(t.dtype()).append(Arrays.toString(t.shape()));
            }
            return b.toString();
        }

        /** @return the number of terms summed into each output element (the tolerance scale) */
        public double terms() {
            long[] sizes = EinsumOracle.sizes(this);
            double n = 1;
            boolean[] inOutput = new boolean[sizes.length];
            for (int l : outputLabels) {
                inOutput[l] = true;
            }
            for (int l = 0; l < sizes.length; l++) {
                n *= inOutput[l] || sizes[l] < 0 ? 1 : sizes[l];
            }
            return Math.max(1, n);
        }
    }

    /**
     * A random expression: 1 to {@code maxOperands} operands of rank 0 to 3 over up to 7 labels of extent 0
     * to 4, repeated labels, ellipses (possibly covering no axis), extent-1 broadcasting, written or
     * implied output, a repeated output label now and then, the sublist form for one case in five.
     *
     * @param seed the seed
     * @param dtypes the dtypes to draw each operand's from
     * @param maxOperands the most operands
     * @return the case
     */
    public static Case generate(long seed, DType[] dtypes, int maxOperands) {
        SplittableRandom rnd = new SplittableRandom(seed);
        while (true) {
            Case c = attempt(rnd, dtypes, maxOperands);
            if (c != null) {
                return c;
            }
        }
    }

    private static Case attempt(SplittableRandom rnd, DType[] dtypes, int maxOperands) {
        int n = rnd.nextInt(1, maxOperands + 1);
        int pool = rnd.nextInt(1, 8);
        int ellipsis = rnd.nextInt(4) == 0 ? rnd.nextInt(0, 3) : -1;
        int labelCount = pool + Math.max(0, ellipsis);
        long[] sizes = new long[labelCount];
        for (int l = 0; l < labelCount; l++) {
            sizes[l] = rnd.nextInt(20) == 0 ? 0 : rnd.nextInt(1, 5);
        }
        char[] letters = pickLetters(rnd, pool);
        boolean sublists = rnd.nextInt(5) == 0;
        int[][] axes = new int[n][];
        int[] ellipsisAt = new int[n];
        long[][] shapes = new long[n][];
        for (int k = 0; k < n; k++) {
            IntArray labels = new IntArray();
            int rank = rnd.nextInt(0, 4);
            for (int a = 0; a < rank; a++) {
                labels.add(rnd.nextInt(pool));
            }
            ellipsisAt[k] = -1;
            if (ellipsis >= 0 && rnd.nextBoolean()) {
                int covered = rnd.nextInt(0, ellipsis + 1);
                ellipsisAt[k] = rnd.nextInt(0, labels.size() + 1);
                for (int e = covered - 1; e >= 0; e--) {
                    labels.insert(ellipsisAt[k], pool + ellipsis - covered + e);
                }
                ellipsisAt[k] = ellipsisAt[k] * 1000 + covered; // position and count, decoded below
            }
            axes[k] = labels.toArray();
            shapes[k] = shape(rnd, axes[k], sizes);
        }
        int[] output = output(rnd, axes, pool, ellipsis, ellipsisAt);
        if (iterations(axes, shapes, labelCount) > BUDGET) {
            return null;
        }
        Tensor[] operands = new Tensor[n];
        for (int k = 0; k < n; k++) {
            operands[k] = Values.random(dtypes[rnd.nextInt(dtypes.length)], rnd.nextLong(), Domain.ANY, shapes[k]);
        }
        boolean implied = output == null;
        int[] out = implied ? impliedOutput(axes, pool, letters, sublists, ellipsisAt) : output;
        return render(axes, ellipsisAt, out, implied, pool, letters, sublists, operands);
    }

    private static char[] pickLetters(SplittableRandom rnd, int pool) {
        char[] all = LETTERS.toCharArray();
        for (int i = all.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            char t = all[i];
            all[i] = all[j];
            all[j] = t;
        }
        return Arrays.copyOf(all, pool);
    }

    /** Extents: the label's, or 1 (broadcast) now and then where the label does not repeat. */
    private static long[] shape(SplittableRandom rnd, int[] labels, long[] sizes) {
        long[] shape = new long[labels.length];
        for (int a = 0; a < labels.length; a++) {
            boolean repeats = false;
            for (int b = 0; b < labels.length; b++) {
                repeats |= b != a && labels[b] == labels[a];
            }
            shape[a] = !repeats && rnd.nextInt(8) == 0 ? 1 : sizes[labels[a]];
        }
        return shape;
    }

    /** A written output (label ids), or null for the implied one. */
    private static int[] output(SplittableRandom rnd, int[][] axes, int pool, int ellipsis, int[] ellipsisAt) {
        if (rnd.nextInt(4) == 0) {
            return null;
        }
        IntArray seen = new IntArray();
        boolean anyEllipsis = false;
        int covered = 0;
        for (int k = 0; k < axes.length; k++) {
            anyEllipsis |= ellipsisAt[k] >= 0;
            covered = Math.max(covered, ellipsisAt[k] < 0 ? 0 : ellipsisAt[k] % 1000);
            for (int l : axes[k]) {
                if (l < pool && !seen.contains(l)) {
                    seen.add(l);
                }
            }
        }
        IntArray out = new IntArray();
        for (int i = 0; i < seen.size(); i++) {
            if (rnd.nextBoolean()) {
                out.insert(rnd.nextInt(out.size() + 1), seen.get(i));
            }
        }
        if (out.size() > 0 && rnd.nextInt(10) == 0) {
            out.insert(rnd.nextInt(out.size() + 1), out.get(rnd.nextInt(out.size()))); // embedding
        }
        if (covered > 0 || anyEllipsis && rnd.nextBoolean()) {
            int at = rnd.nextInt(out.size() + 1);
            for (int e = covered - 1; e >= 0; e--) {
                out.insert(at, pool + ellipsis - covered + e);
            }
            out.insert(at, -1 - covered); // marker: the ellipsis and how many ids follow it
        }
        return out.toArray();
    }

    /** NumPy's rule, computed here independently: the ellipsis first, then once-only labels by value. */
    private static int[] impliedOutput(int[][] axes, int pool, char[] letters, boolean sublists, int[] ellipsisAt) {
        int[] count = new int[pool];
        boolean anyEllipsis = false;
        int covered = 0;
        for (int k = 0; k < axes.length; k++) {
            anyEllipsis |= ellipsisAt[k] >= 0;
            for (int l : axes[k]) {
                if (l < pool) {
                    count[l]++;
                }
            }
            covered = Math.max(covered, ellipsisAt[k] < 0 ? 0 : ellipsisAt[k] % 1000);
        }
        List<Integer> once = new ArrayList<>();
        for (int l = 0; l < pool; l++) {
            if (count[l] == 1) {
                once.add(l);
            }
        }
        once.sort((x, y) -> Integer.compare(value(x, letters, sublists), value(y, letters, sublists)));
        IntArray out = new IntArray();
        if (anyEllipsis) {
            out.add(-1 - covered);
            int first = axesMaxEllipsis(axes, pool) - covered;
            for (int e = 0; e < covered; e++) {
                out.add(first + e);
            }
        }
        for (int l : once) {
            out.add(l);
        }
        return out.toArray();
    }

    private static int axesMaxEllipsis(int[][] axes, int pool) {
        int max = pool;
        for (int[] labels : axes) {
            for (int l : labels) {
                max = Math.max(max, l + 1);
            }
        }
        return max;
    }

    /** The label value the implementation sorts by: NumPy's letter values, or the sublist integer. */
    private static int value(int label, char[] letters, boolean sublists) {
        if (sublists) {
            return 100 + label;
        }
        char c = letters[label];
        return c >= 'a' ? c - 'a' + 26 : c - 'A';
    }

    private static Case render(int[][] axes, int[] ellipsisAt, int[] out, boolean implied, int pool, char[] letters,
            boolean sublists, Tensor[] operands) {
        int[][] terms = new int[axes.length][];
        for (int k = 0; k < axes.length; k++) {
            terms[k] = term(axes[k], ellipsisAt[k], pool, letters, sublists);
        }
        IntArray outIds = new IntArray();
        IntArray outTerm = new IntArray();
        for (int i = 0; i < out.length; i++) {
            if (out[i] < 0) {
                outTerm.add(Subscripts.ELLIPSIS);
                continue;
            }
            outIds.add(out[i]);
            if (out[i] < pool) {
                outTerm.add(sublists ? 100 + out[i] : letters[out[i]]);
            }
        }
        Subscripts s;
        String text = null;
        if (sublists) {
            s = implied ? Subscripts.of(terms) : Subscripts.of(terms, outTerm.toArray());
        } else {
            StringBuilder b = new StringBuilder();
            for (int k = 0; k < terms.length; k++) {
                appendLetters(b.append(k == 0 ? "" : ","), terms[k]);
            }
            if (!implied) {
                appendLetters(b.append("->"), outTerm.toArray());
            }
            text = b.toString();
            s = Subscripts.parse(text);
        }
        return new Case(s, text, axes, outIds.toArray(), operands);
    }

    /** The term as the implementation reads it: labels (letters as chars) with one ELLIPSIS marker. */
    private static int[] term(int[] axes, int ellipsisAt, int pool, char[] letters, boolean sublists) {
        IntArray t = new IntArray();
        int at = ellipsisAt < 0 ? -1 : ellipsisAt / 1000;
        int written = 0;
        for (int a = 0; a <= axes.length; a++) {
            if (written == at) {
                t.add(Subscripts.ELLIPSIS);
                written = -2;
            }
            if (a == axes.length) {
                break;
            }
            if (axes[a] < pool) {
                t.add(sublists ? 100 + axes[a] : letters[axes[a]]);
                if (written >= 0) {
                    written++;
                }
            }
        }
        return t.toArray();
    }

    private static void appendLetters(StringBuilder b, int[] term) {
        for (int c : term) {
            b.append(c == Subscripts.ELLIPSIS ? "..." : String.valueOf((char) c));
        }
    }

    private static long iterations(int[][] axes, long[][] shapes, int labelCount) {
        long[] sizes = new long[labelCount];
        Arrays.fill(sizes, -1);
        for (int k = 0; k < axes.length; k++) {
            for (int a = 0; a < axes[k].length; a++) {
                int l = axes[k][a];
                if (sizes[l] < 0 || sizes[l] == 1) {
                    sizes[l] = shapes[k][a];
                }
            }
        }
        long n = 1;
        for (long s : sizes) {
            n *= Math.max(1, s);
        }
        return n;
    }

    /** A growable int list with insertion, for building terms. */
    private static final class IntArray {
        private int[] v = new int[8];
        private int n;

        void add(int x) {
            insert(n, x);
        }

        void insert(int at, int x) {
            if (n == v.length) {
                v = Arrays.copyOf(v, 2 * n);
            }
            System.arraycopy(v, at, v, at + 1, n - at);
            v[at] = x;
            n++;
        }

        int get(int i) {
            return v[i];
        }

        int size() {
            return n;
        }

        boolean contains(int x) {
            for (int i = 0; i < n; i++) {
                if (v[i] == x) {
                    return true;
                }
            }
            return false;
        }

        int[] toArray() {
            return Arrays.copyOf(v, n);
        }
    }
}
