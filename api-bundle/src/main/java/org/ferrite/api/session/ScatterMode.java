package org.ferrite.api.session;

/**
 * How {@code scatter} combines an update with the value already in place (StableHLO's
 * {@code update_computation}). Thread-safe (an enum); its constants live as long as the class is loaded.
 */
public enum ScatterMode {
    /** Overwrite; with duplicate indices the last update in index order wins. */
    REPLACE,
    /** Add. */
    ADD,
    /** Multiply. */
    MUL,
    /** Keep the maximum (real dtypes). */
    MAX,
    /** Keep the minimum (real dtypes). */
    MIN
}
