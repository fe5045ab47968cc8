package org.ferrite.cpu.internal.admission;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.ferrite.cpu.internal.cpuset.CpuMask;

/**
 * Where the admission state lives that every copy of the CPU provider in the process shares — every
 * revision of an updated OSGi bundle, every class loader that loaded the provider — so that two copies
 * never admit sessions on the same CPUs.
 *
 * <p>The state is made of JDK types only ({@link AtomicLong}, {@code long[]}, {@code Object[]}):
 * a class of this bundle in it would be a different class in each copy (unusable by the others) and
 * would pin the copy that created it in memory. It is anchored in the process through the JDK's
 * registry of MBean servers ({@link MBeanServerFactory#findMBeanServer}): a private MBean server whose
 * default domain is {@value #DOMAIN} holds one MBean, a completed {@link CompletableFuture} of the
 * state, registered under {@value #NAME}. The first copy creates both; later copies find them. A
 * JDK-typed monitor that every copy can name without sharing a class — the interned string
 * {@value #DOMAIN} — serialises the creation.
 *
 * <p>The layout is a protocol between copies: {@value #PROTOCOL} names it, and a copy that speaks
 * another protocol uses another domain (so copies of different protocols do not share; they would
 * not be able to anyway). Where the registry is unusable (no {@code java.management} module, a
 * security manager that refuses), the state is this copy's own, and {@link #isProcessWide()} says so.
 *
 * <p>Thread-safe. Lifetime: the process's (the MBean server is never released).
 */
public final class SharedAdmissionState {
    /** The protocol of the state's layout, part of the domain name. */
    static final int PROTOCOL = 1;
    /** The default domain of the MBean server that anchors the state. */
    static final String DOMAIN = "org.ferrite.cpu.admission.v1";
    /** The name of the MBean that holds the state. */
    static final String NAME = DOMAIN + ":type=AdmissionState";
    /** Slots of the state array. */
    static final int WORD = 0;
    static final int QUEUED_COUNT = 1;
    static final int HIGH = 2;
    static final int HIGH_WORDS = CpuMask.MAX_CPU / 64 + 1;

    private static final System.Logger LOG = System.getLogger("org.ferrite.cpu.admission");

    private final Object[] state;
    private final boolean processWide;

    private SharedAdmissionState(Object[] state, boolean processWide) {
        this.state = state;
        this.processWide = processWide;
    }

    /** @return the process's state, created by the first copy of the provider that asks */
    static SharedAdmissionState processWide() {
        try {
            return new SharedAdmissionState(anchored(), true);
        } catch (Exception | LinkageError e) {
            LOG.log(System.Logger.Level.WARNING, "CPU admission is shared only within this copy of the CPU"
                    + " provider (its class loader): the JDK's MBean server registry is unusable here (" + e
                    + "). Another copy (an updated bundle's old revision) may admit sessions on the same CPUs.");
            return new SharedAdmissionState(newState(), false);
        }
    }

    /** @return a state of its own (for tests and for arbiters built outside the process-wide one) */
    static SharedAdmissionState local() {
        return new SharedAdmissionState(newState(), false);
    }

    private static Object[] anchored() throws Exception {
        ObjectName name = new ObjectName(NAME);
        synchronized (DOMAIN) { // an interned literal: the same monitor in every class loader
            MBeanServer server = find();
            if (server == null) {
                server = MBeanServerFactory.createMBeanServer(DOMAIN);
            }
            if (!server.isRegistered(name)) {
                server.registerMBean(new StandardMBean(CompletableFuture.completedFuture(newState()), Future.class),
                        name);
            }
            return (Object[]) server.invoke(name, "get", new Object[0], new String[0]);
        }
    }

    private static MBeanServer find() {
        List<MBeanServer> servers = MBeanServerFactory.findMBeanServer(null);
        for (MBeanServer server : servers) {
            if (DOMAIN.equals(server.getDefaultDomain())) {
                return server;
            }
        }
        return null;
    }

    private static Object[] newState() {
        return new Object[] {new AtomicLong(), new long[1], new long[HIGH_WORDS]};
    }

    /** @return the state array: the monitor of the arbiters' critical sections, and their data */
    Object[] array() {
        return state;
    }

    /** @return true if the state is shared process-wide, false if it is this copy's own */
    public boolean isProcessWide() {
        return processWide;
    }
}
