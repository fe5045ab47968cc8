package org.ferrite.cpu.internal.linalg.lapack;

import com.sun.jna.Memory;
import java.util.Arrays;

/**
 * One reusable block of native memory in a {@link LapackWorkspace} (a LAPACK operand or work array),
 * grown on demand, with the copies between column-major Java arrays and the block. Inside the block a
 * matrix is compact: element (i, j) of a matrix with leading dimension {@code ld} at element
 * {@code i + j·ld}, complex elements as two scalars (re, im). Not thread-safe.
 *
 * <p>Lifetime: the memory is freed by {@link #close()} (or, if never closed, by JNA's cleaner once the
 * block is unreachable); a grown block frees its old memory at once.
 *
 * <p>Implementation notes: {@link #ensure(long)} discards the contents when it grows, so a caller sizes
 * a block before writing into it. The block does not record its element type: the routine that
 * writes doubles (floats) reads doubles (floats) back, the Java arrays being {@code double[]} or
 * {@code float[]} as the dtype says. Copies go through {@link Memory#write(long, double[], int, int)}
 * and its siblings (one JNI copy per column, one for a whole compact matrix) and allocate nothing.
 */
final class NativeBlock implements AutoCloseable {
    /** Smallest block: LAPACK dereferences workspace arguments even for empty problems. */
    private static final long MIN_BYTES = 64;

    /** Invariant: null only after {@link #close()}. */
    private Memory memory = new Memory(MIN_BYTES);

    /** @return the block's memory (a new object after a growth) */
    Memory pointer() {
        return memory;
    }

    /** @return the block's size in bytes */
    long bytes() {
        return memory.size();
    }

    /**
     * Makes the block at least {@code bytes} long; contents are lost if it grows.
     *
     * @param bytes the size needed
     * @return this block
     */
    NativeBlock ensure(long bytes) {
        if (memory == null) {
            throw new IllegalStateException("the LAPACK workspace is closed; use the session's open workspace");
        }
        if (memory.size() < bytes) {
            Memory grown = new Memory(Math.max(bytes, Math.min(2 * memory.size(), bytes + (1L << 26))));
            memory.close();
            memory = grown;
        }
        return this;
    }

    /**
     * Copies the {@code rows × cols} matrix {@code src[off + s·(i + j·ld) …]} into the block, compact
     * (leading dimension {@code rows}), growing the block to fit.
     *
     * @param src the column-major source, a {@code double[]} or a {@code float[]} (the block then holds
     *     doubles or floats)
     * @param off offset of element (0, 0), in scalars
     * @param ld leading dimension of the source, in elements ({@code ≥ rows})
     * @param rows row count
     * @param cols column count
     * @param scalars scalars per element: 1 real, 2 complex
     */
    void write(Object src, int off, int ld, int rows, int cols, int scalars) {
        assert ld >= rows : "ld " + ld + " < rows " + rows;
        int column = rows * scalars;
        int bytes = scalarBytes(src);
        ensure((long) column * cols * bytes);
        if (column == 0 || cols == 0) {
            return;
        }
        if (ld == rows || cols == 1) {
            copyIn(0, src, off, column * cols);
            return;
        }
        for (int j = 0; j < cols; j++) {
            copyIn((long) j * column * bytes, src, off + j * ld * scalars, column);
        }
    }

    /**
     * Copies the leading {@code rows × cols} part of the block's matrix (leading dimension
     * {@code blockLd}) to {@code dst[off + s·(i + j·ld) …]}.
     *
     * @param blockLd leading dimension inside the block, in elements
     * @param dst the column-major destination, of the element type the block was written with
     * @param off offset of element (0, 0), in scalars
     * @param ld leading dimension of the destination, in elements ({@code ≥ rows})
     * @param rows row count
     * @param cols column count
     * @param scalars scalars per element
     */
    void read(int blockLd, Object dst, int off, int ld, int rows, int cols, int scalars) {
        assert ld >= rows && blockLd >= rows : "ld " + ld + ", block ld " + blockLd + ", rows " + rows;
        int column = rows * scalars;
        if (column == 0 || cols == 0) {
            return;
        }
        if ((ld == rows && blockLd == rows) || cols == 1) {
            copyOut(0, dst, off, column * cols);
            return;
        }
        for (int j = 0; j < cols; j++) {
            copyOut((long) j * blockLd * scalars * scalarBytes(dst), dst, off + j * ld * scalars, column);
        }
    }

    /**
     * Copies the upper (or lower) trapezoid of the block's leading {@code rows × cols} matrix to
     * {@code dst} and writes zeros over the rest of the destination matrix: element (i, j) is copied
     * when {@code i ≤ j} (upper) or {@code i ≥ j} (lower), else set to 0.
     *
     * @param upper true for the upper trapezoid (R of a QR, U of a Cholesky), false for the lower
     * @param blockLd leading dimension inside the block, in elements
     * @param dst the column-major destination, of the element type the block was written with
     * @param off offset of element (0, 0), in scalars
     * @param ld leading dimension of the destination, in elements
     * @param rows row count
     * @param cols column count
     * @param scalars scalars per element
     */
    void readTrapezoid(boolean upper, int blockLd, Object dst, int off, int ld, int rows, int cols, int scalars) {
        // one copy of the rectangle (a single JNI call when both sides are compact), then zeros
        read(blockLd, dst, off, ld, rows, cols, scalars);
        for (int j = 0; j < cols; j++) {
            int column = off + j * ld * scalars;
            if (upper) {
                zero(dst, column + Math.min(j + 1, rows) * scalars, column + rows * scalars);
            } else {
                zero(dst, column, column + Math.min(j, rows) * scalars);
            }
        }
    }

    /** @return the size of one scalar of {@code array}, a {@code double[]} or a {@code float[]} */
    private static int scalarBytes(Object array) {
        assert array instanceof double[] || array instanceof float[] : array.getClass();
        return array instanceof double[] ? Double.BYTES : Float.BYTES;
    }

    private void copyIn(long byteOffset, Object src, int index, int length) {
        if (src instanceof double[]) {
            memory.write(byteOffset, (double[]) src, index, length);
        } else {
            memory.write(byteOffset, (float[]) src, index, length);
        }
    }

    private void copyOut(long byteOffset, Object dst, int index, int length) {
        if (dst instanceof double[]) {
            memory.read(byteOffset, (double[]) dst, index, length);
        } else {
            memory.read(byteOffset, (float[]) dst, index, length);
        }
    }

    private static void zero(Object dst, int from, int to) {
        if (dst instanceof double[]) {
            Arrays.fill((double[]) dst, from, to, 0);
        } else {
            Arrays.fill((float[]) dst, from, to, 0);
        }
    }

    /**
     * Copies {@code count} ints into the block, adding {@code delta} to each (0-based pivots to
     * LAPACK's 1-based ones), through {@code scratch}.
     *
     * @param src the source
     * @param off offset of the first int
     * @param count how many
     * @param delta added to every value
     * @param scratch a Java buffer of at least {@code count} ints
     */
    void writeInts(int[] src, int off, int count, int delta, int[] scratch) {
        ensure((long) count * Integer.BYTES);
        for (int i = 0; i < count; i++) {
            scratch[i] = src[off + i] + delta;
        }
        if (count > 0) {
            memory.write(0, scratch, 0, count);
        }
    }

    /**
     * Copies {@code count} ints out of the block into {@code dst[off …]}, adding {@code delta}.
     *
     * @param dst the destination
     * @param off offset of the first int
     * @param count how many
     * @param delta added to every value
     */
    void readInts(int[] dst, int off, int count, int delta) {
        if (count == 0) {
            return;
        }
        memory.read(0, dst, off, count);
        for (int i = off; i < off + count; i++) {
            dst[i] += delta;
        }
    }

    /** Frees the memory; idempotent. The block is unusable afterwards. */
    @Override
    public void close() {
        if (memory != null) {
            memory.close();
            memory = null;
        }
    }
}
