package org.ferrite.codegen;

import java.util.Locale;

/**
 * The names the loop writers derive from an operation's enum constant. Thread-safe (stateless).
 */
final class Names {
    private Names() {
    }

    /**
     * @param constant an operation's enum constant ({@code LOG1P})
     * @param prefix a prefix of its run method ({@code cmp}), or empty
     * @return the run method's name without {@code Run} ({@code log1p}, {@code cmpEq})
     */
    static String runName(String constant, String prefix) {
        String name = camel(constant);
        return prefix.isEmpty() ? name : prefix + Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /**
     * @param enumConstant an enum constant ({@code SUM_SQUARES})
     * @return it in lower camel case ({@code sumSquares})
     */
    static String camel(String enumConstant) {
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char ch : enumConstant.toLowerCase(Locale.ROOT).toCharArray()) {
            if (ch == '_') {
                up = true;
            } else {
                b.append(up ? Character.toUpperCase(ch) : ch);
                up = false;
            }
        }
        return b.toString();
    }
}
