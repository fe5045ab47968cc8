/**
 * {@code dotGeneral} on the CPU: validation, contraction planning (axis classification, merging,
 * route choice), the per-session plan cache keyed by layout, prepared contractions (a plan the caller
 * holds), and plan execution (packing, batched GEMM calls, accumulation into the output). Kernels
 * live in {@code org.ferrite.cpu.internal.gemm}.
 *
 * <p>The {@code Float*} classes are generated from their {@code Double*} templates by the
 * {@code codegen} module (CONTRIBUTING.md).
 *
 * <p>Private to the bundle.
 */
package org.ferrite.cpu.internal.contract;
