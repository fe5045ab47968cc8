package org.ferrite.api.error;

import java.util.Arrays;
import java.util.Objects;

/**
 * Invalid input: a shape, axis, dtype or configuration is wrong, or an output aliases an input.
 * Thrown before the first write, so outputs and state are as they were.
 *
 * <p>Carries typed details: {@link #validationKind()}, the {@link #argument()} name, the
 * {@link #expected()} and {@link #actual()} values as text, and where they apply the
 * {@link #axis()} and the expected/actual shapes. Thread-safe (immutable once thrown); lives as long as it is referenced.
 */
public final class ValidationException extends TensorException {
    private static final long serialVersionUID = 1L;

    /** Value of {@link #axis()} when no single axis is at fault. */
    public static final int NO_AXIS = Integer.MIN_VALUE;

    /** What kind of input was invalid. */
    private final ValidationKind validationKind;
    /** The argument at fault. */
    private final String argument;
    /** The expected value, as text. */
    private final String expected;
    /** The actual value, as text. */
    private final String actual;
    /** The axis at fault, or {@link #NO_AXIS}. */
    private final int axis;
    /** The expected shape, or {@code null}. */
    private final long[] expectedShape;
    /** The actual shape, or {@code null}. */
    private final long[] actualShape;

    private ValidationException(ValidationKind validationKind, String op, String argument, String expected,
            String actual, int axis, long[] expectedShape, long[] actualShape, String advice) {
        super(ErrorKind.VALIDATION, op, render(validationKind, argument, expected, actual, axis, advice));
        this.validationKind = Objects.requireNonNull(validationKind, "validationKind");
        this.argument = Objects.requireNonNull(argument, "argument");
        this.expected = expected;
        this.actual = actual;
        this.axis = axis;
        this.expectedShape = expectedShape == null ? null : expectedShape.clone();
        this.actualShape = actualShape == null ? null : actualShape.clone();
    }

    private static String render(ValidationKind kind, String argument, String expected, String actual, int axis,
            String advice) {
        StringBuilder b = new StringBuilder(96).append(kind).append(" in argument '").append(argument).append('\'');
        if (axis != NO_AXIS) {
            b.append(" at axis ").append(axis);
        }
        b.append(": expected ").append(expected).append(", got ").append(actual);
        if (advice != null && !advice.isEmpty()) {
            b.append(" (").append(advice).append(')');
        }
        return b.toString();
    }

    /**
     * Two shapes disagree.
     *
     * @param op the operation
     * @param argument the argument whose shape is wrong
     * @param expected the shape required
     * @param actual the shape given
     * @return the exception, to be thrown by the caller
     */
    public static ValidationException shapeMismatch(String op, String argument, long[] expected, long[] actual) {
        return new ValidationException(ValidationKind.SHAPE_MISMATCH, op, argument, Arrays.toString(expected),
                Arrays.toString(actual), NO_AXIS, expected, actual, null);
    }

    /**
     * One extent disagrees.
     *
     * @param op the operation
     * @param argument the argument whose extent is wrong
     * @param axis the axis of that argument
     * @param expected the extent required
     * @param actual the extent given
     * @param advice what to do, or {@code null}
     * @return the exception
     */
    public static ValidationException extentMismatch(String op, String argument, int axis, long expected, long actual,
            String advice) {
        return new ValidationException(ValidationKind.SHAPE_MISMATCH, op, argument, "extent " + expected,
                "extent " + actual, axis, null, null, advice);
    }

    /**
     * A rank disagrees.
     *
     * @param op the operation
     * @param argument the argument whose rank is wrong
     * @param expected the rank required (as text, e.g. {@code "2"} or {@code ">= 2"})
     * @param actual the rank given
     * @return the exception
     */
    public static ValidationException rankMismatch(String op, String argument, String expected, int actual) {
        return new ValidationException(ValidationKind.RANK_MISMATCH, op, argument, "rank " + expected,
                "rank " + actual, NO_AXIS, null, null, null);
    }

    /**
     * An axis is out of bounds.
     *
     * @param op the operation
     * @param argument the argument naming the axis
     * @param axis the offending axis value
     * @param rank the rank it must be below
     * @return the exception
     */
    public static ValidationException axisOutOfBounds(String op, String argument, int axis, int rank) {
        return new ValidationException(ValidationKind.AXIS_OUT_OF_BOUNDS, op, argument,
                "an axis in [0, " + rank + ")", String.valueOf(axis), axis, null, null, null);
    }

    /**
     * A dtype is wrong.
     *
     * @param op the operation
     * @param argument the argument whose dtype is wrong
     * @param expected the dtype(s) required, as text
     * @param actual the dtype given, as text
     * @return the exception
     */
    public static ValidationException dtypeMismatch(String op, String argument, String expected, String actual) {
        return new ValidationException(ValidationKind.DTYPE_MISMATCH, op, argument, expected, actual, NO_AXIS, null,
                null, null);
    }

    /**
     * Any other invalid argument.
     *
     * @param op the operation
     * @param argument the argument at fault
     * @param expected what was required
     * @param actual what was given
     * @param advice what to do, or {@code null}
     * @return the exception
     */
    public static ValidationException invalidArgument(String op, String argument, String expected, String actual,
            String advice) {
        return new ValidationException(ValidationKind.INVALID_ARGUMENT, op, argument, expected, actual, NO_AXIS, null,
                null, advice);
    }

    /**
     * Any other invalid argument concerning one axis.
     *
     * @param op the operation
     * @param argument the argument at fault
     * @param axis the axis concerned
     * @param expected what was required
     * @param actual what was given
     * @return the exception
     */
    public static ValidationException invalidAxisArgument(String op, String argument, int axis, String expected,
            String actual) {
        return new ValidationException(ValidationKind.INVALID_ARGUMENT, op, argument, expected, actual, axis, null,
                null, null);
    }

    /** @return what kind of input was invalid */
    public ValidationKind validationKind() {
        return validationKind;
    }

    /** @return the name of the argument at fault (e.g. {@code "lhs"}, {@code "out"}, {@code "config"}) */
    public String argument() {
        return argument;
    }

    /** @return the expected value, as text */
    public String expected() {
        return expected;
    }

    /** @return the actual value, as text */
    public String actual() {
        return actual;
    }

    /** @return the axis at fault, or {@link #NO_AXIS} */
    public int axis() {
        return axis;
    }

    /** @return a copy of the expected shape, or {@code null} if not a shape mismatch */
    public long[] expectedShape() {
        return expectedShape == null ? null : expectedShape.clone();
    }

    /** @return a copy of the actual shape, or {@code null} if not a shape mismatch */
    public long[] actualShape() {
        return actualShape == null ? null : actualShape.clone();
    }
}
