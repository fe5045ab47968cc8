package org.ferrite.cpu.internal.plan;

import java.util.Arrays;
import org.ferrite.api.tensor.TensorRead;

/**
 * The identity of an indexed plan: the operation family, a config object compared by
 * {@link Object#equals}, and a sequence of ints (dtypes, ranks, extents and strides of every operand;
 * offsets are not part of it). A cache keeps one mutable probe per instance that kernels fill and look
 * up without allocating; {@link #copy()} makes the immutable key a cache stores. Not thread-safe.
 * Lifetime: the probe lives as long as its cache; a stored copy until its entry is evicted or cleared.
 */
public final class PlanKey {
    private int family;
    private Object config;
    private int configHash;
    private int[] ints;
    private int length;
    private int hash;
    // memo of recently hashed configs, by identity (configs are immutable; their hashCode may allocate)
    private final Object[] hashedConfigs = new Object[MEMO];
    private final int[] hashedConfigHashes = new int[MEMO];
    private int nextMemo;
    private static final int MEMO = 4;

    PlanKey() {
        this.ints = new int[64];
    }

    private PlanKey(int family, Object config, int configHash, int[] ints, int hash) {
        // an immutable copy: its memo stays empty
        this.family = family;
        this.config = config;
        this.configHash = configHash;
        this.ints = ints;
        this.length = ints.length;
        this.hash = hash;
    }

    /**
     * Starts a new key.
     *
     * @param planFamily the operation family (a small constant per plan class)
     * @param planConfig the operation's immutable config
     * @return this
     */
    public PlanKey reset(int planFamily, Object planConfig) {
        this.family = planFamily;
        this.config = planConfig;
        this.configHash = configHash(planConfig);
        this.length = 0;
        return this;
    }

    private int configHash(Object planConfig) {
        for (int i = 0; i < MEMO; i++) {
            if (hashedConfigs[i] == planConfig) {
                return hashedConfigHashes[i];
            }
        }
        int h = planConfig.hashCode();
        hashedConfigs[nextMemo] = planConfig;
        hashedConfigHashes[nextMemo] = h;
        nextMemo = (nextMemo + 1) % MEMO;
        return h;
    }

    /**
     * @param value the next int of the key
     * @return this
     */
    public PlanKey add(int value) {
        if (length == ints.length) {
            ints = Arrays.copyOf(ints, 2 * length);
        }
        ints[length++] = value;
        return this;
    }

    /**
     * Appends a tensor's dtype, rank, extents and strides. A {@code long} extent or stride enters as two
     * ints (high and low word), so keys are exact for any metadata.
     *
     * @param t the tensor
     * @return this
     */
    public PlanKey addTensor(TensorRead t) {
        add(t.dtype().ordinal());
        add(t.rank());
        for (int a = 0; a < t.rank(); a++) {
            addLong(t.dim(a));
            addLong(t.stride(a));
        }
        return this;
    }

    private void addLong(long value) {
        add((int) (value >>> 32));
        add((int) value);
    }

    /** Seals the probe: computes its hash. */
    void seal() {
        int h = 31 * family + configHash;
        for (int i = 0; i < length; i++) {
            h = 31 * h + ints[i];
        }
        hash = h;
    }

    /** @return an immutable copy for storage in a cache */
    PlanKey copy() {
        return new PlanKey(family, config, configHash, Arrays.copyOf(ints, length), hash);
    }

    /** @return the estimated heap bytes of a stored copy */
    long estimatedBytes() {
        return 48L + 16 + 4L * length;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PlanKey)) {
            return false;
        }
        PlanKey k = (PlanKey) o;
        if (k.hash != hash || k.family != family || k.length != length || k.configHash != configHash) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (ints[i] != k.ints[i]) {
                return false;
            }
        }
        return config == k.config || config.equals(k.config);
    }
}
