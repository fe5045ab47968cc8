/**
 * Einsum for every provider: NumPy's notation ({@link org.ferrite.einsum.Subscripts}, string and
 * integer sublists with unbounded labels), opt_einsum's path optimisers and cost model
 * ({@link org.ferrite.einsum.PathOptimizer}, {@link org.ferrite.einsum.ContractionPath}), precompiled
 * expressions ({@link org.ferrite.einsum.EinsumExpression}) and the ad-hoc facade
 * ({@link org.ferrite.einsum.Einsum}) with a per-session plan cache. Everything is lowered onto
 * {@code BackendSession} operations, so it runs unchanged on any provider; a provider may take it over
 * through the {@link org.ferrite.einsum.EinsumKernels} extension.
 */
@Export
@Version("0.3.0")
package org.ferrite.einsum;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
