/**
 * Entry points: {@link org.ferrite.api.Backend} (scoped and held sessions),
 * {@link org.ferrite.api.HeldSession}, discovery through {@link org.ferrite.api.Backends} and the
 * {@link org.ferrite.api.BackendProvider} ServiceLoader SPI.
 *
 * <pre>{@code
 * Backend cpu = Backends.get();
 * try (HeldSession held = cpu.openSession()) {
 *     Tensor c = held.withSession(s -> s.matmul(a, b));
 * }
 * }</pre>
 */
@Export
@Version("0.3.0")
package org.ferrite.api;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
