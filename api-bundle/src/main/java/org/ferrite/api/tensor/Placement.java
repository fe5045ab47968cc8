package org.ferrite.api.tensor;

import java.util.Objects;
import org.ferrite.api.error.ValidationException;

/**
 * Where a tensor's storage lives: the host (primitive Java arrays) or a device with an ordinal. No
 * operation ever transfers between placements implicitly; a session's {@code transferInto},
 * {@code toHost} and {@code to} are the only operations that cross placements. Thread-safe
 * (immutable); a value that lives as long as it is referenced.
 *
 * @param device the kind of device
 * @param ordinal the device's index among devices of that kind (0 for the host)
 */
public record Placement(DeviceKind device, int ordinal) {
    /** The host: storage is a primitive Java array. */
    public static final Placement HOST = new Placement(DeviceKind.CPU, 0);

    /**
     * @param device the kind of device
     * @param ordinal the device's index, {@code >= 0}
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code ordinal}) for a negative ordinal
     * @throws NullPointerException if {@code device} is {@code null}
     */
    public Placement {
        Objects.requireNonNull(device, "device");
        if (ordinal < 0) {
            throw ValidationException.invalidArgument("Placement", "ordinal", "a device index >= 0",
                    String.valueOf(ordinal), null);
        }
    }

    /** @return true if the storage is a host primitive array */
    public boolean isHost() {
        return device == DeviceKind.CPU;
    }

    @Override
    public String toString() {
        return isHost() ? "host" : device.name().toLowerCase(java.util.Locale.ROOT) + ":" + ordinal;
    }
}
