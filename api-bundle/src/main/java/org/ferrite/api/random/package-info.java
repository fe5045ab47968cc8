/**
 * Reproducible, counter-based random numbers: a {@link org.ferrite.api.random.RandomKey} (made from a
 * seed, split and folded like a JAX PRNG key), the {@link org.ferrite.api.random.Philox Philox-4×32-10}
 * block function behind it, and the {@link org.ferrite.api.random.Distribution distributions} a session
 * generates ({@code BackendSession.randomBits}, {@code randomUniform}, {@code randomNormal}). This
 * package is also the one <b>reference implementation</b>: its Javadoc fixes which counter produces which
 * element, bit for bit, so that every provider — the CPU provider writing host arrays, a device provider
 * generating on its stream — gives the same numbers for the same key.
 *
 * <pre>{@code
 * RandomKey key = RandomKey.of(42);
 * List<RandomKey> keys = key.split(2);                     // independent streams
 * Tensor w = s.randomNormal(keys.get(0), DType.F32, 256, 256);
 * Tensor u = s.randomUniform(keys.get(1), DType.F64, 1000);
 * }</pre>
 */
@Export
@Version("0.3.0")
package org.ferrite.api.random;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
