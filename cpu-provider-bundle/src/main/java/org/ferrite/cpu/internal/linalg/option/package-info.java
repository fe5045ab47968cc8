/**
 * The option arguments of the linear-algebra routines — LAPACK's {@code UPLO}, {@code TRANS},
 * {@code DIAG}, {@code JOBZ} and NumPy's QR mode — as one set of enums shared by every tier
 * ({@code dense}, {@code lapack}, {@code small}) and the dispatch, with LAPACK's characters and the
 * mapping from the public {@code org.ferrite.linalg} types. Private to the bundle.
 */
package org.ferrite.cpu.internal.linalg.option;
