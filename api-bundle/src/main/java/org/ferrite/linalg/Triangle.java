package org.ferrite.linalg;

/**
 * Which triangle of a square matrix an operation reads or writes (LAPACK's {@code UPLO}).
 *
 * <pre>{@code
 * Tensor u = Linalg.cholesky(s, a, Triangle.UPPER);   // a = Uᴴ·U, only a's upper triangle read
 * }</pre>
 *
 * <p>Thread-safe (an enum); its constants live as long as the class is loaded.
 */
public enum Triangle {
    /** The lower triangle, diagonal included. */
    LOWER,
    /** The upper triangle, diagonal included. */
    UPPER
}
