package org.ferrite.itests.osgi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordingFile;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.namespace.PackageNamespace;
import org.osgi.framework.wiring.BundleWiring;
import org.osgi.test.common.annotation.InjectBundleContext;
import org.osgi.test.common.annotation.InjectService;
import org.osgi.test.junit5.context.BundleContextExtension;
import org.osgi.test.junit5.service.ServiceExtension;

/**
 * The provider imports {@code jdk.jfr} optionally; inside Felix the system bundle exports it, so the
 * import is wired and session events reach Flight Recorder.
 */
@ExtendWith(BundleContextExtension.class)
@ExtendWith(ServiceExtension.class)
class SessionEventsInFrameworkTest {
    @Test
    void sessionEventsReachFlightRecorderInsideTheFramework(@InjectBundleContext BundleContext context,
            @InjectService(filter = "(&(ferrite.backend.name=cpu)(!(service.factoryPid=*)))", timeout = 5000)
            Backend backend) throws Exception {
        Bundle provider = Arrays.stream(context.getBundles())
                .filter(b -> "org.ferrite.cpu".equals(b.getSymbolicName())).findFirst().orElseThrow();
        BundleWiring wiring = provider.adapt(BundleWiring.class);
        assertTrue(wiring.getRequiredWires(PackageNamespace.PACKAGE_NAMESPACE).stream().anyMatch(
                wire -> "jdk.jfr".equals(wire.getCapability().getAttributes().get(PackageNamespace.PACKAGE_NAMESPACE))),
                "org.ferrite.cpu's optional import of jdk.jfr is wired");

        Path file = Files.createTempFile("ferrite-sessions", ".jfr");
        try (Recording recording = new Recording()) {
            recording.enable("org.ferrite.cpu.SessionOpened");
            recording.start();
            try (HeldSession held = backend.openSession()) {
                held.withSession(s -> null);
            }
            recording.stop();
            recording.dump(file);
            assertTrue(RecordingFile.readAllEvents(file).stream()
                    .anyMatch(e -> e.getEventType().getName().equals("org.ferrite.cpu.SessionOpened")),
                    "a SessionOpened event was recorded");
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
