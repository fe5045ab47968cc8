package org.ferrite.cpu.internal.kernel.stride;

import org.ferrite.api.tensor.TensorRead;

/**
 * The joint traversal of up to {@value #MAX_OPERANDS} strided operands over one index space: the
 * coalesced form of "for every index, touch element {@code offset_k + Σ i_a·stride_k[a]} of operand
 * {@code k}". Kernels run an inner loop over axis 0 ({@link #innerExtent()} elements, operand
 * {@code k} stepping by {@link #innerStride(int)}) once per position of the outer axes, which the
 * odometer {@link #next()} walks.
 *
 * <p>{@link #finish(int)} normalises the layout without changing which elements pair with which:
 * it drops extent-1 axes, flips every axis on which the primary operand has a negative stride (all
 * operands together, so the pairing is kept and only the visiting order changes), sorts axes by the
 * primary operand's stride (smallest innermost) and merges neighbours {@code a, a+1} whenever
 * {@code stride_k[a+1] == stride_k[a]·dim[a]} for every operand. Compact operands of one layout
 * therefore collapse to a single axis. Visiting order is deterministic for a given layout, which is
 * what makes reductions reproducible.
 *
 * <p>Units: strides and offsets are in storage scalars (a complex element is two scalars), so an
 * operand is added with its lane count. The API's {@code long} metadata is narrowed to {@code int}
 * here, once per layout: the callers guarantee it fits — an operand that reaches an element lies
 * inside its host array (so its offset and the strides of its axes longer than 1 fit an index), an
 * index space is checked by {@code KernelChecks.requireIndexSpace} unless it is an output's (whose
 * elements have distinct slots of one array), and an empty layout is discarded by {@link #finish}
 * before any narrowed value is used; strides of extent-1 axes are dropped there too.
 *
 * <p>Not thread-safe: one instance is used by one thread at a time; kernels take their session's
 * instances from {@link LayoutScratch} and parallel chunks get their own copies
 * ({@link #restrictOutermost}). Lifetime: reusable indefinitely; arrays grow to the largest rank seen and
 * are then reused, so building and walking a layout allocates nothing.
 */
public final class StridedLayout {
    /** The most operands one layout joins (an output and three inputs, as in {@code select}). */
    public static final int MAX_OPERANDS = 4;

    /*
     * Implementation notes. Invariants after finish() on a non-empty layout: 1 <= rank <= capacity;
     * dims[a] >= 1 for a < rank (dims[0] may be 1 only when rank == 1); strides[primary][a] >= 0 and
     * non-decreasing in a. pos[k] is the scalar index of the current outer position's first element
     * of operand k: offsets[k] + base[k] + Σ_{a>=1} counter[a]·strides[k][a].
     */
    private int operands;
    private int rank;
    private int[] dims;
    private final int[][] strides = new int[MAX_OPERANDS][];
    private final int[] offsets = new int[MAX_OPERANDS];
    private final int[] base = new int[MAX_OPERANDS];
    private final int[] pos = new int[MAX_OPERANDS];
    private int[] counter;
    private boolean empty;
    private long size;

    /** Creates an empty layout with room for rank 8 (it grows on demand). */
    public StridedLayout() {
        allocate(8);
    }

    private void allocate(int capacity) {
        dims = new int[capacity];
        counter = new int[capacity];
        for (int k = 0; k < MAX_OPERANDS; k++) {
            strides[k] = new int[capacity];
        }
    }

    // ------------------------------------------------------------------ building

    /**
     * Starts a layout over {@code rank} axes (plus room for extra axes appended later).
     *
     * @param axes the number of axes that will be described
     * @param operandCount the number of operands, at most {@value #MAX_OPERANDS}
     * @return this
     */
    public StridedLayout begin(int axes, int operandCount) {
        if (operandCount < 1 || operandCount > MAX_OPERANDS) {
            throw new IllegalArgumentException("operand count " + operandCount);
        }
        if (axes + 2 > dims.length) {
            allocate(axes + 2);
        }
        this.rank = axes;
        this.operands = operandCount;
        for (int k = 0; k < MAX_OPERANDS; k++) {
            offsets[k] = 0;
            base[k] = 0;
        }
        return this;
    }

    /**
     * Starts a layout over the index space of {@code shape}.
     *
     * @param shape a tensor whose extents are the index space
     * @param operandCount the number of operands
     * @return this
     */
    public StridedLayout begin(TensorRead shape, int operandCount) {
        int r = shape.rank();
        begin(r, operandCount);
        for (int a = 0; a < r; a++) {
            dims[a] = (int) shape.dim(a); // narrowed once: see the class comment
        }
        return this;
    }

    /**
     * Describes operand {@code k} as tensor {@code t}, whose axes are the layout's axes.
     *
     * @param k the operand index
     * @param t the tensor
     * @param lanes storage scalars per element (2 for complex)
     * @return this
     */
    public StridedLayout operand(int k, TensorRead t, int lanes) {
        int[] s = strides[k];
        int r = t.rank();
        for (int a = 0; a < r; a++) {
            s[a] = (int) t.stride(a) * lanes; // narrowed once: see the class comment
        }
        offsets[k] = (int) t.offset() * lanes;
        return this;
    }

    /**
     * @param axis an axis
     * @param extent its extent
     * @return this
     */
    public StridedLayout dim(int axis, int extent) {
        dims[axis] = extent;
        return this;
    }

    /**
     * @param k an operand
     * @param axis an axis
     * @param stride the operand's stride on that axis, in scalars
     * @return this
     */
    public StridedLayout stride(int k, int axis, int stride) {
        strides[k][axis] = stride;
        return this;
    }

    /**
     * @param k an operand
     * @param offset the operand's scalar offset
     * @return this
     */
    public StridedLayout offset(int k, int offset) {
        offsets[k] = offset;
        return this;
    }

    /**
     * Appends an axis (for example the two lanes of a complex element, so a complex copy runs as a
     * real one); its strides default to 0 for every operand.
     *
     * @param extent the extent
     * @return the new axis's index
     */
    public int appendAxis(int extent) {
        if (rank + 1 > dims.length) {
            int[] d = dims;
            int[] c = counter;
            int[][] s = strides.clone();
            allocate(rank + 2);
            System.arraycopy(d, 0, dims, 0, rank);
            System.arraycopy(c, 0, counter, 0, rank);
            for (int k = 0; k < MAX_OPERANDS; k++) {
                System.arraycopy(s[k], 0, strides[k], 0, rank);
            }
        }
        int axis = rank++;
        dims[axis] = extent;
        for (int k = 0; k < MAX_OPERANDS; k++) {
            strides[k][axis] = 0;
        }
        return axis;
    }

    /**
     * Normalises the layout (see the class comment) and positions it at the start.
     *
     * @param primary the operand whose strides order the axes (the output for maps, the input for
     *     reductions)
     * @return false if the index space is empty (nothing to visit)
     */
    public boolean finish(int primary) {
        long count = 1;
        int kept = 0;
        for (int a = 0; a < rank; a++) {
            int d = dims[a];
            count *= d;
            if (d == 0) {
                empty = true;
                size = 0;
                rank = 1;
                dims[0] = 0;
                return false;
            }
            if (d != 1) {
                moveAxis(a, kept++);
            }
        }
        empty = false;
        size = count;
        flipNegative(primary, kept);
        sortByStride(primary, kept);
        rank = merge(kept);
        reset();
        return true;
    }

    private void moveAxis(int from, int to) {
        if (from == to) {
            return;
        }
        dims[to] = dims[from];
        for (int k = 0; k < operands; k++) {
            strides[k][to] = strides[k][from];
        }
    }

    private void flipNegative(int primary, int n) {
        for (int a = 0; a < n; a++) {
            if (strides[primary][a] < 0) {
                int last = dims[a] - 1;
                for (int k = 0; k < operands; k++) {
                    offsets[k] += strides[k][a] * last;
                    strides[k][a] = -strides[k][a];
                }
            }
        }
    }

    private void sortByStride(int primary, int n) {
        int[] key = strides[primary];
        for (int i = 1; i < n; i++) {
            int j = i;
            while (j > 0 && key[j - 1] > key[j]) {
                swapAxes(j - 1, j);
                j--;
            }
        }
    }

    private void swapAxes(int a, int b) {
        int d = dims[a];
        dims[a] = dims[b];
        dims[b] = d;
        for (int k = 0; k < operands; k++) {
            int[] s = strides[k];
            int t = s[a];
            s[a] = s[b];
            s[b] = t;
        }
    }

    private int merge(int n) {
        if (n == 0) {
            dims[0] = 1;
            for (int k = 0; k < operands; k++) {
                strides[k][0] = 0;
            }
            return 1;
        }
        int last = 0;
        for (int a = 1; a < n; a++) {
            boolean mergeable = true;
            for (int k = 0; k < operands && mergeable; k++) {
                mergeable = strides[k][a] == (long) strides[k][last] * dims[last];
            }
            if (mergeable) {
                dims[last] *= dims[a];
            } else {
                last++;
                moveAxis(a, last);
            }
        }
        return last + 1;
    }

    // ------------------------------------------------------------------ walking

    /**
     * Sets operand {@code k}'s base, a scalar index added to its offset from the next {@link #reset()}
     * on (gather and scatter move one compiled window layout around this way).
     *
     * @param k the operand
     * @param scalarBase the base
     */
    public void base(int k, int scalarBase) {
        base[k] = scalarBase;
    }

    /** Positions the walk at the first outer position. */
    public void reset() {
        for (int k = 0; k < operands; k++) {
            pos[k] = offsets[k] + base[k];
        }
        for (int a = 1; a < rank; a++) {
            counter[a] = 0;
        }
    }

    /**
     * Advances the odometer over axes {@code 1 .. rank-1} (axis 1 fastest).
     *
     * @return false when every outer position has been visited
     */
    public boolean next() {
        for (int a = 1; a < rank; a++) {
            if (++counter[a] < dims[a]) {
                for (int k = 0; k < operands; k++) {
                    pos[k] += strides[k][a];
                }
                return true;
            }
            counter[a] = 0;
            int back = dims[a] - 1;
            for (int k = 0; k < operands; k++) {
                pos[k] -= strides[k][a] * back;
            }
        }
        return false;
    }

    /** @return the extent of the inner axis: elements per inner run */
    public int innerExtent() {
        return dims[0];
    }

    /**
     * @param k an operand
     * @return its stride on the inner axis, in scalars
     */
    public int innerStride(int k) {
        return strides[k][0];
    }

    /**
     * @param k an operand
     * @return the scalar index of its first element in the current inner run
     */
    public int pos(int k) {
        return pos[k];
    }

    /** @return the coalesced rank (at least 1) */
    public int rank() {
        return rank;
    }

    /**
     * @param axis a coalesced axis
     * @return its extent
     */
    public int extent(int axis) {
        return dims[axis];
    }

    /**
     * @param k an operand
     * @param axis a coalesced axis
     * @return the operand's stride on it
     */
    public int strideOf(int k, int axis) {
        return strides[k][axis];
    }

    /** @return the number of index positions (0 if empty) */
    public long size() {
        return size;
    }

    /** @return true if {@link #finish} found an extent-0 axis */
    public boolean isEmpty() {
        return empty;
    }

    /** @return the number of operands */
    public int operands() {
        return operands;
    }

    /**
     * Writes into {@code into} this finished layout restricted to {@code [fromA, toA)} on axis
     * {@code a} and {@code [fromB, toB)} on axis {@code b} (a tile), positioned at its start. Allocates
     * nothing once {@code into} has room for this rank.
     *
     * @param into the layout to overwrite
     * @param a one axis
     * @param fromA its first index
     * @param toA its end (exclusive)
     * @param b another axis
     * @param fromB its first index
     * @param toB its end (exclusive)
     */
    public void window(StridedLayout into, int a, int fromA, int toA, int b, int fromB, int toB) {
        into.begin(rank, operands);
        for (int axis = 0; axis < rank; axis++) {
            into.dims[axis] = dims[axis];
            for (int k = 0; k < operands; k++) {
                into.strides[k][axis] = strides[k][axis];
            }
        }
        into.dims[a] = toA - fromA;
        into.dims[b] = toB - fromB;
        for (int k = 0; k < operands; k++) {
            into.offsets[k] = offsets[k] + strides[k][a] * fromA + strides[k][b] * fromB;
            into.base[k] = base[k];
        }
        into.size = size / dims[a] / dims[b] * (toA - fromA) * (toB - fromB);
        into.empty = into.size == 0;
        into.reset();
    }

    /**
     * A copy of this finished layout restricted to positions {@code [from, to)} of its outermost axis,
     * positioned at its start: the unit of work of one parallel chunk. Allocates.
     *
     * @param from the first outermost index
     * @param to the end (exclusive)
     * @return a new layout
     */
    public StridedLayout restrictOutermost(int from, int to) {
        StridedLayout c = new StridedLayout();
        c.begin(rank, operands);
        int outer = rank - 1;
        for (int a = 0; a < rank; a++) {
            c.dims[a] = dims[a];
            for (int k = 0; k < operands; k++) {
                c.strides[k][a] = strides[k][a];
            }
        }
        c.dims[outer] = to - from;
        for (int k = 0; k < operands; k++) {
            c.offsets[k] = offsets[k] + strides[k][outer] * from;
            c.base[k] = base[k];
        }
        c.size = size / dims[outer] * (to - from);
        c.empty = to <= from;
        c.reset();
        return c;
    }
}
