package org.ferrite.spark;

/**
 * How an executor's concurrently running tasks share a provider — the answer to "two tasks, one JVM, one
 * root session per CPU domain".
 *
 * <pre>{@code
 * BackendSpec spec = BackendSpec.of("cpu").withSlots(TaskSlots.DISJOINT_CPUS);   // the default for "cpu"
 * }</pre>
 *
 * <p>Thread-safe (an enum). Lifetime: its constants live as long as the class is loaded.
 */
public enum TaskSlots {
    /**
     * {@link #DISJOINT_CPUS} for the CPU provider (named {@code "cpu"}), {@link #SHARED} for every other
     * provider. The default.
     */
    AUTO,
    /**
     * One backend per task slot, each on its own {@code spark.task.cpus} CPUs, disjoint from the other
     * slots' while the executor has that many CPUs: the provider's settings {@code cpus} (the slot's CPU
     * list), {@code threads} ({@code spark.task.cpus}) and {@code pinCaller} ({@code false} unless the
     * spec sets it) — the CPU provider's keys. Two tasks never wait for each other's admission.
     */
    DISJOINT_CPUS,
    /**
     * One backend for every task of the executor, made from the spec's settings as they are. For a provider
     * that admits one root session at a time per device, concurrent tasks take turns (each waits while
     * another's partition runs).
     */
    SHARED
}
