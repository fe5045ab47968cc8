package org.ferrite.api;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.ferrite.api.error.UnsupportedOpException;
import org.ferrite.api.session.SessionFunction;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.DeviceKind;

/**
 * Test-only {@link BackendProvider}s registered in {@code META-INF/services} of the test class path:
 * {@code alpha} (priority 10), {@code beta} (priority 50), {@code gamma} (priority 100, unavailable)
 * and {@code broken} (throws from {@code name()}), plus an entry for a class that does not exist.
 */
public final class TestProviders {
    private TestProviders() {
    }

    /** How many backends each provider created, to observe sharing. */
    static final AtomicInteger CREATED = new AtomicInteger();

    /** Shared skeleton. */
    abstract static class Base implements BackendProvider {
        private final String name;
        private final int priority;
        private final boolean available;

        Base(String name, int priority, boolean available) {
            this.name = name;
            this.priority = priority;
            this.available = available;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public DeviceKind device() {
            return DeviceKind.CPU;
        }

        @Override
        public int priority() {
            return priority;
        }

        @Override
        public boolean isAvailable() {
            return available;
        }

        @Override
        public Backend create(Map<String, String> properties) {
            CREATED.incrementAndGet();
            return new StubBackend(name, properties);
        }
    }

    /** Available, priority 10. */
    public static final class Alpha extends Base {
        /** ServiceLoader constructor. */
        public Alpha() {
            super("alpha", 10, true);
        }
    }

    /** Available, priority 50. */
    public static final class Beta extends Base {
        /** ServiceLoader constructor. */
        public Beta() {
            super("beta", 50, true);
        }
    }

    /** Unavailable, priority 100. */
    public static final class Gamma extends Base {
        /** ServiceLoader constructor. */
        public Gamma() {
            super("gamma", 100, false);
        }

        @Override
        public DeviceKind device() {
            return DeviceKind.CUDA;
        }

        @Override
        public String unavailableReason() {
            return "no CUDA device";
        }
    }

    /** Misbehaves: every query throws. */
    public static final class Broken implements BackendProvider {
        /** ServiceLoader constructor. */
        public Broken() {
        }

        @Override
        public String name() {
            throw new IllegalStateException("broken provider");
        }

        @Override
        public DeviceKind device() {
            throw new IllegalStateException("broken provider");
        }

        @Override
        public int priority() {
            throw new IllegalStateException("broken provider");
        }

        @Override
        public boolean isAvailable() {
            throw new IllegalStateException("broken provider");
        }

        @Override
        public Backend create(Map<String, String> properties) {
            throw new IllegalStateException("broken provider");
        }
    }

    /** A backend that only knows its name and settings, and counts how often it was closed. */
    static final class StubBackend implements Backend {
        private final String name;
        private final Map<String, String> properties;
        final AtomicInteger closes = new AtomicInteger();

        StubBackend(String name, Map<String, String> properties) {
            this.name = name;
            this.properties = properties;
        }

        @Override
        public String name() {
            return name;
        }

        Map<String, String> properties() {
            return properties;
        }

        @Override
        public DeviceKind device() {
            return DeviceKind.CPU;
        }

        @Override
        public BackendCapabilities capabilities() {
            return BackendCapabilities.builder(DeviceKind.CPU).dtypes(DType.F64).build();
        }

        @Override
        public <R> R withSession(SessionFunction<R> work) {
            return work.apply(null); // the tests only observe that the call arrives
        }

        @Override
        public HeldSession openSession() {
            throw new UnsupportedOpException("openSession", null, "stub backend");
        }

        @Override
        public HeldSession openSession(Duration maxWait) {
            throw new UnsupportedOpException("openSession", null, "stub backend");
        }

        @Override
        public Optional<HeldSession> tryOpenSession() {
            return Optional.empty();
        }

        @Override
        public void close() {
            closes.incrementAndGet();
        }

        @Override
        public String toString() {
            return "StubBackend[" + name + "]";
        }
    }
}
