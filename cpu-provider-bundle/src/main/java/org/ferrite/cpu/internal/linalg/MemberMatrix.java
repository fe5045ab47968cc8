package org.ferrite.cpu.internal.linalg;

import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.internal.linalg.batch.MemberCursor;

/**
 * One operand of a per-member kernel call (the dense and native tiers), as the column-major
 * {@code (array, offset, ld)} a routine takes: the tensor's own storage when the member is already
 * column-major ({@link MemberCursor#columnMajor}), else a compact copy in a buffer of this object
 * ({@code ld = max(1, rows)}). {@link #load} makes the current member available (copying only when
 * buffered), {@link #store} writes a buffered result back; {@link #next} moves to the following
 * member.
 *
 * <p>Not thread-safe; owned by a {@link LinalgWorkspace} and reused (its buffer grows to the largest
 * member seen). Lifetime: one kernel call per {@link #reset}.
 */
final class MemberMatrix {
    private final MemberCursor cursor = new MemberCursor();
    private double[] doubles = new double[0];
    private float[] floats = new float[0];
    private int rows;
    private int cols;
    private boolean direct;
    private boolean single;
    /** The array a routine is passed: the tensor's storage or a buffer. */
    Object array;
    /** The scalar offset of the current member in {@link #array}. */
    int offset;
    /** The leading dimension, in elements. */
    int ld;

    /**
     * @param t the operand
     * @param vector whether it is a vector operand (one column per member)
     * @param memberRows rows of one member
     * @param memberCols columns of one member
     * @param allowDirect whether the routine may work on the tensor's storage itself
     * @return this
     */
    MemberMatrix reset(TensorRead t, boolean vector, int memberRows, int memberCols, boolean allowDirect) {
        cursor.reset(t, vector);
        rows = memberRows;
        cols = memberCols;
        single = cursor.storage instanceof float[];
        direct = allowDirect && cursor.columnMajor(rows, cols);
        if (direct) {
            array = cursor.storage;
            ld = cursor.leadingDimension(rows, cols);
        } else {
            int length = cursor.scalars * Math.max(1, rows) * cols;
            if (single) {
                floats = floats.length >= length ? floats : new float[Math.max(length, 2 * floats.length)];
                array = floats;
            } else {
                doubles = doubles.length >= length ? doubles : new double[Math.max(length, 2 * doubles.length)];
                array = doubles;
            }
            ld = Math.max(1, rows);
        }
        point();
        return this;
    }

    private void point() {
        offset = direct ? cursor.base * cursor.scalars : 0;
    }

    /** Makes the current member's values available at {@link #array} (a copy when buffered). */
    void load() {
        if (!direct) {
            Packing.gather(cursor, rows, cols, array, 0, ld);
        }
    }

    /**
     * Makes the current member of {@code src} (same extents and dtype) the routine's input here: copied
     * into the tensor itself when direct (for a routine that works in place on its output), else into
     * the buffer.
     *
     * @param src the source member
     */
    void loadFrom(MemberCursor src) {
        if (direct) {
            if (src.storage != cursor.storage || src.base != cursor.base || src.rowStride != cursor.rowStride
                    || src.colStride != cursor.colStride) {
                Packing.member(src, cursor, rows, cols);
            }
        } else {
            Packing.gather(src, rows, cols, array, 0, ld);
        }
    }

    /** Writes the buffered current member back into the tensor (nothing when direct). */
    void store() {
        if (!direct) {
            Packing.scatter(array, 0, ld, cursor, rows, cols);
        }
    }

    /** Moves to the next member. */
    void next() {
        cursor.next();
        point();
    }

    /** @return the cursor over the tensor itself (for gauges and checks on the stored result) */
    MemberCursor cursor() {
        return cursor;
    }

    /** @return true if the routine works on the tensor's own storage */
    boolean isDirect() {
        return direct;
    }
}
