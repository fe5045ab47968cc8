package org.ferrite.reference.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Configuration of the reference backend service (PID {@code org.ferrite.reference}). */
@ObjectClassDefinition(name = "Ferrite reference backend",
        description = "The test-only reference backend service; it has no tuning, only a ranking")
@interface ReferenceBackendConfiguration {
    /** @return the service ranking */
    @AttributeDefinition(description = "Service ranking of the Backend service")
    int service_ranking() default ReferenceBackendComponent.RANKING;
}
