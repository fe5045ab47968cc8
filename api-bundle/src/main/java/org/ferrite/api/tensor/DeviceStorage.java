package org.ferrite.api.tensor;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Opaque storage a device provider owns (for example a CUDA allocation). Host tensors never use it.
 * Implemented by providers; users only pass it along.
 *
 * <p>Thread-safe: implementations must be, since tensors over it may be inspected from several
 * threads. Lifetime: owned by its provider, which documents when the memory is freed; a tensor over it
 * must not be used afterwards.
 */
@ProviderType
public interface DeviceStorage {
    /** @return where the storage lives (never {@link Placement#HOST}) */
    Placement placement();

    /** @return the number of elements the storage holds */
    long elementCapacity();
}
