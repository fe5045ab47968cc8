package org.ferrite.cpu.internal.registration;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Configuration of one additional CPU backend service (factory PID {@code org.ferrite.cpu.domain}),
 * e.g. on a CPU set disjoint from the default backend's. Thread-safe (immutable).
 */
@ObjectClassDefinition(name = "Ferrite CPU backend on a CPU set",
        description = "An additional CPU backend service on its own CPU set")
@interface CpuDomainBackendConfiguration {
    /** @return the CPU list (required) */
    @AttributeDefinition(description = "CPU list such as 4-7 (required)")
    String cpus();

    /** @return the thread budget; 0 for one per CPU of the set */
    @AttributeDefinition(description = "Thread budget; 0 for one per CPU of the set", min = "0")
    int threads() default 0;

    /** @return whether sessions narrow the caller's affinity */
    @AttributeDefinition(description = "Narrow the calling thread to the CPU set during sessions")
    boolean pinCaller() default true;

    /** @return the buffer-pool cap; negative for the default */
    @AttributeDefinition(description = "Buffer-pool retention cap in bytes; negative for the default (100 MiB)")
    long bufferPoolLimitBytes() default -1;

    /** @return the indexed-plan cache's entry limit */
    @AttributeDefinition(description = "Indexed-plan cache entry limit", min = "0")
    int indexedPlanCacheMaxEntries() default 256;

    /** @return the indexed-plan cache's byte limit */
    @AttributeDefinition(description = "Indexed-plan cache byte limit", min = "0")
    long indexedPlanCacheMaxBytes() default 8388608;

    /** @return the GEMM route */
    @AttributeDefinition(description = "GEMM route: AUTO, JAVA or NATIVE")
    String gemmRoute() default "AUTO";

    /** @return whether held sessions record their open site */
    @AttributeDefinition(description = "Record where held sessions are opened and log it if one leaks")
    boolean leakDetection() default false;

    /** @return the service ranking */
    @AttributeDefinition(description = "Service ranking of the Backend service")
    int service_ranking() default CpuDomainBackendComponent.RANKING;
}
