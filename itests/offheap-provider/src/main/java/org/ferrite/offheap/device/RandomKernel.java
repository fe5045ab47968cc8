package org.ferrite.offheap.device;

import org.ferrite.api.random.Distribution;
import org.ferrite.api.random.PhiloxStream;
import org.ferrite.api.random.RandomKey;
import org.ferrite.api.tensor.DType;

/**
 * The random kernel: {@code out[i]} = element {@code i} of a {@link Distribution} under a key, {@code i}
 * the column-major index over {@code out}'s shape — the API's reference implementation evaluated on the
 * stream, element by element into device memory, so the bits are those of every other provider. One
 * {@link PhiloxStream} serves the whole output: the odometer visits the elements in column-major order,
 * which is the order of their words in the key's stream.
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class RandomKernel {
    private RandomKernel() {
    }

    /**
     * @param distribution what to generate
     * @param key the key
     * @param out the output, validated (dtype accepted, writable, this provider's memory)
     * @return the work to queue
     */
    public static Runnable fill(Distribution distribution, RandomKey key, Operand out) {
        DType dtype = out.dtype;
        return () -> {
            PhiloxStream words = distribution.stream(key, dtype, 0);
            double[] v = new double[2];
            for (Odometer o = new Odometer(out.shape()); o.next();) {
                long[] i = o.index();
                if (distribution == Distribution.BITS) {
                    out.putInteger(i, distribution.nextBits(words, dtype));
                } else {
                    distribution.next(words, dtype, v);
                    out.put(i, v[0], v[1]);
                }
            }
        };
    }
}
