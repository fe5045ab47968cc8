package org.ferrite.einsum;

import java.util.Arrays;
import java.util.Objects;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.error.ValidationException;

/**
 * Einsum subscripts, parsed once into one immutable form: per input term its labels (with at most one
 * {@link #ELLIPSIS} marker), and the output's labels — written after {@code ->} or, without it, implied
 * the NumPy way (every label that occurs exactly once, sorted by label value, after the ellipsis
 * dimensions if any term has an ellipsis).
 *
 * <p>Two notations give the same value:
 * <ul>
 * <li><b>String</b> ({@link #parse}): NumPy's notation, {@code "ij,jk->ik"}, {@code "ii->i"},
 * {@code "...ij,...jk"}; letters {@code a-z}, {@code A-Z}, terms separated by {@code ','}, the
 * ellipsis {@code "..."} at most once per term, spaces ignored. Letter labels have NumPy's sublist
 * values: {@code 'A'..'Z'} are 0–25, {@code 'a'..'z'} 26–51, so the implied output sorts upper case
 * before lower case, by character code.</li>
 * <li><b>Integer sublists</b> ({@link #of(int[][])}, {@link #of(int[][], int[])}): NumPy's
 * {@code einsum(op0, sublist0, op1, sublist1, …, [out])} form with <em>unbounded</em> labels — any
 * {@code int >= 0} — and {@link #ELLIPSIS} for {@code Ellipsis}; for networks of more than 52 labels
 * (a matrix product state of 32 sites and more).</li>
 * </ul>
 * An output label may repeat ({@code "i->ii"}: the result is zero off the diagonal), unlike NumPy,
 * which rejects it. Every malformed input is a {@link ValidationException} (INVALID_ARGUMENT, argument
 * {@code "subscripts"}) whose message quotes the subscripts and points at the offending character by
 * index and a caret line, or names the offending sublist entry.
 *
 * <p>Equality is by meaning: the input labels and the (written or implied) output labels, so
 * {@code parse("ij,jk")}, {@code parse("ij,jk->ik")} and {@code of(new int[][] {{34, 35}, {35, 36}})}
 * are equal. Thread-safe (immutable); lives as long as it is referenced.
 */
public final class Subscripts {
    /** The ellipsis marker of the sublist form (NumPy's {@code Ellipsis}); at most one per sublist. */
    public static final int ELLIPSIS = -1;

    /** Input labels per term, each with at most one {@link #ELLIPSIS}. Never mutated. */
    private final int[][] inputs;
    /** Output labels, at most one {@link #ELLIPSIS}; written or implied. Never mutated. */
    private final int[] output;
    /** Whether the output was written ({@code ->} or an output sublist). */
    private final boolean explicitOutput;
    /** The string the value was parsed from, or {@code null} for sublists. */
    private final String text;
    /** Per term, the index in {@link #text} of each label (the first '.' of an ellipsis); null for sublists. */
    private final int[][] inputPositions;
    /** The index in {@link #text} where each term starts; null for sublists. */
    private final int[] termStarts;
    private final int hash;

    Subscripts(int[][] inputs, int[] output, boolean explicitOutput, String text, int[][] inputPositions,
            int[] termStarts) {
        this.inputs = inputs;
        this.output = output;
        this.explicitOutput = explicitOutput;
        this.text = text;
        this.inputPositions = inputPositions;
        this.termStarts = termStarts;
        this.hash = 31 * Arrays.deepHashCode(inputs) + Arrays.hashCode(output);
    }

    /**
     * Parses NumPy's string notation.
     *
     * <pre>{@code
     * Subscripts matmul = Subscripts.parse("ij,jk->ik");
     * Subscripts trace = Subscripts.parse("ii");          // implied output: scalar
     * Subscripts batched = Subscripts.parse("...ij,...jk"); // implied output "...ik"
     * }</pre>
     *
     * @param subscripts the notation
     * @return the parsed value
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code "subscripts"}) pointing at the
     *     offending character
     */
    public static Subscripts parse(String subscripts) {
        Objects.requireNonNull(subscripts, "subscripts");
        return NotationParser.parse(subscripts);
    }

    /**
     * The sublist form with the implied output.
     *
     * <pre>{@code
     * // an inner product of two vectors over label 7
     * Subscripts dot = Subscripts.of(new int[][] {{7}, {7}});
     * }</pre>
     *
     * @param inputs per operand its labels ({@code >= 0}) and at most one {@link #ELLIPSIS}
     * @return the subscripts
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code "subscripts"}) naming the entry
     */
    public static Subscripts of(int[][] inputs) {
        return NotationParser.sublists(inputs, null);
    }

    /**
     * The sublist form with a written output.
     *
     * <pre>{@code
     * // matrix product with labels 0, 1, 2: "ij,jk->ik"
     * Subscripts matmul = Subscripts.of(new int[][] {{0, 1}, {1, 2}}, new int[] {0, 2});
     * }</pre>
     *
     * @param inputs per operand its labels ({@code >= 0}) and at most one {@link #ELLIPSIS}
     * @param output the output labels, each occurring in some input, at most one {@link #ELLIPSIS}
     * @return the subscripts
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code "subscripts"}) naming the entry
     */
    public static Subscripts of(int[][] inputs, int[] output) {
        Objects.requireNonNull(output, "output");
        return NotationParser.sublists(inputs, output);
    }

    /** @return the number of input terms (operands) */
    public int inputCount() {
        return inputs.length;
    }

    /**
     * @param term an input term in {@code [0, inputCount())}
     * @return a copy of its labels, {@link #ELLIPSIS} where the ellipsis stands
     */
    public int[] input(int term) {
        return inputs[term].clone();
    }

    /** @return a copy of the output labels (written or implied), {@link #ELLIPSIS} where it stands */
    public int[] output() {
        return output.clone();
    }

    /** @return true if the output was written ({@code "->"} or an output sublist), false if implied */
    public boolean explicitOutput() {
        return explicitOutput;
    }

    /**
     * @return NumPy's string notation with the output written out ({@code "ij,jk->ik"}) when every label
     *     is below 52; otherwise the sublist form, e.g. {@code "[[0, 60], [60, 1]] -> [0, 1]"}
     */
    public String notation() {
        return LabelNames.render(inputs, output);
    }

    int[][] inputsView() {
        return inputs;
    }

    int[] outputView() {
        return output;
    }

    /** @return the parsed text, or null for sublists */
    String text() {
        return text;
    }

    /**
     * @param term an input term
     * @return a description of the term for messages: {@code "term 1 'jk' of \"ij,jk->ik\""}
     */
    String describeTerm(int term) {
        if (text == null) {
            return "sublist " + term + " " + TensorException.excerpt(Arrays.toString(inputs[term])
                    .replace(String.valueOf(ELLIPSIS), "...")) + " of " + TensorException.excerpt(notation());
        }
        int end = term + 1 < termStarts.length ? termStarts[term + 1] - 1 : text.indexOf("->") < 0 ? text.length()
                : text.indexOf("->");
        return "term " + term + " '" + TensorException.excerpt(text.substring(termStarts[term],
                Math.max(termStarts[term], end)).trim()) + "' of \"" + TensorException.excerpt(text) + "\"";
    }

    /**
     * @param term an input term
     * @param position a position in {@link #input(int)} of that term
     * @return the index of that label in the parsed text, or -1 for sublists
     */
    int textIndex(int term, int position) {
        return inputPositions == null ? -1 : inputPositions[term][position];
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Subscripts)) {
            return false;
        }
        Subscripts s = (Subscripts) o;
        return hash == s.hash && Arrays.deepEquals(inputs, s.inputs) && Arrays.equals(output, s.output);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** @return the {@link #notation()} */
    @Override
    public String toString() {
        return notation();
    }
}
