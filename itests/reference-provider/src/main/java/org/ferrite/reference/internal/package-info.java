/**
 * OSGi registration of the test-only reference provider: the Declarative Services component that
 * registers the {@code ReferenceBackend} as an {@code org.ferrite.api.Backend} service. Private
 * to the bundle {@code org.ferrite.reference}.
 */
package org.ferrite.reference.internal;
