package org.ferrite.cpu;

/**
 * Which matrix-multiplication kernels contractions may use. Every route gives the same results within
 * floating-point tolerance. Thread-safe (an enum). Lifetime: constants.
 */
public enum GemmRoute {
    /** Tiny-shape loops, the blocked Java kernel, and native BLAS for large shapes when loadable. */
    AUTO,
    /** Pure Java only (tiny-shape loops and the cache-blocked kernel). */
    JAVA,
    /** Native BLAS whenever loadable, whatever the size; Java if it is not. */
    NATIVE
}
