package org.ferrite.einsum;

import org.ferrite.api.error.TensorException;
import org.ferrite.api.error.ValidationException;

/**
 * The messages of malformed einsum input: each quotes the subscripts and points at the offending
 * character (its index and a caret line under it) or names the offending operand or sublist entry.
 * Thread-safe (stateless).
 */
final class SubscriptErrors {
    /** The operation name every einsum error carries. */
    static final String OP = "einsum";
    /** The argument name of notation errors. */
    static final String SUBSCRIPTS = "subscripts";

    private SubscriptErrors() {
    }

    /**
     * @param text the subscripts
     * @param index the offending character's index
     * @param expected what was required there
     * @param got what was found, without the position
     * @param advice what to do, or null
     * @return the exception, whose message reads
     *     {@code …expected <expected>, got <got> at index <i> of "<text>":\n  <text>\n  <caret>}, the
     *     text quoted by {@link TensorException#excerpt} and shown in a window of at most
     *     {@link TensorException#EXCERPT_LIMIT} characters around the index
     */
    static ValidationException at(String text, int index, String expected, String got, String advice) {
        // a window of at most EXCERPT_LIMIT characters around the index, so that a huge input cannot make
        // a huge message; the caret points into the window
        int limit = TensorException.EXCERPT_LIMIT;
        int from = Math.max(0, Math.min(index - limit / 2, text.length() - limit));
        int to = Math.min(text.length(), from + limit);
        String window = (from > 0 ? "…" : "") + text.substring(from, to) + (to < text.length() ? "…" : "");
        int caret = index - from + (from > 0 ? 1 : 0);
        StringBuilder b = new StringBuilder(got.length() + 2 * window.length() + 96).append(got).append(" at index ")
                .append(index).append(" of \"").append(TensorException.excerpt(text)).append("\":\n  ")
                .append(window).append("\n  ");
        for (int i = 0; i < caret; i++) {
            b.append(' ');
        }
        b.append('^');
        return ValidationException.invalidArgument(OP, SUBSCRIPTS, expected, b.toString(), advice);
    }

    /**
     * @param where the offending part of the sublist form, e.g. {@code "sublist 1 entry 2"}
     * @param expected what was required
     * @param got what was found
     * @param advice what to do, or null
     * @return the exception
     */
    static ValidationException sublist(String where, String expected, String got, String advice) {
        return ValidationException.invalidArgument(OP, SUBSCRIPTS, expected, got + " (" + where + ")", advice);
    }
}
