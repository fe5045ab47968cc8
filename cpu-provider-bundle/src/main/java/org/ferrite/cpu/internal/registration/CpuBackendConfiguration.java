package org.ferrite.cpu.internal.registration;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.osgi.service.component.annotations.ComponentPropertyType;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * The metatype of the default CPU backend service (PID {@code org.ferrite.cpu}): one attribute per row
 * of {@link org.ferrite.cpu.internal.settings.CpuSetting} — id, type, default and description as the
 * row has them ({@code CpuSettingParityTest} checks each) — plus {@code service.ranking}. Also a
 * component property type: {@link CpuBackendComponent} carries it, so Declarative Services publishes
 * these defaults as service properties. The component reads its configuration as a map, through the
 * table ({@link CpuSettings#fromConfiguration}), not through this interface.
 *
 * <p>Thread-safe: an annotation with no instances at run time. Lifetime: compile time only.
 */
@ObjectClassDefinition(name = "Ferrite CPU backend",
        description = "The default CPU backend service: thread budget, CPU set, pool limits and routes")
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@interface CpuBackendConfiguration {
    /** @return the thread budget; 0 for one per CPU of the set */
    @AttributeDefinition(description = "Thread budget, at least 1; 0 for one per CPU of the set", min = "0")
    int threads() default 0;

    /** @return the CPU list; blank for every CPU the process may use */
    @AttributeDefinition(description = "CPU list such as 0-3,8; blank for every CPU the process may use"
            + " (a factory configuration requires it)")
    String cpus() default "";

    /** @return whether sessions narrow the caller's affinity */
    @AttributeDefinition(description = "Narrow the calling thread to the CPU set during sessions")
    boolean pinCaller() default true;

    /** @return the buffer-pool cap; negative for the default */
    @AttributeDefinition(description = "Buffer-pool retention cap in bytes; negative for the default"
            + " (ferrite.cpu.bufferPoolLimitBytes, else FERRITE_CPU_BUFFER_POOL_LIMIT_BYTES, else 100 MiB)")
    long bufferPoolLimitBytes() default -1;

    /** @return the indexed-plan cache's entry limit */
    @AttributeDefinition(description = "Indexed-plan cache entry limit; 0 retains no plan", min = "0")
    int indexedPlanCacheMaxEntries() default 256;

    /** @return the indexed-plan cache's byte limit */
    @AttributeDefinition(description = "Indexed-plan cache byte limit (8 MiB); 0 retains no plan", min = "0")
    long indexedPlanCacheMaxBytes() default 8388608;

    /** @return the GEMM route */
    @AttributeDefinition(description = "GEMM route: AUTO, JAVA or NATIVE")
    String gemmRoute() default "AUTO";

    /** @return the linear-algebra route */
    @AttributeDefinition(description = "Linear-algebra route: AUTO (by size), JAVA, SMALL, DENSE or NATIVE")
    String linalgRoute() default "AUTO";

    /** @return whether held sessions record their open site */
    @AttributeDefinition(description = "Record where held sessions are opened and log it if one leaks; false"
            + " leaves it to the system property ferrite.leakDetection")
    boolean leakDetection() default false;

    /** @return the long-wait warning's delay */
    @AttributeDefinition(description = "Milliseconds, at least 1, after which an entry that waits without bound"
            + " logs who holds its CPUs", min = "1")
    long longWaitWarningMillis() default 10000;

    /** @return the service ranking */
    @AttributeDefinition(description = "Service ranking of the Backend service")
    int service_ranking() default CpuBackendComponent.RANKING;
}
