package org.ferrite.linalg;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;

/**
 * The converter between NumPy's batch-leading layout and Ferrite's batch-trailing one, as views (no
 * copy, no session). NumPy stacks matrices as {@code (b…, m, n)} — the <i>core axes</i> of a gufunc
 * last — while {@link Linalg} takes {@code [m, n, b…]}, the core axes first (design decision L1). The
 * batch axes keep their order, so NumPy's member {@code (i, j)} is Ferrite's member {@code (i, j)}.
 *
 * <table>
 *   <caption>Core axes per operand</caption>
 *   <tr><th>operand</th><th>NumPy</th><th>Ferrite</th><th>{@code coreAxes}</th></tr>
 *   <tr><td>matrices</td><td>{@code (b…, m, n)}</td><td>{@code [m, n, b…]}</td><td>2</td></tr>
 *   <tr><td>vectors (singular values, one right-hand side)</td><td>{@code (b…, k)}</td>
 *       <td>{@code [k, b…]}</td><td>1</td></tr>
 *   <tr><td>one number per member (det, rank)</td><td>{@code (b…)}</td><td>{@code [b…]}</td><td>0</td></tr>
 * </table>
 *
 * <pre>{@code
 * // NumPy: a.shape == (batch, m, n), C order, in a double[]
 * Tensor a = Tensor.fromRowMajor(DType.F64, numpyData, batch, m, n);     // NumPy's shape and indices
 * Tensor inverses = Linalg.inv(s, BatchLayout.fromNumPy(a, 2));          // [n, n, batch]
 * double[] back = (double[]) BatchLayout.toNumPy(inverses, 2).toRowMajorArray(); // NumPy's C order
 * }</pre>
 *
 * <p>The views are as good as any input: every {@link Linalg} operation reads strided views in place.
 * A view that must become a compact tensor is copied by a session ({@code s.toContiguous(view)}).
 *
 * <p>Thread-safe (stateless). Lifetime: static methods only; a view shares its source's storage and
 * lives as long as it.
 */
public final class BatchLayout {
    private BatchLayout() {
    }

    /**
     * NumPy's {@code (b…, core…)} as Ferrite's {@code [core…, b…]}: the last {@code coreAxes} axes move
     * to the front, in order, and the batch axes follow in theirs.
     *
     * <pre>{@code
     * TensorView a = BatchLayout.fromNumPy(stack, 2);     // (8, 3, 4) → [3, 4, 8]
     * TensorView b = BatchLayout.fromNumPy(rhs, 1);       // (8, 3)    → [3, 8]
     * }</pre>
     *
     * @param t a tensor in NumPy's layout
     * @param coreAxes how many trailing axes a member has: 2 for matrices, 1 for vectors, 0 for numbers
     * @return a view of {@code t} in Ferrite's layout
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code coreAxes}) unless
     *     {@code 0 <= coreAxes <= t.rank()}
     */
    public static TensorView fromNumPy(TensorRead t, int coreAxes) {
        return rotated(t, t.rank() - checkedCore("fromNumPy", t, coreAxes));
    }

    /**
     * Ferrite's {@code [core…, b…]} as NumPy's {@code (b…, core…)}: the first {@code coreAxes} axes move
     * to the back, in order — the inverse of {@link #fromNumPy}.
     *
     * <pre>{@code
     * Lstsq fit = Linalg.lstsq(s, a, b);
     * TensorView x = BatchLayout.toNumPy(fit.x(), 1);     // [n, 8] → (8, n)
     * }</pre>
     *
     * @param t a tensor in Ferrite's layout
     * @param coreAxes how many leading axes a member has: 2 for matrices, 1 for vectors, 0 for numbers
     * @return a view of {@code t} in NumPy's layout
     * @throws ValidationException (INVALID_ARGUMENT, argument {@code coreAxes}) unless
     *     {@code 0 <= coreAxes <= t.rank()}
     */
    public static TensorView toNumPy(TensorRead t, int coreAxes) {
        return rotated(t, checkedCore("toNumPy", t, coreAxes));
    }

    /** @return the view whose axis {@code a} is axis {@code (a + shift) mod rank} of {@code t} */
    private static TensorView rotated(TensorRead t, int shift) {
        int[] perm = new int[t.rank()];
        for (int axis = 0; axis < perm.length; axis++) {
            perm[axis] = (axis + shift) % perm.length;
        }
        return t.permute(perm);
    }

    private static int checkedCore(String op, TensorRead t, int coreAxes) {
        if (coreAxes < 0 || coreAxes > t.rank()) {
            throw ValidationException.invalidArgument(op, "coreAxes", "0 … " + t.rank() + " (the rank of t)",
                    String.valueOf(coreAxes), "2 for matrices, 1 for vectors, 0 for one number per member");
        }
        return coreAxes;
    }
}
