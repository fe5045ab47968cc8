package org.ferrite.cpu.internal.affinity;

import java.util.Locale;

/**
 * Chooses the platform's {@link AffinityControl}: Linux with JNA, else an unsupported one that says
 * why. Thread-safe. Lifetime: static; the platform control is chosen once per class loader.
 */
public final class Affinities {
    private Affinities() {
    }

    /** @return the process's affinity control (detected once) */
    public static AffinityControl platform() {
        return Holder.INSTANCE;
    }

    private static final class Holder {
        static final AffinityControl INSTANCE = detect();
    }

    private static AffinityControl detect() {
        String os = System.getProperty("os.name", "unknown");
        if (!os.toLowerCase(Locale.ROOT).startsWith("linux")) {
            return new UnsupportedAffinity("CPU affinity needs Linux; this is " + os + " (CPU sets are advisory)");
        }
        try {
            return new LinuxAffinity();
        } catch (LinkageError e) {
            return new UnsupportedAffinity("JNA is not available (" + e + "); CPU sets are advisory");
        } catch (AffinityException e) {
            return new UnsupportedAffinity(e.getMessage() + "; CPU sets are advisory");
        }
    }
}
