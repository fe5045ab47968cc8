package org.ferrite.api.session;

/**
 * How {@code scatter} combines an update with the value already in place (StableHLO's
 * {@code update_computation}). Which dtypes each accepts (those of the matching {@link BinaryOp}) and
 * its NumPy name are its row of the operation table, {@link OpTable#of(ScatterMode)}. Thread-safe (an
 * enum); its constants live as long as the class is loaded.
 */
public enum ScatterMode {
    /** Overwrite; with duplicate indices the last update in index order wins. */
    REPLACE,
    /** Add (as {@link BinaryOp#ADD}). */
    ADD,
    /** Multiply (as {@link BinaryOp#MUL}). */
    MUL,
    /** Keep the maximum (as {@link BinaryOp#MAXIMUM}). */
    MAX,
    /** Keep the minimum (as {@link BinaryOp#MINIMUM}). */
    MIN
}
