/**
 * The native LAPACK tier of the linear-algebra kernels: the system LAPACK (Debian's
 * {@code liblapack.so.3}, provided by OpenBLAS) called through JNA direct mapping, for F32, F64, C64
 * and C128, with the routines NumPy uses — {@code ?gesdd} ({@link
 * org.ferrite.cpu.internal.linalg.lapack.Svd}), {@code ?geqrf} + {@code ?orgqr}/{@code ?ungqr}
 * ({@link org.ferrite.cpu.internal.linalg.lapack.Qr}), {@code ?getrf}
 * ({@link org.ferrite.cpu.internal.linalg.lapack.Lu}), {@code ?getrs}
 * ({@link org.ferrite.cpu.internal.linalg.lapack.LuSolve}, and fused with {@code ?getrf} in
 * {@link org.ferrite.cpu.internal.linalg.lapack.Solve}), {@code ?potrf}
 * ({@link org.ferrite.cpu.internal.linalg.lapack.Cholesky}), {@code ?syevd}/{@code ?heevd}
 * ({@link org.ferrite.cpu.internal.linalg.lapack.Eigh}), {@code ?geev}
 * ({@link org.ferrite.cpu.internal.linalg.lapack.Eig}) and {@code ?trtrs}
 * ({@link org.ferrite.cpu.internal.linalg.lapack.TriangularSolve}); values-only paths use
 * {@code JOBZ = 'N'} / {@code JOBVR = 'N'}, and QR's R-only mode skips {@code ?orgqr}.
 *
 * <h2>Conventions (shared with the pure-Java {@code dense} tier, so a dispatch can swap them)</h2>
 * <ul>
 *   <li>Matrices are column-major: element (i, j) of an m×n matrix at {@code a[aOff + i + j·lda]},
 *       {@code lda ≥ max(1, m)}. Complex dtypes are interleaved re/im in the same array type: element
 *       (i, j) at {@code a[aOff + 2·(i + j·lda)]} (re) and {@code +1} (im); offsets count scalars,
 *       leading dimensions count elements. F64/C128 use {@code double[]}, F32/C64 {@code float[]}.</li>
 *   <li>One matrix per call, one method per dtype ({@code Svd.f64}, {@code Svd.c128}, …); the caller
 *       loops over batch members.</li>
 *   <li>Inputs are read only: every routine first copies its inputs into the caller's
 *       {@link org.ferrite.cpu.internal.linalg.lapack.LapackWorkspace} (native memory), runs LAPACK
 *       there and then copies the results out, so outputs may overlap inputs in any way.</li>
 *   <li>No allocation per call once the workspace is warm (its blocks have grown to the shapes in use
 *       and the workspace-size queries are cached).</li>
 *   <li>Numerical failure is returned, never thrown: every routine returns LAPACK's {@code info}
 *       (documented per class; 0 = success). Argument errors are the caller's to prevent
 *       (shapes validated before the call); the layer checks only with {@code assert}.</li>
 *   <li>Orderings: singular values descending, Hermitian eigenvalues ascending, general eigenvalues
 *       in LAPACK's order; pivots 0-based in LAPACK's row-interchange convention. No sign or phase
 *       gauges: the raw LAPACK conventions are documented per class, the dispatch normalises.</li>
 * </ul>
 *
 * <h2>The ABI of the bound library, and how it was established</h2>
 * <ul>
 *   <li><b>Names</b>: gfortran's — lower case with one trailing underscore ({@code dgesdd_}); the
 *       symbols were listed with {@code nm -D} on {@code liblapack.so.3} (OpenBLAS 0.3.21, Debian
 *       12). ILP64 builds ({@code libopenblas64}) export {@code dgesdd_64_} instead and are not
 *       bound: the probe would report the plain names missing.</li>
 *   <li><b>Integers</b>: {@code INTEGER} is 32-bit (LP64), passed by reference like every argument.</li>
 *   <li><b>Characters</b>: a {@code CHARACTER} argument is a pointer to its byte plus a hidden length
 *       passed by value after all declared arguments, one per character argument in order; gfortran
 *       ≥ 8 types it {@code size_t} (a Java {@code long} here). The routines written in Fortran
 *       ({@code ?gesdd}, {@code ?geqrf}, {@code ?orgqr}, {@code ?syevd}, {@code ?geev}, …) expect
 *       them; {@code ?getrf}, {@code ?getrs}, {@code ?potrf} and {@code ?trtrs} are OpenBLAS's own C
 *       implementations (their {@code nm} output references {@code dgetrf_parallel},
 *       {@code dpotrf_U_single}, …) and take no lengths — the extra trailing arguments are ignored
 *       under the x86-64 and AArch64 C calling conventions, so every routine is called with them.</li>
 *   <li><b>Complex</b>: {@code COMPLEX*16} arrays are interleaved pairs of doubles, the layout of
 *       Ferrite's C128 storage, so complex data is copied without conversion; no routine here returns
 *       a complex value by value (the part of the Fortran ABI that differs between compilers).</li>
 *   <li><b>Workspace queries</b> ({@code LWORK = -1}) return the optimal size as a floating-point
 *       number in {@code WORK(1)}; single-precision sizes above 2²⁴ are rounded up by one ulp.
 *       {@code ?gesdd}'s {@code RWORK} has no query and is sized by the documented bound.</li>
 *   <li><b>Threads</b>: OpenBLAS's LAPACK runs on OpenBLAS's threads, whose count is process-wide;
 *       it is pinned to one and raised per call to the workspace's budget (see
 *       {@link org.ferrite.cpu.internal.openblas.OpenBlasThreads}).</li>
 * </ul>
 * {@link org.ferrite.cpu.internal.linalg.lapack.LapackLibrary}'s probe checks every symbol and runs a
 * Fortran and a complex routine on known inputs before the tier is used.
 *
 * <p>Private to the bundle; JNA is an optional import: without it (or without the library) the probe
 * reports the tier unavailable and nothing else in this package may be touched.
 */
package org.ferrite.cpu.internal.linalg.lapack;
