package org.ferrite.einsum;

/**
 * How labels are written: values 0–25 as {@code 'A'..'Z'}, 26–51 as {@code 'a'..'z'} (NumPy's sublist
 * mapping, so parsed letters round-trip), anything larger as {@code "{n}"}; the subscripts as NumPy's
 * string notation when every label has a letter, else as sublists. Thread-safe (stateless).
 */
final class LabelNames {
    /** The number of labels that have a letter. */
    static final int LETTERS = 52;

    private LabelNames() {
    }

    /**
     * @param c a character
     * @return its label value, or -1 if it is not an ASCII letter
     */
    static int labelOf(char c) {
        if (c >= 'A' && c <= 'Z') {
            return c - 'A';
        }
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 26;
        }
        return -1;
    }

    /**
     * @param label a label value {@code >= 0}
     * @return its letter, or {@code "{label}"}
     */
    static String name(int label) {
        if (label < 26) {
            return String.valueOf((char) ('A' + label));
        }
        if (label < LETTERS) {
            return String.valueOf((char) ('a' + label - 26));
        }
        return "{" + label + "}";
    }

    /**
     * @param inputs labels per term, {@link Subscripts#ELLIPSIS} marking the ellipsis
     * @param output output labels
     * @return {@code "ij,jk->ik"} when every label has a letter, else {@code "[[0, 60], [60, 1]] -> [0, 1]"}
     */
    static String render(int[][] inputs, int[] output) {
        boolean letters = fitsLetters(output);
        for (int[] term : inputs) {
            letters &= fitsLetters(term);
        }
        StringBuilder b = new StringBuilder();
        if (letters) {
            for (int t = 0; t < inputs.length; t++) {
                b.append(t == 0 ? "" : ",");
                appendLetters(b, inputs[t]);
            }
            appendLetters(b.append("->"), output);
            return b.toString();
        }
        b.append('[');
        for (int t = 0; t < inputs.length; t++) {
            appendList(b.append(t == 0 ? "" : ", "), inputs[t]);
        }
        appendList(b.append("] -> "), output);
        return b.toString();
    }

    private static boolean fitsLetters(int[] labels) {
        for (int label : labels) {
            if (label >= LETTERS) {
                return false;
            }
        }
        return true;
    }

    private static void appendLetters(StringBuilder b, int[] labels) {
        for (int label : labels) {
            b.append(label == Subscripts.ELLIPSIS ? "..." : name(label));
        }
    }

    private static void appendList(StringBuilder b, int[] labels) {
        b.append('[');
        for (int i = 0; i < labels.length; i++) {
            b.append(i == 0 ? "" : ", ").append(labels[i] == Subscripts.ELLIPSIS ? "..." : String.valueOf(labels[i]));
        }
        b.append(']');
    }
}
