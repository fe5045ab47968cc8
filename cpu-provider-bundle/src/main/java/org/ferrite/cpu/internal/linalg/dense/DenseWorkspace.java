package org.ferrite.cpu.internal.linalg.dense;

/**
 * The scratch memory of the pure-Java linear-algebra tier: a few named {@code double[]} buffers, an
 * {@code int[]} buffer, the reusable EJML decomposition objects and matrices, and the state of the
 * plane-rotation helpers. Every buffer grows to the largest request seen and is then reused, so a
 * repeated call of the same shape through Ferrite's own kernels allocates nothing; EJML's objects are kept
 * and resized when the shape changes (a repeated shape reuses their storage).
 *
 * <p>A routine uses the buffers only for the duration of one call; no result is left in them. Which
 * routine uses which buffer is private to the package: callers must not read or write them.
 *
 * <p>Not thread-safe: one thread uses a workspace at a time (the session owns one). Lifetime: as
 * long as its owner keeps it; it holds no native or external resources, so dropping it is enough.
 */
public final class DenseWorkspace {
    private static final double[] EMPTY = new double[0];

    /*
     * Implementation notes. Buffers are plain fields rather than a pool so that each kernel states what
     * it uses: 'matrix' holds the working copy of the input, 'left'/'right' the left and right factors
     * (U/Q/Z and V), 'tauLeft'/'tauRight' Householder scalars, 'diagonal'/'offDiagonal' a bidiagonal or
     * tridiagonal matrix, 'vector'/'vector2' length-n scratch, 'rhs' the widened right-hand side of a
     * single-precision solve, 'values' computed eigenvalues. Within one call no two live uses share a
     * buffer; a later stage may reuse a buffer an earlier stage is done with.
     */
    private double[] matrix = EMPTY;
    private double[] left = EMPTY;
    private double[] right = EMPTY;
    private double[] tauLeft = EMPTY;
    private double[] tauRight = EMPTY;
    private double[] diagonal = EMPTY;
    private double[] offDiagonal = EMPTY;
    private double[] vector = EMPTY;
    private double[] vector2 = EMPTY;
    private double[] rhs = EMPTY;
    private double[] values = EMPTY;
    private int[] indices = new int[0];
    /** Results of the last plane-rotation construction (see {@link PlaneRotation}). */
    final PlaneRotation rotation = new PlaneRotation();
    /** The left and right columns the bidiagonal and tridiagonal QR iterations rotate. */
    final RotatedColumns leftColumns = new RotatedColumns();
    final RotatedColumns rightColumns = new RotatedColumns();
    /** The Schur iterations' and eigenvector solvers' scratch state. */
    final ComplexSchur complexSchur = new ComplexSchur();
    final RealSchur realSchur = new RealSchur();
    final RealEigenvectors realEigenvectors = new RealEigenvectors();
    /** The caller's matrices of the current call (cleared on return). */
    final CallerMatrix callerA = new CallerMatrix();
    final CallerMatrix callerB = new CallerMatrix();
    final CallerMatrix callerC = new CallerMatrix();
    final CallerMatrix callerD = new CallerMatrix();
    /** EJML's decomposition objects and row-major matrices, created on first use. */
    final EjmlWorkspace ejml = new EjmlWorkspace();

    /** Creates an empty workspace; buffers are allocated on first use. */
    public DenseWorkspace() {
    }

    double[] matrix(int length) {
        return matrix = grow(matrix, length);
    }

    double[] left(int length) {
        return left = grow(left, length);
    }

    double[] right(int length) {
        return right = grow(right, length);
    }

    double[] tauLeft(int length) {
        return tauLeft = grow(tauLeft, length);
    }

    double[] tauRight(int length) {
        return tauRight = grow(tauRight, length);
    }

    double[] diagonal(int length) {
        return diagonal = grow(diagonal, length);
    }

    double[] offDiagonal(int length) {
        return offDiagonal = grow(offDiagonal, length);
    }

    double[] vector(int length) {
        return vector = grow(vector, length);
    }

    double[] vector2(int length) {
        return vector2 = grow(vector2, length);
    }

    double[] rhs(int length) {
        return rhs = grow(rhs, length);
    }

    /** @return {@code buffer} if it holds {@code length} entries, else a new array of {@code length} */
    private static double[] grow(double[] buffer, int length) {
        return buffer.length >= length ? buffer : new double[length];
    }

    /** Drops the references to the caller's arrays after a call. */
    void release() {
        callerA.clear();
        callerB.clear();
        callerC.clear();
        callerD.clear();
    }

    double[] values(int length) {
        return values = grow(values, length);
    }

    int[] indices(int length) {
        if (indices.length < length) {
            indices = new int[length];
        }
        return indices;
    }

    /**
     * The memory this workspace holds, for the session's accounting. A snapshot, not for control flow.
     *
     * @return bytes held by the Java-side buffers (EJML's internal storage is not counted)
     */
    public long bytes() {
        long doubles = (long) matrix.length + left.length + right.length + tauLeft.length + tauRight.length
                + diagonal.length + offDiagonal.length + vector.length + vector2.length + rhs.length + values.length;
        return Double.BYTES * doubles + (long) Integer.BYTES * indices.length;
    }
}
