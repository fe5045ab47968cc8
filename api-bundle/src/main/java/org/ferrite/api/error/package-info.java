/**
 * The exception hierarchy of Ferrite: one unchecked root, {@link org.ferrite.api.error.TensorException},
 * whose {@link org.ferrite.api.error.TensorException#kind() kind} tells callers what class of failure
 * happened without {@code instanceof} chains.
 *
 * <p>Every exception names the operation it came from and, where it applies, the argument, the
 * expected value and the actual one. Bad input never corrupts state: providers validate before the
 * first write.
 */
@Export
@Version("0.3.0")
package org.ferrite.api.error;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
