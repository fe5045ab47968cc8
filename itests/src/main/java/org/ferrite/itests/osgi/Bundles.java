package org.ferrite.itests.osgi;

import java.util.Arrays;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;

/** Finds the provider bundles by symbolic name. Thread-safe (stateless). */
final class Bundles {
    /** The CPU provider. */
    static final String CPU = "org.ferrite.cpu";
    /** The test-only reference provider. */
    static final String REFERENCE = "org.ferrite.reference";
    /** The test-only asynchronous off-heap device provider. */
    static final String OFFHEAP = "org.ferrite.offheap";

    private Bundles() {
    }

    static Bundle bySymbolicName(BundleContext context, String name) {
        return Arrays.stream(context.getBundles()).filter(b -> name.equals(b.getSymbolicName())).findFirst()
                .orElseThrow(() -> new AssertionError("bundle " + name + " is not installed"));
    }
}
