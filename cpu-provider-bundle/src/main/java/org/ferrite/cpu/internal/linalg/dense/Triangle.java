package org.ferrite.cpu.internal.linalg.dense;

/**
 * Which triangle of a square matrix a routine reads or writes (LAPACK's {@code UPLO = 'U' | 'L'}); the
 * other triangle is neither read nor written unless the routine says so. Thread-safe (immutable).
 */
public enum Triangle {
    /** The upper triangle, diagonal included: {@code A[i, j]} with {@code i ≤ j}. */
    UPPER,
    /** The lower triangle, diagonal included: {@code A[i, j]} with {@code i ≥ j}. */
    LOWER
}
