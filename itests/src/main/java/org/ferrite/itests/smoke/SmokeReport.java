package org.ferrite.itests.smoke;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ferrite.api.Backend;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.session.SessionAction;
import org.ferrite.api.tensor.DType;

/**
 * Runs the smoke's cases and keeps their outcome per family: how many computed and matched their
 * expectation, how many pairs the API leaves undefined were refused with {@link UnsupportedOpException},
 * and every failure, named by family, operation and dtype. Each case runs in a session of its own, so a
 * failure — a wrong value, an unexpected exception, or an error such as {@code NoClassDefFoundError}
 * from a class the shipped jar lacks — is recorded and the next case still runs.
 *
 * <p>Not thread-safe: one report belongs to the thread that runs the smoke. Lifetime: as long as its
 * owner keeps it; it holds no resources.
 */
public final class SmokeReport {
    /** Per family: {computed, refused, failed}. */
    private final Map<String, int[]> counts = new LinkedHashMap<>();
    private final List<String> failures = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    SmokeReport() {
    }

    /**
     * Runs a case that must compute and meet its expectation.
     *
     * @param family the op family
     * @param op the operation
     * @param dtype the dtype
     * @param backend where it runs
     * @param body the case: runs the operation and checks the result
     */
    void computes(String family, String op, DType dtype, Backend backend, SessionAction body) {
        int[] count = counts.computeIfAbsent(family, f -> new int[3]);
        try {
            backend.run(body);
            count[0]++;
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) { // a missing class is an Error (NoClassDefFoundError): what the smoke looks for
            fail(count, family, op, dtype, describe(e));
        }
    }

    /**
     * Runs a case the API leaves undefined: it must be refused with {@link UnsupportedOpException}.
     *
     * @param family the op family
     * @param op the operation
     * @param dtype the dtype
     * @param backend where it runs
     * @param body the call
     */
    void refuses(String family, String op, DType dtype, Backend backend, SessionAction body) {
        int[] count = counts.computeIfAbsent(family, f -> new int[3]);
        try {
            backend.run(body);
            fail(count, family, op, dtype, "computed a pair the API leaves undefined"
                    + " (expected UnsupportedOpException)");
        } catch (UnsupportedOpException e) {
            count[1]++;
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable e) { // see computes
            fail(count, family, op, dtype, "expected UnsupportedOpException, got " + describe(e));
        }
    }

    /** @param note a line printed with the summary (what ran where, what was unavailable) */
    void note(String note) {
        notes.add(note);
    }

    private void fail(int[] count, String family, String op, DType dtype, String why) {
        count[2]++;
        failures.add(family + ": " + op + " " + dtype + ": " + why);
    }

    private static String describe(Throwable e) {
        StringBuilder text = new StringBuilder(e.toString());
        for (Throwable cause = e.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            text.append(" (caused by ").append(cause).append(')');
        }
        StackTraceElement[] stack = e.getStackTrace();
        if (stack.length > 0) {
            text.append(" at ").append(stack[0]);
        }
        return text.toString();
    }

    /** @return true if no case failed and at least one ran */
    public boolean passed() {
        return failures.isEmpty() && !counts.isEmpty();
    }

    /** @return every failure, as {@code "family: op DTYPE: why"} */
    public List<String> failures() {
        return List.copyOf(failures);
    }

    /**
     * @return the printable summary: one line per family ({@code "family: N computed, N refused as
     *     undefined, N failed"}), the notes, one {@code "FAILED …"} line per failure, and a closing
     *     {@code "smoke: N cases, N failed"}
     */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        int cases = 0;
        for (Map.Entry<String, int[]> e : counts.entrySet()) {
            int[] c = e.getValue();
            lines.add(e.getKey() + ": " + c[0] + " computed, " + c[1] + " refused as undefined, " + c[2] + " failed");
            cases += c[0] + c[1] + c[2];
        }
        notes.forEach(n -> lines.add("note: " + n));
        failures.forEach(f -> lines.add("FAILED " + f));
        lines.add("smoke: " + cases + " cases, " + failures.size() + " failed");
        return lines;
    }
}
