package org.ferrite.bench;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;

/**
 * One square {@code n × n} problem for {@link DirectLapack}: native memory for A, B and every result
 * and workspace LAPACK needs, sized by LAPACK's own workspace queries when it is made, so that
 * {@link #run} only copies A (and B) in — LAPACK overwrites them — and calls the routines, allocating
 * nothing. The results stay where LAPACK put them; {@link #signature()} reads them after the fact.
 * The operations: {@code svd} ({@code ?gesdd}, thin, vectors), {@code qr} ({@code ?geqrf} then
 * {@code ?orgqr} / {@code ?ungqr}: Q overwrites A), {@code eigh} ({@code dsyevd} / {@code zheevd},
 * vectors, lower triangle) and {@code solve} ({@code ?getrf} then {@code ?getrs}, one right-hand side).
 *
 * <p>Not thread-safe. Lifetime: from construction to {@link #close()}, which frees the native memory.
 */
final class LapackPeer implements AutoCloseable {
    private static final byte THIN = 'S';
    private static final byte VECTORS = 'V';
    private static final byte LOWER = 'L';
    private static final byte NO_TRANSPOSE = 'N';

    private final String op;
    private final boolean complex;
    private final int n;
    private final int scalars;
    private final Memory a;
    private final Memory b;
    private final Memory values;
    private final Memory u;
    private final Memory vt;
    private final Memory ipiv;
    private final Memory iwork;
    private final Memory rwork;
    private final Memory work;
    /** The by-reference scalars: order, leading dimension, work sizes, info and the character codes. */
    private final Memory args = new Memory(64);
    private final Pointer order = args.share(0);
    private final Pointer one = args.share(4);
    private final Pointer lwork = args.share(8);
    private final Pointer lrwork = args.share(12);
    private final Pointer liwork = args.share(16);
    private final Pointer info = args.share(20);
    private final Pointer thin = args.share(24);
    private final Pointer vectors = args.share(25);
    private final Pointer lower = args.share(26);
    private final Pointer noTranspose = args.share(27);

    /**
     * @param op {@code svd}, {@code qr}, {@code eigh} or {@code solve}
     * @param complex C128 (else F64)
     * @param n the order
     * @throws IllegalStateException if native LAPACK is unavailable, or a workspace query fails
     */
    LapackPeer(String op, boolean complex, int n) {
        DirectLapack.require();
        this.op = op;
        this.complex = complex;
        this.n = n;
        this.scalars = complex ? 2 : 1;
        long matrix = 8L * scalars * n * n;
        a = new Memory(matrix);
        b = new Memory(8L * scalars * n);
        values = new Memory(8L * n);
        u = new Memory(matrix);
        vt = new Memory(matrix);
        ipiv = new Memory(4L * n);
        args.setInt(0, n);
        args.setInt(4, 1);
        thin.setByte(0, THIN);
        vectors.setByte(0, VECTORS);
        lower.setByte(0, LOWER);
        noTranspose.setByte(0, NO_TRANSPOSE);
        // workspace queries (LWORK = -1; LRWORK, LIWORK too for ?evd); ?gesdd has none for RWORK, IWORK
        Memory probe = new Memory(32);
        Memory probeInt = new Memory(8);
        int[] sizes = query(probe, probeInt);
        work = new Memory(16L * Math.max(1, sizes[0]));
        rwork = new Memory(8L * Math.max(1, sizes[1]));
        iwork = new Memory(4L * Math.max(1, sizes[2]));
        args.setInt(8, sizes[0]);
        args.setInt(12, sizes[1]);
        args.setInt(16, sizes[2]);
        probe.close();
        probeInt.close();
    }

    /** @return {LWORK, LRWORK, LIWORK} for the operation */
    private int[] query(Memory probe, Memory probeInt) {
        args.setInt(8, -1);
        args.setInt(12, -1);
        args.setInt(16, -1);
        long nn = n;
        switch (op) {
            case "svd":
                gesdd(probe, probe, probeInt);
                checkQuery("gesdd");
                return new int[] {workSize(probe), (int) Math.max(5 * nn * nn + 5 * nn, 4 * nn * nn + nn), 8 * n};
            case "qr":
                geqrf(probe);
                checkQuery("geqrf");
                int geqrf = workSize(probe);
                orgqr(probe);
                checkQuery("orgqr");
                return new int[] {Math.max(geqrf, workSize(probe)), 1, 1};
            case "eigh":
                evd(probe, probe.share(16), probeInt);
                checkQuery("evd");
                return new int[] {workSize(probe), complex ? (int) Math.ceil(probe.getDouble(16)) : 1,
                    probeInt.getInt(0)};
            default:
                return new int[] {1, 1, 1};
        }
    }

    private void checkQuery(String routine) {
        if (info.getInt(0) != 0) {
            throw new IllegalStateException(routine + " workspace query returned info " + info.getInt(0));
        }
    }

    private static int workSize(Memory probe) {
        return (int) Math.ceil(probe.getDouble(0));
    }

    /**
     * Copies A (and B for solve) into native memory and runs the operation.
     *
     * @param matrix A, column-major (interleaved for C128)
     * @param matrixOffset where A starts
     * @param rhs B (solve only)
     * @param rhsOffset where B starts
     * @return LAPACK's info (of the first routine that failed)
     */
    int run(double[] matrix, int matrixOffset, double[] rhs, int rhsOffset) {
        a.write(0, matrix, matrixOffset, scalars * n * n);
        switch (op) {
            case "svd":
                return gesdd(work, rwork, iwork);
            case "qr":
                int factored = geqrf(work);
                return factored != 0 ? factored : orgqr(work);
            case "eigh":
                return evd(work, rwork, iwork);
            default:
                b.write(0, rhs, rhsOffset, scalars * n);
                return solve();
        }
    }

    /** {@code ?gesdd} with these workspaces (LAPACK's query while LWORK is -1). */
    private int gesdd(Pointer w, Pointer rw, Pointer iw) {
        if (complex) {
            DirectLapack.zgesdd(thin, order, order, a, order, values, u, order, vt, order, w, lwork, rw, iw, info, 1);
        } else {
            DirectLapack.dgesdd(thin, order, order, a, order, values, u, order, vt, order, w, lwork, iw, info, 1);
        }
        return info.getInt(0);
    }

    /** {@code ?geqrf}, the reflectors' scalars in {@code vt}. */
    private int geqrf(Pointer w) {
        if (complex) {
            DirectLapack.zgeqrf(order, order, a, order, vt, w, lwork, info);
        } else {
            DirectLapack.dgeqrf(order, order, a, order, vt, w, lwork, info);
        }
        return info.getInt(0);
    }

    /** {@code ?orgqr} / {@code ?ungqr}: Q over the reflectors in A. */
    private int orgqr(Pointer w) {
        if (complex) {
            DirectLapack.zungqr(order, order, order, a, order, vt, w, lwork, info);
        } else {
            DirectLapack.dorgqr(order, order, order, a, order, vt, w, lwork, info);
        }
        return info.getInt(0);
    }

    /** {@code dsyevd} / {@code zheevd} with these workspaces (LAPACK's query while the sizes are -1). */
    private int evd(Pointer w, Pointer rw, Pointer iw) {
        if (complex) {
            DirectLapack.zheevd(vectors, lower, order, a, order, values, w, lwork, rw, lrwork, iw, liwork, info, 1, 1);
        } else {
            DirectLapack.dsyevd(vectors, lower, order, a, order, values, w, lwork, iw, liwork, info, 1, 1);
        }
        return info.getInt(0);
    }

    private int solve() {
        if (complex) {
            DirectLapack.zgetrf(order, order, a, order, ipiv, info);
        } else {
            DirectLapack.dgetrf(order, order, a, order, ipiv, info);
        }
        if (info.getInt(0) != 0) {
            return info.getInt(0);
        }
        if (complex) {
            DirectLapack.zgetrs(noTranspose, order, one, a, order, ipiv, b, order, info, 1);
        } else {
            DirectLapack.dgetrs(noTranspose, order, one, a, order, ipiv, b, order, info, 1);
        }
        return info.getInt(0);
    }

    /**
     * @return the last result, read from native memory: the singular values or eigenvalues, {@code |Q|}
     *     (column-major; sign- and phase-free) or the solution (interleaved for C128)
     */
    double[] signature() {
        switch (op) {
            case "svd":
            case "eigh":
                return values.getDoubleArray(0, n);
            case "qr":
                return LapackPeersBenchmark.moduli(a.getDoubleArray(0, scalars * n * n), scalars);
            default:
                return b.getDoubleArray(0, scalars * n);
        }
    }

    /** Fills every result LAPACK leaves here with NaN, so a run that computes nothing is noticed. */
    void poison() {
        for (Memory m : new Memory[] {a, b, values}) {
            m.setMemory(0, m.size(), (byte) 0xFF); // all ones: a NaN
        }
    }

    @Override
    public void close() {
        for (Memory m : new Memory[] {a, b, values, u, vt, ipiv, iwork, rwork, work, args}) {
            m.close();
        }
    }
}
