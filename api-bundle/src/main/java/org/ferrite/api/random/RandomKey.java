package org.ferrite.api.random;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.ferrite.api.error.ValidationException;

/**
 * The key of a counter-based random stream: the 64-bit key {@code (k0, k1)} of {@link Philox}. A key is
 * a value — generating with it changes nothing — so the same key gives the same numbers every time and on
 * every provider; derive new keys for new numbers, as with JAX's PRNG keys:
 * <ul>
 * <li>{@link #of(long)}: a key from a seed;</li>
 * <li>{@link #split(int)}: {@code n} independent child keys (JAX's {@code random.split}); use a key
 * either to generate or to split, not both, and never the same child twice for independent draws;</li>
 * <li>{@link #fold(long)}: a key for a step, a layer or a worker index (JAX's {@code random.fold_in}).</li>
 * </ul>
 * Child keys are Philox blocks of the parent key under counters that the parent's own stream never uses
 * (third counter word 1 for {@code split} and {@link #child(long)}, 2 for {@code fold}; the stream's is 0).
 *
 * <pre>{@code
 * RandomKey root = RandomKey.of(2024);
 * List<RandomKey> keys = root.split(3);                  // init, dropout, noise
 * Tensor w = s.randomNormal(keys.get(0), DType.F32, 128, 64);
 * for (int step = 0; step < steps; step++) {
 *     Tensor noise = s.randomUniform(keys.get(2).fold(step), DType.F32, 128);
 * }
 * }</pre>
 *
 * <p>Thread-safe (immutable). Lifetime: a value.
 *
 * @param k0 key word 0 (an unsigned 32-bit value held in an {@code int}); any value is valid
 * @param k1 key word 1; any value is valid
 */
public record RandomKey(int k0, int k1) {
    /** The most keys one {@link #split(int)} returns. */
    public static final int MAX_SPLIT = 1 << 20;

    /**
     * A key from a seed: {@code k0} is its low 32 bits, {@code k1} its high 32 bits.
     *
     * @param seed any value
     * @return the key
     */
    public static RandomKey of(long seed) {
        return new RandomKey((int) seed, (int) (seed >>> 32));
    }

    /**
     * Child key {@code index} of this key: the first two words of the Philox block with counter
     * {@code (lo32(index), hi32(index), 1, 0)} under this key. {@link #split(int) split(n)} is children
     * {@code 0 … n-1}, so {@code split(n).get(i).equals(child(i))}: a worker can make its own child key
     * without the list.
     *
     * @param index any value (a 64-bit counter)
     * @return the child key
     */
    public RandomKey child(long index) {
        return derive(index, Philox.SPLIT);
    }

    /**
     * {@code n} independent child keys: {@link #child(long) child(0)}, …, {@code child(n - 1)}.
     *
     * @param n how many, in {@code [1, }{@value #MAX_SPLIT}{@code ]}
     * @return the keys, in order, unmodifiable
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code n}) outside that range
     */
    public List<RandomKey> split(int n) {
        if (n < 1 || n > MAX_SPLIT) {
            throw ValidationException.invalidArgument("RandomKey.split", "n", "a count in [1, " + MAX_SPLIT + "]",
                    String.valueOf(n), "split in several steps (split a child again) for more keys");
        }
        List<RandomKey> keys = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            keys.add(child(i));
        }
        return Collections.unmodifiableList(keys);
    }

    /**
     * A key for {@code data} (a step, a layer, a worker): the first two words of the Philox block with
     * counter {@code (lo32(data), hi32(data), 2, 0)} under this key.
     *
     * @param data any value
     * @return the derived key
     */
    public RandomKey fold(long data) {
        return derive(data, Philox.FOLD);
    }

    private RandomKey derive(long counter, int tag) {
        int[] out = new int[4];
        Philox.block((int) counter, (int) (counter >>> 32), tag, 0, k0, k1, out);
        return new RandomKey(out[0], out[1]);
    }

    @Override
    public String toString() {
        return String.format("RandomKey[0x%08x, 0x%08x]", k0, k1);
    }
}
