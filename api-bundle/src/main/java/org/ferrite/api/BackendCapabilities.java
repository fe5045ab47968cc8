package org.ferrite.api;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;

/**
 * What a backend supports. Thread-safe (immutable); a value that lives as long as it is referenced.
 *
 * @param device where it computes
 * @param dtypes the dtypes it accepts (contraction is further limited to the floating ones)
 * @param threadBudget how many worker threads it may use for one session (at least 1)
 * @param affinitySupported whether it can narrow CPU affinity (false where the platform cannot)
 * @param affinityNote why affinity is unsupported, or an empty string
 * @param spiVersion the version of the Ferrite SPI it implements, e.g. {@code "0.1.0"}
 */
public record BackendCapabilities(DeviceKind device, Set<DType> dtypes, int threadBudget, boolean affinitySupported,
        String affinityNote, String spiVersion) {

    /** The SPI version of this API bundle. */
    public static final String SPI_VERSION = "0.1.0";

    /**
     * @param device where it computes
     * @param dtypes the dtypes it accepts (copied; iterated in {@link DType} order)
     * @param threadBudget at least 1
     * @param affinitySupported whether affinity narrowing works
     * @param affinityNote why not, or empty
     * @param spiVersion the SPI version implemented
     */
    public BackendCapabilities {
        Objects.requireNonNull(device, "device");
        dtypes = dtypes.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(dtypes));
        if (threadBudget < 1) {
            throw new IllegalArgumentException("threadBudget must be >= 1, got " + threadBudget);
        }
        Objects.requireNonNull(affinityNote, "affinityNote");
        Objects.requireNonNull(spiVersion, "spiVersion");
    }

    /**
     * @param dtype a dtype
     * @return true if supported
     */
    public boolean supports(DType dtype) {
        return dtypes.contains(dtype);
    }
}
