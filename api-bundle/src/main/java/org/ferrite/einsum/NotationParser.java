package org.ferrite.einsum;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Parses both notations of {@link Subscripts} — NumPy's string and the integer sublists — into the one
 * immutable form, and implies the output when none is written. Thread-safe (stateless).
 */
final class NotationParser {
    private static final String CHARACTERS = "a letter a-z or A-Z, ',', '->', '...' or a space";

    private NotationParser() {
    }

    /** Parses the string notation; see {@link Subscripts#parse}. */
    static Subscripts parse(String text) {
        return new Reader(text).read();
    }

    /** One pass over the string notation. Not thread-safe: one instance per parse. */
    private static final class Reader {
        private final String text;
        private final List<int[]> terms = new ArrayList<>();
        private final List<int[]> positions = new ArrayList<>();
        private final IntList termStarts = new IntList();
        private final IntList labels = new IntList();
        private final IntList at = new IntList();
        /** Set once {@code "->"} was read: the labels read since belong to the output. */
        private boolean inOutput;

        Reader(String text) {
            this.text = text;
            termStarts.add(0);
        }

        Subscripts read() {
            int i = 0;
            while (i < text.length()) {
                i = next(i);
            }
            int[] output = null;
            int[] outputAt = null;
            if (inOutput) {
                output = labels.toArray();
                outputAt = at.toArray();
            } else {
                endTerm();
            }
            int[][] inputs = terms.toArray(new int[0][]);
            if (output == null) {
                output = impliedOutput(inputs);
            } else {
                checkOutput(inputs, output, outputAt, text);
            }
            return new Subscripts(inputs, output, inOutput, text, positions.toArray(new int[0][]),
                    termStarts.toArray());
        }

        /** Reads the token at {@code i}; returns the index after it. */
        private int next(int i) {
            char c = text.charAt(i);
            if (c == ' ') {
                return i + 1;
            }
            if (LabelNames.labelOf(c) >= 0) {
                labels.add(LabelNames.labelOf(c));
                at.add(i);
                return i + 1;
            }
            if (c == '.') {
                return ellipsis(text, i, labels, at);
            }
            if (c == ',') {
                if (inOutput) {
                    throw SubscriptErrors.at(text, i, "one output term after '->'", "','", null);
                }
                endTerm();
                termStarts.add(i + 1);
                return i + 1;
            }
            if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '>') {
                if (inOutput) {
                    throw SubscriptErrors.at(text, i, "at most one '->'", "a second '->'", null);
                }
                endTerm();
                inOutput = true;
                return i + 2;
            }
            if (c == '-' || c == '>') {
                throw SubscriptErrors.at(text, i, "'->' before the output", "'" + c + "'", "write the output after"
                        + " '->', e.g. \"ij,jk->ik\"");
            }
            throw SubscriptErrors.at(text, i, CHARACTERS, "'" + c + "'", "for more than 52 labels use the"
                    + " integer sublist form, Subscripts.of(int[][], int[])");
        }

        private void endTerm() {
            terms.add(labels.toArray());
            positions.add(at.toArray());
            labels.clear();
            at.clear();
        }
    }

    /** Reads {@code "..."} at {@code i}, or reports a stray '.'; returns the index after it. */
    private static int ellipsis(String text, int i, IntList labels, IntList at) {
        if (!text.startsWith("...", i)) {
            throw SubscriptErrors.at(text, i, "'.' only as part of an ellipsis '...'", "'.'", null);
        }
        if (labels.contains(Subscripts.ELLIPSIS)) {
            throw SubscriptErrors.at(text, i, "at most one ellipsis '...' per term", "a second '...'", null);
        }
        labels.add(Subscripts.ELLIPSIS);
        at.add(i);
        return i + 3;
    }

    /** Parses the sublist form; {@code output == null} implies the output. */
    static Subscripts sublists(int[][] inputs, int[] output) {
        Objects.requireNonNull(inputs, "inputs");
        if (inputs.length == 0) {
            throw SubscriptErrors.sublist("inputs", "at least one input sublist", "none", null);
        }
        int[][] copy = new int[inputs.length][];
        for (int t = 0; t < inputs.length; t++) {
            copy[t] = Objects.requireNonNull(inputs[t], "inputs[" + t + "]").clone();
            checkSublist(copy[t], "sublist " + t);
        }
        int[] out;
        if (output == null) {
            out = impliedOutput(copy);
        } else {
            out = output.clone();
            checkSublist(out, "output sublist");
            checkOutput(copy, out, null, null);
        }
        return new Subscripts(copy, out, output != null, null, null, null);
    }

    private static void checkSublist(int[] labels, String where) {
        boolean ellipsis = false;
        for (int p = 0; p < labels.length; p++) {
            if (labels[p] == Subscripts.ELLIPSIS) {
                if (ellipsis) {
                    throw SubscriptErrors.sublist(where + " entry " + p, "at most one Subscripts.ELLIPSIS",
                            "a second one", null);
                }
                ellipsis = true;
            } else if (labels[p] < 0) {
                throw SubscriptErrors.sublist(where + " entry " + p, "a label >= 0 or Subscripts.ELLIPSIS (-1)",
                        String.valueOf(labels[p]), null);
            }
        }
    }

    /** Every output label must occur in some input; {@code at}/{@code text} locate it for messages. */
    private static void checkOutput(int[][] inputs, int[] output, int[] at, String text) {
        for (int p = 0; p < output.length; p++) {
            int label = output[p];
            if (label == Subscripts.ELLIPSIS) {
                continue; // at most one: checked while reading the term
            }
            boolean found = false;
            for (int[] term : inputs) {
                found |= indexOf(term, label) >= 0;
            }
            if (!found) {
                String advice = "every output label must occur in an input term";
                if (text != null) {
                    throw SubscriptErrors.at(text, at[p], "an output label that occurs in an input term", "'"
                            + LabelNames.name(label) + "'", advice);
                }
                throw SubscriptErrors.sublist("output sublist entry " + p, "a label that occurs in an input"
                        + " sublist", String.valueOf(label), advice);
            }
        }
    }

    /** NumPy's implied output: the ellipsis first (if any term has one), then once-only labels, sorted. */
    private static int[] impliedOutput(int[][] inputs) {
        Map<Integer, Integer> counts = new HashMap<>();
        boolean ellipsis = false;
        for (int[] term : inputs) {
            for (int label : term) {
                if (label == Subscripts.ELLIPSIS) {
                    ellipsis = true;
                } else {
                    counts.merge(label, 1, Integer::sum);
                }
            }
        }
        IntList once = new IntList();
        counts.forEach((label, count) -> {
            if (count == 1) {
                once.add(label);
            }
        });
        int[] sorted = once.toArray();
        Arrays.sort(sorted);
        if (!ellipsis) {
            return sorted;
        }
        int[] out = new int[sorted.length + 1];
        out[0] = Subscripts.ELLIPSIS;
        System.arraycopy(sorted, 0, out, 1, sorted.length);
        return out;
    }

    static int indexOf(int[] values, int value) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == value) {
                return i;
            }
        }
        return -1;
    }
}
