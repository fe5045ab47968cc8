/**
 * Helpers for provider implementations — users never need this package. The shared validation every
 * provider and every portable default of {@code org.ferrite.api.session} runs, so that all backends
 * accept and reject exactly the same inputs with the same typed errors: the operation table's verdict on
 * an (operation, dtype) pair ({@link org.ferrite.api.spi.OpChecks}), operand checks
 * ({@link org.ferrite.api.spi.OperandChecks}), the provider-neutral aliasing rule
 * ({@link org.ferrite.api.spi.Overlap}), and the shape rules of {@code dotGeneral}, gather, scatter,
 * slice, pad and concatenate ({@link org.ferrite.api.spi.DotGeneralShapes},
 * {@link org.ferrite.api.spi.IndexingShapes}, {@link org.ferrite.api.spi.ScatterShapes}).
 *
 * <p>Each cached operation's validation comes in two halves: a cacheable check of dtypes, axes,
 * shapes and output layout (what a plan-cache key proves), and a per-call check of placement,
 * aliasing and scalar arguments, which a provider runs on every call — cache hit or miss.
 */
@Export
@Version("0.3.0")
package org.ferrite.api.spi;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
