/**
 * Matrix-multiplication kernels behind {@code dotGeneral}: the tiny strided loops, the cache-blocked
 * pure-Java kernel (on JDK 17's auto-vectorised column loops, or on the Vector API micro-kernel of
 * {@code internal.simd} when that module is present), the native BLAS route through {@code dev.ludovic.netlib}, and the complex
 * formulations on top of the real kernels. Every kernel computes
 * {@code C = alpha·A·B + beta·C} on strided matrices
 * ({@code X[i, j] = x[off + i·rowStride + j·colStride]}); with {@code beta == 0} the old {@code C} is
 * never read, with {@code alpha == 0} (or an empty inner dimension) {@code A} and {@code B} are never
 * read (BLAS conventions). {@code C} must not overlap {@code A} or {@code B}.
 *
 * <p>The {@code Float*} classes are generated from their {@code Double*} templates by the
 * {@code codegen} module; edit the template and regenerate (CONTRIBUTING.md).
 *
 * <p>Private to the bundle.
 */
package org.ferrite.cpu.internal.gemm;
