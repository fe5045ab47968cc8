/**
 * The session SPI: {@link org.ferrite.api.session.BackendSession} and its operation families, and the
 * operation configurations (immutable, validated at construction). The validation shared by every
 * provider and by the portable defaults here lives in {@code org.ferrite.api.spi}, which users never
 * need.
 *
 * <p>Each family interface has a small set of abstract <em>kernel hooks</em> a provider must implement
 * (for example {@link org.ferrite.api.session.ElementwiseOps#binaryInto}) and {@code default}
 * convenience methods built on them (allocation forms on top of {@code …Into} forms, {@code add} on
 * top of {@code binary}). A provider implements the hooks and inherits the rest; it may override a
 * default for speed, never to change its meaning.
 *
 * <p>Which dtypes each operation accepts, its result dtype, its domain limits and its NumPy name are data:
 * the operation table, {@link org.ferrite.api.session.OpTable} (one {@link org.ferrite.api.session.OpSpec}
 * row per operation), the one source that providers, the code generator and the docs read.
 */
@Export
@Version("0.3.0")
package org.ferrite.api.session;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
