package org.ferrite.einsum;

import java.util.Arrays;

/**
 * An immutable set of label ids {@code 0 .. capacity-1} as a bit set of a fixed number of words (every
 * set of one planning problem has the same number), equal by content. Unbounded labels cost one word per
 * 64 of them. Thread-safe (immutable).
 */
final class LabelSet {
    private final long[] words;
    private final int hash;

    private LabelSet(long[] words) {
        this.words = words;
        this.hash = hash(words);
    }

    /**
     * A well-mixed hash: {@code Arrays.hashCode} folds each word's two halves and adds powers of 31, so
     * the small sets of a large problem (one or two bits each) collide by the thousand in a hash map.
     */
    private static int hash(long[] words) {
        long h = 0;
        for (int i = 0; i < words.length; i++) {
            if (words[i] != 0) {
                long x = (words[i] ^ (i * 0x9E3779B97F4A7C15L)) * 0xBF58476D1CE4E5B9L;
                h += x ^ (x >>> 31);
            }
        }
        h = (h ^ (h >>> 30)) * 0x94D049BB133111EBL;
        return (int) (h ^ (h >>> 32));
    }

    /**
     * @param wordCount the number of 64-bit words of every set of the problem
     * @return the empty set
     */
    static LabelSet empty(int wordCount) {
        return new LabelSet(new long[wordCount]);
    }

    /**
     * @param labels label ids (repeats allowed)
     * @param wordCount words per set
     * @return the set of those labels
     */
    static LabelSet of(int[] labels, int wordCount) {
        long[] w = new long[wordCount];
        for (int label : labels) {
            w[label >>> 6] |= 1L << label;
        }
        return new LabelSet(w);
    }

    static LabelSet ofWords(long[] words) {
        return new LabelSet(words.clone());
    }

    /** @param labelCount the number of labels of a problem; @return the words each set needs */
    static int wordsFor(int labelCount) {
        return Math.max(1, (labelCount + 63) >>> 6);
    }

    LabelSet union(LabelSet o) {
        long[] w = new long[words.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = words[i] | o.words[i];
        }
        return new LabelSet(w);
    }

    LabelSet intersect(LabelSet o) {
        long[] w = new long[words.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = words[i] & o.words[i];
        }
        return new LabelSet(w);
    }

    /** @return {@code this \ o} */
    LabelSet minus(LabelSet o) {
        long[] w = new long[words.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = words[i] & ~o.words[i];
        }
        return new LabelSet(w);
    }

    /** @param mask words of another set; @return {@code this ∩ mask} */
    LabelSet intersect(long[] mask) {
        long[] w = new long[words.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = words[i] & mask[i];
        }
        return new LabelSet(w);
    }

    boolean isEmpty() {
        for (long w : words) {
            if (w != 0) {
                return false;
            }
        }
        return true;
    }

    boolean intersects(LabelSet o) {
        for (int i = 0; i < words.length; i++) {
            if ((words[i] & o.words[i]) != 0) {
                return true;
            }
        }
        return false;
    }

    /** @return true if every label of this set is in {@code o} */
    boolean isSubsetOf(LabelSet o) {
        for (int i = 0; i < words.length; i++) {
            if ((words[i] & ~o.words[i]) != 0) {
                return false;
            }
        }
        return true;
    }

    boolean contains(int label) {
        return (words[label >>> 6] & (1L << label)) != 0;
    }

    int cardinality() {
        int c = 0;
        for (long w : words) {
            c += Long.bitCount(w);
        }
        return c;
    }

    /** @return the label ids in increasing order */
    int[] toArray() {
        int[] out = new int[cardinality()];
        int k = 0;
        for (int i = 0; i < words.length; i++) {
            long w = words[i];
            while (w != 0) {
                out[k++] = (i << 6) + Long.numberOfTrailingZeros(w);
                w &= w - 1;
            }
        }
        return out;
    }

    /** @return a copy of the words, for mutable working sets */
    long[] words() {
        return words.clone();
    }

    /**
     * @param sizes the extent of each label
     * @return the product of the extents of this set's labels, saturated at {@link Long#MAX_VALUE}
     */
    long size(long[] sizes) {
        long product = 1;
        for (int i = 0; i < words.length; i++) {
            long w = words[i];
            while (w != 0) {
                product = CostModel.multiply(product, sizes[(i << 6) + Long.numberOfTrailingZeros(w)]);
                w &= w - 1;
            }
        }
        return product;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LabelSet && ((LabelSet) o).hash == hash && Arrays.equals(((LabelSet) o).words, words);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return Arrays.toString(toArray());
    }
}
