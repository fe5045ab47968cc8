/**
 * OSGi registration of the test-only off-heap provider: the Declarative Services component that
 * registers an {@code OffHeapBackend} as an {@code org.ferrite.api.Backend} service. Private to the bundle
 * {@code org.ferrite.offheap}.
 */
package org.ferrite.offheap.internal;
