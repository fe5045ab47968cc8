package org.ferrite.offheap.internal;

import org.ferrite.offheap.OffHeapBackend;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Configuration of the off-heap backend service (PID {@code org.ferrite.offheap}). */
@ObjectClassDefinition(name = "Ferrite off-heap backend",
        description = "The test-only asynchronous off-heap device backend")
@interface OffHeapBackendConfiguration {
    /** @return the service ranking */
    @AttributeDefinition(description = "Service ranking of the Backend service")
    int service_ranking() default OffHeapBackendComponent.RANKING;

    /** @return the device memory in bytes */
    @AttributeDefinition(description = "Device memory in bytes")
    long memoryBytes() default OffHeapBackend.DEFAULT_MEMORY_BYTES;
}
