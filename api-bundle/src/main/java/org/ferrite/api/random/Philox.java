package org.ferrite.api.random;

import java.util.Objects;

/**
 * The Philox-4×32-10 block function of Salmon, Moraes, Dror and Shaw ("Parallel random numbers: as easy
 * as 1, 2, 3", SC11), as in Random123, cuRAND and JAX: a bijection of a 128-bit counter
 * {@code (c0, c1, c2, c3)} under a 64-bit key {@code (k0, k1)} onto four 32-bit output words, built of ten
 * rounds
 * <pre>
 * (hi0, lo0) = M0 · c0,   (hi1, lo1) = M1 · c2          (32 × 32 → 64-bit products, unsigned)
 * (c0, c1, c2, c3) ← (hi1 ⊕ c1 ⊕ k0, lo1, hi0 ⊕ c3 ⊕ k1, lo0)
 * </pre>
 * with {@code M0 = 0xD2511F53}, {@code M1 = 0xCD9E8D57}, and the key bumped by the Weyl constants
 * {@code (0x9E3779B9, 0xBB67AE85)} (mod 2<sup>32</sup>) before each round after the first. It passes
 * Random123's known-answer vectors (e.g. counter and key all zero give
 * {@code 6627e8d5 e169c58d bc57ac4c 9b00dbd8}).
 *
 * <h2>The stream of a key</h2>
 * Key {@code (k0, k1)} of a {@link RandomKey} defines an infinite stream of 32-bit words: word
 * {@code w} ({@code w >= 0}) is output word {@code w mod 4} of the block with counter
 * {@code (lo32(w / 4), hi32(w / 4), 0, 0)}. {@link Distribution} says which words make which element;
 * {@link RandomKey#child} (and {@code split}) and {@link RandomKey#fold} use counters whose third word is 1
 * and 2, so a key's
 * children never repeat its stream's blocks.
 *
 * <p>Thread-safe (stateless). Lifetime: static functions only.
 */
public final class Philox {
    /** The rounds of Philox-4×32-10. */
    public static final int ROUNDS = 10;
    /** The third counter word of the blocks of a key's stream. */
    static final int STREAM = 0;
    /** The third counter word of {@link RandomKey#child}'s blocks. */
    static final int SPLIT = 1;
    /** The third counter word of {@link RandomKey#fold}'s blocks. */
    static final int FOLD = 2;

    private static final long M0 = 0xD2511F53L;
    private static final long M1 = 0xCD9E8D57L;
    private static final int W0 = 0x9E3779B9;
    private static final int W1 = 0xBB67AE85;
    private static final long LOW = 0xFFFF_FFFFL;

    private Philox() {
    }

    /**
     * One block: Philox-4×32-10 of counter {@code (c0, c1, c2, c3)} under key {@code (k0, k1)}; every
     * word is an unsigned 32-bit value held in an {@code int}.
     *
     * @param c0 counter word 0
     * @param c1 counter word 1
     * @param c2 counter word 2
     * @param c3 counter word 3
     * @param k0 key word 0
     * @param k1 key word 1
     * @param out receives the four output words, in order, at indices 0 to 3
     * @throws IndexOutOfBoundsException if {@code out} has fewer than four elements
     */
    public static void block(int c0, int c1, int c2, int c3, int k0, int k1, int[] out) {
        Objects.checkFromIndexSize(0, 4, out.length);
        int x0 = c0;
        int x1 = c1;
        int x2 = c2;
        int x3 = c3;
        int key0 = k0;
        int key1 = k1;
        for (int round = 0; round < ROUNDS; round++) {
            if (round > 0) {
                key0 += W0;
                key1 += W1;
            }
            long p0 = M0 * (x0 & LOW);
            long p1 = M1 * (x2 & LOW);
            int n0 = (int) (p1 >>> 32) ^ x1 ^ key0;
            int n2 = (int) (p0 >>> 32) ^ x3 ^ key1;
            x1 = (int) p1;
            x3 = (int) p0;
            x0 = n0;
            x2 = n2;
        }
        out[0] = x0;
        out[1] = x1;
        out[2] = x2;
        out[3] = x3;
    }

    /**
     * Word {@code index} of {@code key}'s stream (see the class comment): random access, for kernels
     * that compute each element on its own.
     *
     * @param key the key
     * @param index the word's index, {@code >= 0}
     * @return the word
     * @throws IllegalArgumentException if {@code index} is negative
     */
    public static int word(RandomKey key, long index) {
        if (index < 0) {
            throw new IllegalArgumentException("a word index is >= 0: " + index);
        }
        int[] out = new int[4];
        long block = index >>> 2;
        block((int) block, (int) (block >>> 32), STREAM, 0, key.k0(), key.k1(), out);
        return out[(int) (index & 3)];
    }
}
