/**
 * Process-wide controls of the system OpenBLAS shared by the native routes (GEMM through netlib's
 * BLAS shim, LAPACK through JNA): its thread count and configuration string. Everything here is
 * optional: without JNA or without OpenBLAS the controls report themselves absent and do nothing.
 *
 * <p>Private to the bundle.
 */
package org.ferrite.cpu.internal.openblas;
