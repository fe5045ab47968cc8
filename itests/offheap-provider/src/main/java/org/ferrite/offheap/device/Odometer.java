package org.ferrite.offheap.device;

/**
 * A cursor over the indices of a shape in column-major order (the first axis turns fastest), reusing
 * one index array: {@code for (Odometer o = new Odometer(shape); o.next();) use(o.index());}. Rank 0
 * yields one empty index; an extent 0 yields none.
 *
 * <p>Not thread-safe. Lifetime: one loop.
 */
final class Odometer {
    private final long[] shape;
    private final long[] index;
    private boolean started;
    private boolean done;

    Odometer(long[] shape) {
        this.shape = shape;
        this.index = new long[shape.length];
        for (long extent : shape) {
            done |= extent == 0;
        }
    }

    /** @return true if {@link #index()} now holds the next index; false once every index was visited */
    boolean next() {
        if (done) {
            return false;
        }
        if (!started) {
            started = true;
            return true;
        }
        for (int a = 0; a < shape.length; a++) {
            if (++index[a] < shape[a]) {
                return true;
            }
            index[a] = 0;
        }
        done = true;
        return false;
    }

    /** @return the current index, overwritten by the next {@link #next()}; copy it to keep it */
    long[] index() {
        return index;
    }
}
