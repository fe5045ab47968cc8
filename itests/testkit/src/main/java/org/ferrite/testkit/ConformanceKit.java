package org.ferrite.testkit;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.ferrite.api.Backend;
import org.ferrite.testkit.suite.CapabilitiesConformance;
import org.ferrite.testkit.suite.CompletionConformance;
import org.ferrite.testkit.suite.ContractionConformance;
import org.ferrite.testkit.suite.DeviceToDeviceConformance;
import org.ferrite.testkit.suite.EinsumConformance;
import org.ferrite.testkit.suite.ElementwiseConformance;
import org.ferrite.testkit.suite.ErrorConformance;
import org.ferrite.testkit.suite.EventConformance;
import org.ferrite.testkit.suite.IndexingConformance;
import org.ferrite.testkit.suite.LifecycleConformance;
import org.ferrite.testkit.suite.LinalgConformance;
import org.ferrite.testkit.suite.LinalgEdgeConformance;
import org.ferrite.testkit.suite.LinalgSolveConformance;
import org.ferrite.testkit.suite.NarrowDTypeConformance;
import org.ferrite.testkit.suite.MemoryConformance;
import org.ferrite.testkit.suite.NumPyIdiomConformance;
import org.ferrite.testkit.suite.PersistentMemoryConformance;
import org.ferrite.testkit.suite.PromotionConformance;
import org.ferrite.testkit.suite.RandomConformance;
import org.ferrite.testkit.suite.ReductionConformance;
import org.ferrite.testkit.suite.SessionConformance;
import org.ferrite.testkit.suite.StructuralConformance;
import org.ferrite.testkit.suite.TransferConformance;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The provider conformance kit: extend it once, in your provider's tests, and every suite of the kit
 * runs against your backend — each suite is a {@link Nested} class of this one, so a suite added to the
 * kit runs for every provider without a change on their side.
 *
 * <pre>{@code
 * class MyProviderConformanceTest extends ConformanceKit {
 *     private static final MyBackend SHARED = new MyBackend();
 *
 *     @Override
 *     protected Backend backend() {
 *         return SHARED;           // the backend most suites run against; kept idle between tests
 *     }
 *
 *     @Override
 *     protected Backend newBackend() {
 *         return new MyBackend();  // a fresh owned backend; the lifecycle tests close it
 *     }
 * }
 * }</pre>
 *
 * <p>The suites are written for host and device providers alike (see {@link ProviderConformance}). A
 * provider may exclude a suite that does not apply to it ({@link #excludedSuites()}); its tests are then
 * reported as skipped, with the reason. The kit never passes vacuously: a test class that executes none
 * of its tests fails ({@link KitRun}).
 *
 * <p><b>Adding a suite</b> (for the kit's authors): write it as an abstract class extending
 * {@link ProviderConformance} in {@code org.ferrite.testkit.suite}, and declare it here as one nested class,
 * {@code @Nested class Name extends NameConformance {}}. Providers pick it up unchanged.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: JUnit creates one instance per test method, nested
 * suites included; {@link #backend()} may return a shared instance, which the kit leaves idle.
 */
@ExtendWith(KitRun.class)
public abstract class ConformanceKit {
    /** For subclasses. */
    protected ConformanceKit() {
    }

    /**
     * @return the backend under test, shared by the tests (they leave it idle); not closed by the kit
     */
    protected abstract Backend backend();

    /**
     * @return a new backend owned by the calling test, which closes it ({@link LifecycleConformance} and
     *     the memory tests of a closed backend)
     */
    protected abstract Backend newBackend();

    /**
     * A second device of the provider under test, for {@link DeviceToDeviceConformance}: a new owned backend
     * on another placement of the same provider (CUDA device 1 beside device 0), whose sessions may run at
     * the same time as {@link #backend()}'s and which {@code transferInto} reaches from them. The default,
     * empty, says the provider has one placement; the device-to-device tests are then skipped.
     *
     * @return a new backend on another device, owned by the calling test, which closes it; or empty
     */
    protected Optional<Backend> newPeerBackend() {
        return Optional.empty();
    }

    /**
     * The suites that do not apply to this provider; their tests are skipped with this method named as
     * the reason. The default excludes nothing. Exclude sparingly: a suite you exclude is a contract your
     * provider has not shown it meets.
     *
     * @return suite classes, e.g. {@code Set.of(LifecycleConformance.class)}
     */
    protected Set<Class<? extends ProviderConformance>> excludedSuites() {
        return Set.of();
    }

    /** @return every suite the kit runs, in declaration order */
    public static List<Class<? extends ProviderConformance>> suites() {
        return Arrays.stream(ConformanceKit.class.getDeclaredClasses())
                .filter(c -> c.isAnnotationPresent(Nested.class))
                .<Class<? extends ProviderConformance>>map(ConformanceKit::suiteOf)
                .collect(Collectors.toUnmodifiableList());
    }

    /** The suite class a (nested or standalone) suite subclass extends: the child of ProviderConformance. */
    static Class<? extends ProviderConformance> suiteOf(Class<?> type) {
        Class<?> c = type;
        while (c.getSuperclass() != ProviderConformance.class) {
            c = c.getSuperclass();
        }
        return c.asSubclass(ProviderConformance.class);
    }

    /** {@link SessionConformance}. */
    @Nested
    class Session extends SessionConformance {
    }

    /** {@link CapabilitiesConformance}. */
    @Nested
    class Capabilities extends CapabilitiesConformance {
    }

    /** {@link TransferConformance}. */
    @Nested
    class Transfer extends TransferConformance {
    }

    /** {@link CompletionConformance}. */
    @Nested
    class Completion extends CompletionConformance {
    }

    /** {@link MemoryConformance}. */
    @Nested
    class Memory extends MemoryConformance {
    }

    /** {@link PersistentMemoryConformance}. */
    @Nested
    class PersistentMemory extends PersistentMemoryConformance {
    }

    /** {@link EventConformance}. */
    @Nested
    class Events extends EventConformance {
    }

    /** {@link DeviceToDeviceConformance}. */
    @Nested
    class DeviceToDevice extends DeviceToDeviceConformance {
    }

    /** {@link RandomConformance}. */
    @Nested
    class Random extends RandomConformance {
    }

    /** {@link ElementwiseConformance}. */
    @Nested
    class Elementwise extends ElementwiseConformance {
    }

    /** {@link PromotionConformance}. */
    @Nested
    class Promotion extends PromotionConformance {
    }

    /** {@link NumPyIdiomConformance}. */
    @Nested
    class NumPyIdioms extends NumPyIdiomConformance {
    }

    /** {@link StructuralConformance}. */
    @Nested
    class Structural extends StructuralConformance {
    }

    /** {@link ReductionConformance}. */
    @Nested
    class Reduction extends ReductionConformance {
    }

    /** {@link NarrowDTypeConformance}. */
    @Nested
    class NarrowDTypes extends NarrowDTypeConformance {
    }

    /** {@link IndexingConformance}. */
    @Nested
    class Indexing extends IndexingConformance {
    }

    /** {@link ContractionConformance}. */
    @Nested
    class Contraction extends ContractionConformance {
    }

    /** {@link EinsumConformance}. */
    @Nested
    class EinsumSuite extends EinsumConformance {
    }

    /** {@link LinalgConformance}. */
    @Nested
    class LinalgSuite extends LinalgConformance {
    }

    /** {@link LinalgSolveConformance}. */
    @Nested
    class LinalgSolves extends LinalgSolveConformance {
    }

    /** {@link LinalgEdgeConformance}. */
    @Nested
    class LinalgEdges extends LinalgEdgeConformance {
    }

    /** {@link ErrorConformance}. */
    @Nested
    class Errors extends ErrorConformance {
    }

    /** {@link LifecycleConformance}. */
    @Nested
    class Lifecycle extends LifecycleConformance {
    }
}
