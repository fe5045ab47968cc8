package org.ferrite.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.ferrite.api.Backend;
import org.ferrite.api.HeldSession;
import org.ferrite.cpu.internal.admission.AdmissionArbiter;
import org.ferrite.cpu.internal.affinity.Affinities;
import org.ferrite.cpu.internal.affinity.FakeAffinity;
import org.ferrite.cpu.internal.cpuset.CpuMask;
import org.ferrite.cpu.testing.Await;
import org.junit.jupiter.api.Test;

/**
 * Admission is per process, not per class loader: a second copy of the CPU provider (what an updated
 * OSGi bundle's new revision is, or a copy in another class loader) shares the arbiter's state with the
 * first, so it never admits on CPUs the first holds; and a copy whose sessions have ended can be
 * collected (its thread-locals hold JDK types only).
 */
class ProviderCopiesShareAdmissionTest {

    @Test
    void aSecondCopyOfTheProviderWaitsForCpusTheFirstHolds() throws Exception {
        assertThat(AdmissionArbiter.process().isProcessWide()).isTrue();
        long rechecked = AdmissionArbiter.process().grantsByRecheck();
        ExecutorService other = Executors.newSingleThreadExecutor();
        try (TestBackends backends = new TestBackends(); ProviderCopy copy = new ProviderCopy()) {
            CpuBackend first = backends.on("60-61");
            Backend second = copy.backend("60");
            Future<String> waiting;
            try (CpuHeldSession held = first.openSession()) {
                assertThat(held.isOpen()).isTrue();
                Optional<HeldSession> barged = Await.result(other.submit(second::tryOpenSession));
                assertThat(barged).as("the second copy admitted on CPUs the first holds").isEmpty();
                waiting = other.submit(() -> second.<String>withSession(s -> "admitted"));
                Await.until(() -> AdmissionArbiter.process().queueLength() == 1,
                        () -> "the second copy's entry to queue behind the first copy's session");
                assertThat(waiting).isNotDone();
            }
            assertThat(Await.result(waiting)).as("admitted when the first copy's session closed").isEqualTo("admitted");
            assertThat(AdmissionArbiter.process().grantsByRecheck()).as("woken by the release, not by a re-check")
                    .isEqualTo(rechecked);
            ((AutoCloseable) second).close();
        } finally {
            other.shutdownNow();
        }
    }

    @Test
    void aCopyWhoseSessionsEndedBecomesCollectable() throws Exception {
        WeakReference<ClassLoader> loader = runSessionsOnACopyOnThisThread();
        Await.until(() -> {
            System.gc();
            return loader.get() == null;
        }, () -> "the class loader of a copy of the provider to be collected");
    }

    @Test
    void aCopyThatCalledTheNativeAffinityFunctionsBecomesCollectable() throws Exception {
        assumeTrue(Affinities.platform().isSupported(), "native affinity is unsupported here");
        WeakReference<ClassLoader> loader = bindNativeAffinityInACopy();
        Await.until(() -> {
            System.gc();
            return loader.get() == null;
        }, () -> "the class loader of a copy that called sched_getaffinity to be collected");
    }

    /** Loads the copy's LinuxAffinity, which reads the process's CPU set through JNA. */
    private static WeakReference<ClassLoader> bindNativeAffinityInACopy() throws Exception {
        try (ProviderCopy copy = new ProviderCopy()) {
            Object control = copy.loader.loadClass("org.ferrite.cpu.internal.affinity.Affinities")
                    .getMethod("platform").invoke(null);
            assertThat(control.getClass().getName()).endsWith("LinuxAffinity");
            return new WeakReference<>(copy.loader);
        }
    }

    private static WeakReference<ClassLoader> runSessionsOnACopyOnThisThread() throws Exception {
        try (ProviderCopy copy = new ProviderCopy()) {
            Backend backend = copy.backend("62");
            backend.withSession(s -> null);
            try (HeldSession held = backend.openSession()) {
                held.withSession(s -> s.childExecution().withSession(c -> null));
            } catch (RuntimeException reentered) {
                // a child on its parent's own thread is reentered: the owner marker saw a claim of the copy
            }
            ((AutoCloseable) backend).close();
            return new WeakReference<>(copy.loader);
        }
    }

    /** A second copy of the CPU provider's classes, in a child-first class loader (the API is shared). */
    private static final class ProviderCopy implements AutoCloseable {
        final URLClassLoader loader;

        ProviderCopy() {
            URL classes = CpuBackend.class.getProtectionDomain().getCodeSource().getLocation();
            URL testClasses = FakeAffinity.class.getProtectionDomain().getCodeSource().getLocation();
            loader = new URLClassLoader("provider-copy", new URL[] {classes, testClasses},
                    ProviderCopiesShareAdmissionTest.class.getClassLoader()) {
                @Override
                protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                    if (!name.startsWith("org.ferrite.cpu.")) {
                        return super.loadClass(name, resolve);
                    }
                    synchronized (getClassLoadingLock(name)) {
                        Class<?> loaded = findLoadedClass(name);
                        return loaded != null ? loaded : findClass(name);
                    }
                }
            };
        }

        Backend backend(String cpus) throws Exception {
            Class<?> backendClass = loader.loadClass("org.ferrite.cpu.CpuBackend");
            Class<?> domainClass = loader.loadClass("org.ferrite.cpu.CpuDomain");
            Class<?> maskClass = loader.loadClass("org.ferrite.cpu.internal.cpuset.CpuMask");
            Class<?> controlClass = loader.loadClass("org.ferrite.cpu.internal.affinity.AffinityControl");
            Object processCpus = maskClass.getMethod("range", int.class, int.class).invoke(null, 0, 127);
            Object affinity = loader.loadClass("org.ferrite.cpu.internal.affinity.FakeAffinity")
                    .getConstructor(maskClass).newInstance(processCpus);
            Object builder = backendClass.getMethod("builder").invoke(null);
            Method control = builder.getClass().getDeclaredMethod("affinityControl", controlClass);
            control.setAccessible(true);
            control.invoke(builder, affinity);
            builder.getClass().getMethod("cpus", domainClass).invoke(builder,
                    domainClass.getMethod("parse", String.class).invoke(null, cpus));
            return (Backend) builder.getClass().getMethod("build").invoke(builder);
        }

        @Override
        public void close() throws IOException {
            loader.close();
        }
    }

    static {
        CpuMask.of(0); // the first copy's classes are loaded by the test's own class loader
        // JNA starts its cleaner thread on first use, and the thread keeps the access-control context
        // (so the class loader) of whoever started it: let that be this loader, not a copy's.
        Affinities.platform();
    }
}
