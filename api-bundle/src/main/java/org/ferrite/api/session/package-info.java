/**
 * The session SPI: {@link org.ferrite.api.session.BackendSession} and its operation families,
 * operation configurations (immutable, validated at construction), and the shared validation every
 * provider uses so providers cannot disagree on what is valid.
 *
 * <p>Each family interface has a small set of abstract <em>kernel hooks</em> a provider must implement
 * (for example {@link org.ferrite.api.session.ElementwiseOps#binaryInto}) and {@code default}
 * convenience methods built on them (allocation forms on top of {@code …Into} forms, {@code add} on
 * top of {@code binary}). A provider implements the hooks and inherits the rest; it may override a
 * default for speed, never to change its meaning.
 */
@Export
@Version("0.1.0")
package org.ferrite.api.session;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
