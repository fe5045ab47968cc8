package org.ferrite.cpu.internal.linalg.lapack;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import org.ferrite.cpu.internal.openblas.OpenBlasThreads;

/**
 * The native memory one caller's LAPACK calls run in: a block per operand role (grown on demand,
 * reused), the by-reference scalar arguments, the cached optimal workspace sizes, and the OpenBLAS
 * thread count the calls run with. Every routine of this package copies its inputs into the blocks,
 * runs LAPACK there and copies the results out, so a warm workspace makes a call allocate nothing on
 * the Java heap. Not thread-safe: a session owns one and uses it from one thread at a time.
 *
 * <p>Lifetime: created only when {@link LapackLibrary#available()}; {@link #close()} frees the native
 * memory at once (idempotent; the cleaner of JNA's {@code Memory} frees it eventually if the workspace
 * is dropped unclosed). A closed workspace fails every routine with {@link IllegalStateException}.
 *
 * <p>Threads: {@link #threads(int)} sets how many OpenBLAS threads each call runs with (default 1).
 * OpenBLAS's count is <b>process-wide</b>: a call with {@code n > 1} raises it for the duration of the
 * call and lowers it back to 1 afterwards, so a concurrent BLAS/LAPACK call elsewhere in the process
 * may briefly see {@code n}; see {@link OpenBlasThreads}. Where OpenBLAS is not controllable (not
 * OpenBLAS, or {@code OPENBLAS_NUM_THREADS} set) the setting has no effect.
 *
 * <p>Implementation notes: blocks are named for their role, not their routine ({@code values} holds S
 * of an SVD, W of an eigh, WR of a real eig); a routine sizes every block it passes before writing
 * into it (growth discards contents). Scalar arguments live in one small native block written through
 * an {@link IntBuffer} view (no JNI per scalar); each argument slot and each job character has one
 * pre-made {@code Pointer}, so a call passes existing objects only.
 */
public final class LapackWorkspace implements AutoCloseable {
    static final int M = 0;
    static final int N = 1;
    static final int K = 2;
    static final int NRHS = 3;
    static final int LDA = 4;
    static final int LDB = 5;
    static final int LDU = 6;
    static final int LDVT = 7;
    static final int LWORK = 8;
    static final int LRWORK = 9;
    static final int LIWORK = 10;
    static final int INFO = 11;
    private static final int SLOTS = 12;
    /** The job / option characters LAPACK is passed here. */
    private static final String CODES = "ACLNSTUV";

    /** Operand A (overwritten by the factorisation). */
    final NativeBlock a = new NativeBlock();
    /** Right-hand sides B (overwritten by the solution). */
    final NativeBlock b = new NativeBlock();
    /** Real or complex values: S, W, WR. */
    final NativeBlock values = new NativeBlock();
    /** Imaginary parts WI of a real eig. */
    final NativeBlock imaginary = new NativeBlock();
    /** Left vectors U, or right eigenvectors VR. */
    final NativeBlock left = new NativeBlock();
    /** Right vectors Vᴴ. */
    final NativeBlock right = new NativeBlock();
    /** Householder scalars TAU. */
    final NativeBlock tau = new NativeBlock();
    /** WORK (of the routine's type). */
    final NativeBlock work = new NativeBlock();
    /** RWORK (real) of complex routines. */
    final NativeBlock rwork = new NativeBlock();
    /** IWORK. */
    final NativeBlock iwork = new NativeBlock();
    /** IPIV, 1-based inside. */
    final NativeBlock ipiv = new NativeBlock();
    /** Optimal sizes from workspace queries. */
    private final LworkCache lworks = new LworkCache();

    private final NativeBlock[] blocks = {a, b, values, imaginary, left, right, tau, work, rwork, iwork, ipiv};
    private final Memory arguments = new Memory((long) SLOTS * Integer.BYTES);
    private final IntBuffer argumentInts = arguments.getByteBuffer(0, arguments.size())
            .order(ByteOrder.nativeOrder()).asIntBuffer();
    private final Pointer[] argumentPointers = new Pointer[SLOTS];
    private final Memory codes = new Memory(CODES.length());
    private final Pointer[] codePointers = new Pointer[CODES.length()];
    private final OpenBlasThreads openBlas;
    private int threads = 1;
    private int[] intScratch = new int[16];
    private double[] doubleScratch = new double[16];
    private float[] floatScratch = new float[16];
    private boolean closed;

    /**
     * @param library the loaded LAPACK
     * @throws IllegalStateException if {@code library} is not {@link LapackLibrary#available()}
     */
    public LapackWorkspace(LapackLibrary library) {
        if (!library.available()) {
            throw new IllegalStateException("native LAPACK is " + library.description()
                    + "; check LapackLibrary.available() before creating a workspace");
        }
        this.openBlas = library.openBlas();
        for (int slot = 0; slot < SLOTS; slot++) {
            argumentPointers[slot] = arguments.share((long) slot * Integer.BYTES, Integer.BYTES);
        }
        for (int i = 0; i < CODES.length(); i++) {
            codes.setByte(i, (byte) CODES.charAt(i));
            codePointers[i] = codes.share(i, 1);
        }
    }

    /**
     * Sets the OpenBLAS thread count of the calls made through this workspace.
     *
     * @param count threads per call, at least 1 (the session's thread budget)
     * @throws IllegalArgumentException if {@code count < 1}
     */
    public void threads(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + count);
        }
        threads = count;
    }

    /** @return the OpenBLAS thread count of the calls made through this workspace */
    public int threads() {
        return threads;
    }

    /** @return the native memory held, in bytes (a snapshot, for monitoring) */
    public long nativeBytes() {
        if (closed) {
            return 0;
        }
        long total = arguments.size() + codes.size();
        for (NativeBlock block : blocks) {
            total += block.bytes();
        }
        return total;
    }

    /**
     * Copies the {@code m × n} matrix A into the workspace, as every routine of this package does
     * first (its {@code staged} entry points run on it).
     *
     * @param type the scalar type ({@link LapackType#F64} or {@link LapackType#C128})
     * @param src column-major A
     * @param off offset of A(0, 0), in scalars
     * @param ld leading dimension of A, in elements
     * @param m rows
     * @param n columns
     */
    void stageA(LapackType type, double[] src, int off, int ld, int m, int n) {
        requireOpen();
        a.write(src, off, ld, m, n, type.scalarsPerElement());
    }

    /**
     * Copies the {@code n × nrhs} right-hand sides B into the workspace (see {@link #stageA}).
     *
     * @param type the scalar type ({@link LapackType#F64} or {@link LapackType#C128})
     * @param src column-major B
     * @param off offset of B(0, 0), in scalars
     * @param ld leading dimension of B, in elements
     * @param n rows
     * @param nrhs columns
     */
    void stageB(LapackType type, double[] src, int off, int ld, int n, int nrhs) {
        requireOpen();
        b.write(src, off, ld, n, nrhs, type.scalarsPerElement());
    }

    /** A result a {@code staged} entry point leaves in the workspace. */
    enum Staged {
        /** The values: S of an SVD, λ of an eigh. */
        VALUES,
        /** The overwritten A: Q of a QR, the eigenvectors of an eigh. */
        A,
        /** The overwritten B: X of a solve. */
        B
    }

    /**
     * Copies the first {@code count} scalars of a staged result (compact, column-major) into
     * {@code dst}: what a {@code staged} entry point computed.
     *
     * @param result which result
     * @param dst the destination
     * @param off offset in {@code dst}
     * @param count scalars to copy
     */
    void readStaged(Staged result, double[] dst, int off, int count) {
        requireOpen();
        NativeBlock block = result == Staged.VALUES ? values : result == Staged.A ? a : b;
        block.read(count, dst, off, count, count, 1, 1);
    }

    /** Frees every native block; idempotent. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            for (NativeBlock block : blocks) {
                block.close();
            }
            arguments.close();
            codes.close();
        }
    }

    /** @throws IllegalStateException if the workspace is closed */
    void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the LAPACK workspace is closed; use the session's open workspace");
        }
    }

    /**
     * @param slot an argument slot ({@link #M}, {@link #LDA}, …)
     * @param value its value
     * @return the by-reference argument
     */
    Pointer arg(int slot, int value) {
        argumentInts.put(slot, value);
        return argumentPointers[slot];
    }

    /** @return the INFO argument, reset to 0 */
    Pointer info() {
        return arg(INFO, 0);
    }

    /** @return the INFO the last routine wrote */
    int infoValue() {
        return argumentInts.get(INFO);
    }

    /**
     * @param code a job or option character LAPACK accepts here ({@code N V S A L U T C})
     * @return the by-reference character argument
     */
    Pointer code(char code) {
        int index = CODES.indexOf(code);
        assert index >= 0 : "no argument for code " + code;
        return codePointers[index];
    }

    /**
     * @param type the routine's type
     * @return the size a workspace query left in WORK(1) (its real part), rounded up
     */
    private int queriedWork(LapackType type) {
        return queried(work, type);
    }

    /**
     * @param type the routine's type
     * @return the size a workspace query left in RWORK(1), rounded up
     */
    private int queriedRealWork(LapackType type) {
        return queried(rwork, type);
    }

    /** @return the size a workspace query left in IWORK(1) */
    private int queriedIntWork() {
        return Math.max(1, iwork.pointer().getInt(0));
    }

    private static int queried(NativeBlock block, LapackType type) {
        // LAPACK returns sizes as floating-point numbers; a float holds integers exactly only up to
        // 2^24, so a single-precision size is widened by one ulp before rounding up.
        double size = type.single() ? block.pointer().getFloat(0) * (1 + 0x1p-23) : block.pointer().getDouble(0);
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.ceil(size)));
    }

    /** How a routine sizes its work arrays. */
    enum Query {
        /** No work array to size (LWORK is passed as 0 and ignored). */
        NONE,
        /** WORK, sized by an {@code LWORK = -1} query. */
        WORK,
        /**
         * WORK, RWORK (complex types) and IWORK, sized by one query with all three sizes {@code -1}
         * ({@code ?syevd}, {@code ?heevd}).
         */
        ALL
    }

    /**
     * One LAPACK routine called on the workspace's blocks, as {@link #run} drives it: {@code job} packs
     * the routine's option characters, {@code m}, {@code n}, {@code k} its dimensions, and the sizes are
     * {@code -1} for a workspace query. Implementations are static methods, so a method reference to
     * one is a constant and a call allocates nothing.
     */
    @FunctionalInterface
    interface Call {
        void call(LapackWorkspace ws, LapackType type, int job, int m, int n, int k, int lwork, int lrwork, int liwork);
    }

    /**
     * The one way a routine runs: sizes the work arrays by LAPACK's workspace query when
     * {@code query} asks (recalling the sizes of a shape seen before), then makes the call with this
     * workspace's OpenBLAS thread count, restored afterwards whatever happens. The caller has sized
     * every other block the routine touches.
     *
     * @param routine the routine's key in the size cache (unused for {@link Query#NONE})
     * @param query how the routine sizes its work arrays
     * @param call the routine
     * @param type the scalar type
     * @param job the packed option characters
     * @param m first dimension
     * @param n second dimension
     * @param k third dimension, or 0
     * @return the routine's {@code INFO}
     */
    int run(int routine, Query query, Call call, LapackType type, int job, int m, int n, int k) {
        int lwork = 0;
        int lrwork = 0;
        int liwork = 0;
        if (query != Query.NONE) {
            if (!lworks.find(routine, type, job, m, n, k)) {
                call.call(this, type, job, m, n, k, -1, -1, -1);
                boolean all = query == Query.ALL;
                lworks.store(queriedWork(type), all && type.complex() ? queriedRealWork(type) : 0,
                        all ? queriedIntWork() : 0);
            }
            lwork = lworks.lwork();
            lrwork = lworks.lrwork();
            liwork = lworks.liwork();
            work.ensure(type.elementBytes(lwork));
            rwork.ensure(type.realBytes(lrwork));
            iwork.ensure((long) liwork * Integer.BYTES);
        }
        boolean raised = enterThreads();
        try {
            call.call(this, type, job, m, n, k, lwork, lrwork, liwork);
        } finally {
            exitThreads(raised);
        }
        return infoValue();
    }

    /**
     * Raises OpenBLAS to this workspace's thread count for one call.
     *
     * @return whether it was raised (pass to {@link #exitThreads(boolean)})
     */
    private boolean enterThreads() {
        if (threads != 1 && openBlas.controllable()) {
            openBlas.set(threads);
            return true;
        }
        return false;
    }

    /** @param raised what {@link #enterThreads()} returned */
    private void exitThreads(boolean raised) {
        if (raised) {
            openBlas.set(openBlas.baseline());
        }
    }

    /**
     * @param count ints needed
     * @return a reused Java buffer of at least {@code count} ints
     */
    int[] ints(int count) {
        if (intScratch.length < count) {
            intScratch = new int[Math.max(count, 2 * intScratch.length)];
        }
        return intScratch;
    }

    /**
     * @param count doubles needed
     * @return a reused Java buffer of at least {@code count} doubles
     */
    double[] doubles(int count) {
        if (doubleScratch.length < count) {
            doubleScratch = new double[Math.max(count, 2 * doubleScratch.length)];
        }
        return doubleScratch;
    }

    /**
     * @param count floats needed
     * @return a reused Java buffer of at least {@code count} floats
     */
    float[] floats(int count) {
        if (floatScratch.length < count) {
            floatScratch = new float[Math.max(count, 2 * floatScratch.length)];
        }
        return floatScratch;
    }
}
