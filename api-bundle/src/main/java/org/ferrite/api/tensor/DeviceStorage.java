package org.ferrite.api.tensor;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Opaque storage a device provider owns (for example a CUDA allocation). Host tensors never use it.
 * Implemented by providers; users only pass it along. Thread-safety and lifetime are the
 * implementing provider's and must be documented there.
 */
@ProviderType
public interface DeviceStorage {
    /** @return where the storage lives (never {@link Placement#HOST}) */
    Placement placement();

    /** @return the number of elements the storage holds */
    long elementCapacity();
}
