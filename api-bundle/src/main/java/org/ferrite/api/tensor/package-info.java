/**
 * The tensor model: {@link org.ferrite.api.tensor.DType dtypes}, owned compact column-major
 * {@link org.ferrite.api.tensor.Tensor tensors}, strided {@link org.ferrite.api.tensor.TensorView
 * views}, and the {@link org.ferrite.api.tensor.TensorRead read} / {@link
 * org.ferrite.api.tensor.TensorWrite write} roles operations take.
 *
 * <p>Layout: the element at index {@code (i0, i1, …)} of a tensor with strides {@code s} and offset
 * {@code o} lives at storage element {@code o + Σ i_a·s_a}. Owned tensors are compact column-major
 * ({@code s_a = Π_{b<a} shape[b]}: the first index varies fastest), as in BLAS and LAPACK. Complex
 * elements occupy two consecutive scalars (re, im) of a {@code float[]}/{@code double[]}; strides and
 * offsets count elements, not scalars.
 */
@Export
@Version("0.3.0")
package org.ferrite.api.tensor;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
