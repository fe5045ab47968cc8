package org.ferrite.api.error;

/** What kind of input was invalid; see {@link ValidationException}. Thread-safe (an enum); its constants live as long as the class is loaded. */
public enum ValidationKind {
    /** Two shapes that must agree do not (or an output has the wrong shape). */
    SHAPE_MISMATCH,
    /** A tensor has the wrong number of axes. */
    RANK_MISMATCH,
    /** An axis index is negative or not below the rank. */
    AXIS_OUT_OF_BOUNDS,
    /** A dtype is not the one required. */
    DTYPE_MISMATCH,
    /** Any other invalid argument: bad configuration, duplicate axes, aliasing outputs. */
    INVALID_ARGUMENT
}
