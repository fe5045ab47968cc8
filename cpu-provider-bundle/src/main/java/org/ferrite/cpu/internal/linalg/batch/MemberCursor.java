package org.ferrite.cpu.internal.linalg.batch;

import org.ferrite.api.tensor.TensorRead;

/**
 * Where each batch member of a batch-trailing host operand lives: element {@code (i, j)} of the
 * current member at storage element {@link #base} {@code + i·rowStride + j·colStride} (scalar index
 * times {@link #scalars} for complex dtypes). {@link #next()} steps to the following member in
 * column-major order over the batch axes by an odometer (one addition for one batch axis), so walking
 * a batch costs no division. A vector operand ({@code [k, batch…]}) has {@code colStride = 0}.
 *
 * <p>Used by the dispatch ({@code internal.linalg}) and the small tier alike. Not thread-safe: a workspace
 * owns its cursors and reuses them call after call (no allocation
 * once its arrays have grown to the batch rank). Lifetime: one kernel call per {@link #reset}.
 *
 * <pre>
 * Implementation notes.
 * Every value is an int: host storage is one Java array, so every reachable element index fits, and a
 * batch extent or stride of an operand that reaches storage does too. index[a] is the odometer digit of
 * batch axis a; base is always offset + Σ index[a]·strides[a].
 * </pre>
 */
public final class MemberCursor {
    /** The storage array: {@code double[]}, {@code float[]} or {@code int[]}. */
    public Object storage;
    /** Scalars per element: 2 for complex dtypes, else 1. */
    public int scalars;
    /** Element stride along the rows (axis 0). */
    public int rowStride;
    /** Element stride along the columns (axis 1), 0 for a vector operand. */
    public int colStride;
    /** Element index of the current member's {@code (0, 0)}. */
    public int base;
    private int offset;
    private int batchRank;
    private int[] extents = new int[2];
    private int[] strides = new int[2];
    private int[] index = new int[2];

    /**
     * Points the cursor at member 0 of {@code t}.
     *
     * @param t a host operand
     * @param vector whether {@code t} is a vector operand {@code [k, batch…]} (else {@code [m, n, batch…]})
     * @return this cursor
     */
    public MemberCursor reset(TensorRead t, boolean vector) {
        storage = t.storage();
        scalars = t.dtype().scalarsPerElement();
        rowStride = (int) t.stride(0);
        colStride = vector ? 0 : (int) t.stride(1);
        offset = (int) t.offset();
        int first = vector ? 1 : 2;
        batchRank = t.rank() - first;
        if (extents.length < batchRank) {
            extents = new int[batchRank];
            strides = new int[batchRank];
            index = new int[batchRank];
        }
        for (int a = 0; a < batchRank; a++) {
            extents[a] = (int) t.dim(first + a);
            strides[a] = (int) t.stride(first + a);
            index[a] = 0;
        }
        base = offset;
        return this;
    }

    /** Steps to the next member (column-major over the batch axes). */
    public void next() {
        if (batchRank == 1) {
            base += strides[0];
            return;
        }
        for (int a = 0; a < batchRank; a++) {
            base += strides[a];
            if (++index[a] < extents[a]) {
                return;
            }
            base -= strides[a] * extents[a];
            index[a] = 0;
        }
    }

    /**
     * Moves to member {@code member} (for a chunk that starts mid-batch).
     *
     * @param member the member's index, in {@code [0, members)}
     */
    public void seek(long member) {
        long rest = member;
        base = offset;
        for (int a = 0; a < batchRank; a++) {
            index[a] = (int) (rest % extents[a]);
            rest /= extents[a];
            base += index[a] * strides[a];
        }
    }

    /**
     * @param rows the member's rows
     * @param cols the member's columns
     * @return true if the current layout can be passed to a column-major routine as it is: unit row
     *     stride and a column stride of at least {@code rows} (any for one column)
     */
    public boolean columnMajor(int rows, int cols) {
        return (rowStride == 1 || rows <= 1) && (cols <= 1 || colStride >= Math.max(1, rows));
    }

    /**
     * @param rows the member's rows
     * @param cols the member's columns
     * @return the leading dimension to pass when {@link #columnMajor} holds
     */
    public int leadingDimension(int rows, int cols) {
        return cols <= 1 ? Math.max(1, rows) : colStride;
    }
}
