package org.ferrite.api.tensor;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Opaque storage a device provider owns (for example a CUDA allocation, or a window of one). Host
 * tensors never use it. Implemented by providers; users only pass it along.
 *
 * <p><b>Aliasing.</b> Two handles may describe windows of one underlying allocation (a pooled device
 * buffer handed out in pieces). {@link #allocation()} names that allocation and {@link #byteOffset()}
 * says where this handle starts inside it; the shared overlap rule
 * ({@code org.ferrite.api.spi.Overlap}) compares tensors by allocation identity and byte range, never
 * by handle identity. A provider that hands out one allocation per handle keeps the defaults.
 *
 * <p>Thread-safe: implementations must be, since tensors over it may be inspected from several
 * threads. Lifetime: owned by the provider session that allocated it, which frees the memory at
 * {@code reclaim}, at the latest when that session closes, and otherwise when the backend closes (see
 * {@code BackendSession}); a tensor over it must not be used afterwards — the provider then rejects it
 * with {@link org.ferrite.api.error.RuntimeStateException}.
 */
@ProviderType
public interface DeviceStorage {
    /** @return where the storage lives (never {@link Placement#HOST}) */
    Placement placement();

    /** @return the number of elements the storage holds */
    long elementCapacity();

    /**
     * The identity of the allocation this storage is a window of, compared with {@code ==}. Two
     * storages over the same memory must return the same object.
     *
     * @return the allocation; the default is this handle itself (one allocation per handle)
     */
    default Object allocation() {
        return this;
    }

    /**
     * @return where this handle's element 0 starts inside {@link #allocation()}, in bytes
     *     ({@code >= 0}); the default is 0
     */
    default long byteOffset() {
        return 0;
    }
}
