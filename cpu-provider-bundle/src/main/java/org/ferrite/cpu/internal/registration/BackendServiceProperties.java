package org.ferrite.cpu.internal.registration;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.ferrite.api.BackendCapabilities;
import org.osgi.service.component.annotations.ComponentPropertyType;

/**
 * The service properties every CPU {@link org.ferrite.api.Backend} component publishes:
 * {@code ferrite.backend.name=cpu}, {@code ferrite.backend.device=cpu}, {@code ferrite.backend.dtypes}
 * (every dtype) and {@code ferrite.spi.version}. A Declarative Services component property type
 * (DS 1.4, read by bnd at build time), so the list is written once for {@link CpuBackendComponent} and
 * {@link CpuDomainBackendComponent}; each adds its own {@code service.ranking}. A property-type method
 * {@code ferrite_backend_name} names the property {@code ferrite.backend.name}.
 *
 * <p>Thread-safe: an annotation with no instances at run time. Lifetime: compile time only.
 */
@ComponentPropertyType
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
@interface BackendServiceProperties {
    /** @return the backend name */
    String ferrite_backend_name() default "cpu";

    /** @return the device kind */
    String ferrite_backend_device() default "cpu";

    /** @return every supported dtype, in {@link org.ferrite.api.tensor.DType} order */
    String[] ferrite_backend_dtypes() default {"BOOL", "I32", "I64", "F32", "F64", "C64", "C128", "F16", "BF16", "I8", "U8"};

    /** @return the SPI version implemented */
    String ferrite_spi_version() default BackendCapabilities.SPI_VERSION;
}
