package org.ferrite.cpu.internal.linalg.dense;

/**
 * Whether a triangular matrix has a unit diagonal (LAPACK's {@code DIAG = 'N' | 'U'}). With
 * {@link #UNIT} the stored diagonal is never read and taken to be 1. Thread-safe (immutable).
 */
public enum Diagonal {
    /** The diagonal is read from the matrix. */
    NON_UNIT,
    /** The diagonal is taken to be 1 and never read. */
    UNIT
}
