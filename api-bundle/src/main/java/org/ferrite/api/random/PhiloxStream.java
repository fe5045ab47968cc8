package org.ferrite.api.random;

import java.util.Objects;

/**
 * A cursor over the word stream of a {@link RandomKey} ({@link Philox}, "The stream of a key"),
 * from a given word on: {@link #nextWord()} returns word {@code w}, then {@code w + 1}, … — computing
 * each block of four words once. The sequential form of {@link Philox#word}: a kernel that visits the
 * elements of an output in column-major order pulls each element's words from one cursor
 * ({@link Distribution#nextBits}, {@link Distribution#next}).
 *
 * <pre>{@code
 * PhiloxStream words = new PhiloxStream(key, 0);
 * int w0 = words.nextWord();   // == Philox.word(key, 0)
 * int w1 = words.nextWord();   // == Philox.word(key, 1)
 * }</pre>
 *
 * <p>Not thread-safe. Lifetime: a value the caller keeps as long as it reads.
 */
public final class PhiloxStream {
    private final int k0;
    private final int k1;
    private final int[] block = new int[4];
    /** The index of the next word. */
    private long next;
    /** The index of the block held in {@link #block}, or -1. */
    private long held = -1;

    /**
     * @param key the key
     * @param firstWord the index of the first word {@link #nextWord()} returns, {@code >= 0}
     * @throws IllegalArgumentException if {@code firstWord} is negative
     */
    public PhiloxStream(RandomKey key, long firstWord) {
        Objects.requireNonNull(key, "key");
        if (firstWord < 0) {
            throw new IllegalArgumentException("a word index is >= 0: " + firstWord);
        }
        this.k0 = key.k0();
        this.k1 = key.k1();
        this.next = firstWord;
    }

    /** @return the next word of the stream */
    public int nextWord() {
        long b = next >>> 2;
        if (b != held) {
            Philox.block((int) b, (int) (b >>> 32), Philox.STREAM, 0, k0, k1, block);
            held = b;
        }
        return block[(int) (next++ & 3)];
    }

    /**
     * @return the next two words as one 64-bit value, the first word in the low half:
     *     {@code (w1 << 32) | (w0 & 0xFFFFFFFF)}
     */
    public long nextLong() {
        long low = nextWord() & 0xFFFF_FFFFL;
        return ((long) nextWord() << 32) | low;
    }

    /** @return the index of the word {@link #nextWord()} returns next */
    public long position() {
        return next;
    }
}
