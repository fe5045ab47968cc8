package org.ferrite.spark.internal;

/**
 * Which CPUs task slot {@code k} gets: the {@code k}-th run of {@code taskCpus} ids of the process's CPUs,
 * wrapping around (and so sharing CPUs with lower slots) once the slots outnumber the CPUs.
 * Thread-safe (immutable). Lifetime: a value.
 *
 * @param processCpus the process's CPU ids, at least one
 * @param taskCpus CPUs per slot ({@code spark.task.cpus}), at least one
 */
public record SlotCpus(int[] processCpus, int taskCpus) {
    /**
     * @param processCpus the process's CPU ids, at least one
     * @param taskCpus CPUs per slot, at least one
     */
    public SlotCpus {
        if (processCpus.length == 0 || taskCpus < 1) {
            throw new IllegalArgumentException("need CPUs and at least one CPU per slot");
        }
        processCpus = processCpus.clone();
    }

    /** @return how many slots fit without sharing a CPU (at least 1: one slot always exists) */
    public int disjointSlots() {
        return Math.max(1, processCpus.length / taskCpus);
    }

    /**
     * @param slot the slot's index, from 0
     * @return its CPU ids
     */
    public int[] of(int slot) {
        int width = Math.min(taskCpus, processCpus.length);
        int[] ids = new int[width];
        for (int j = 0; j < width; j++) {
            ids[j] = processCpus[(int) (((long) slot * width + j) % processCpus.length)];
        }
        return ids;
    }

    /**
     * @param slot the slot's index
     * @return true if it shares a CPU with a lower slot
     */
    public boolean shares(int slot) {
        return slot >= disjointSlots();
    }

    /** @return the process's CPU ids (a copy) */
    @Override
    public int[] processCpus() {
        return processCpus.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SlotCpus other && java.util.Arrays.equals(processCpus, other.processCpus)
                && taskCpus == other.taskCpus;
    }

    @Override
    public int hashCode() {
        return 31 * java.util.Arrays.hashCode(processCpus) + taskCpus;
    }

    @Override
    public String toString() {
        return "SlotCpus[cpus=" + ProcessCpus.format(processCpus) + ", taskCpus=" + taskCpus + "]";
    }
}
