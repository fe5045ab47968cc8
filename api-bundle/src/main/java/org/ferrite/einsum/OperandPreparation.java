package org.ferrite.einsum;

import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.ReduceOp;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * What happens to one operand before the pairwise contractions, planned once: (1) a diagonal view per
 * repeated label ({@code "ii->i"}, {@code "iij->ij"}: {@link TensorRead#diagonal(int, int)}, no copy),
 * (2) a reshape view that drops axes of extent 1 broadcast against a larger extent of their label (no
 * copy), (3) a conversion to the computation dtype when the operand's dtype differs (NumPy promotion),
 * (4) a sum over the labels only this operand carries and the output lacks. Steps 3 and 4 allocate from
 * the session; the result is then owned by the plan and reclaimed once consumed.
 *
 * <p>Thread-safe (immutable).
 */
final class OperandPreparation {
    private static final int[][] NO_DIAGONALS = new int[0][];

    /** (axis1, axis2) pairs applied in order, axis numbers of the view at that point. */
    final int[][] diagonals;
    /** The shape after dropping broadcast axes, or null when none is dropped. */
    final long[] squeezedShape;
    /** The dtype to convert to, or null. */
    final DType convertTo;
    /** Axes (after the views) summed in this operand; empty for none. */
    final int[] reduceAxes;
    /** The shape after the sum. */
    final long[] reducedShape;
    /** Whether the sum counts BOOL terms in I64 and must be clamped back to 0/1. */
    final boolean clamp;
    /** Labels after the views (before the sum). */
    final int[] viewLabels;
    /** Labels after the sum: what the contraction steps see. */
    final int[] labels;

    OperandPreparation(int[][] diagonals, long[] squeezedShape, DType convertTo, int[] reduceAxes, long[] reducedShape,
            boolean clamp, int[] viewLabels, int[] labels) {
        this.diagonals = diagonals;
        this.squeezedShape = squeezedShape;
        this.convertTo = convertTo;
        this.reduceAxes = reduceAxes;
        this.reducedShape = reducedShape;
        this.clamp = clamp;
        this.viewLabels = viewLabels;
        this.labels = labels;
    }

    /** @return true if the operand goes to the contraction as given: no view, conversion or sum */
    boolean isIdentity() {
        return diagonals.length == 0 && squeezedShape == null && convertTo == null && reduceAxes.length == 0;
    }

    /** The view part of the plan for one operand: diagonals, then broadcast axes dropped. */
    static final class Views {
        final int[][] diagonals;
        final long[] squeezedShape;
        final int[] labels;
        final long[] shape;

        Views(int[][] diagonals, long[] squeezedShape, int[] labels, long[] shape) {
            this.diagonals = diagonals;
            this.squeezedShape = squeezedShape;
            this.labels = labels;
            this.shape = shape;
        }
    }

    /**
     * @param axisLabels the operand's label per axis
     * @param shape the operand's shape
     * @param sizes every label's extent
     * @return the views that give it one axis per label, broadcast axes dropped
     */
    static Views views(int[] axisLabels, long[] shape, long[] sizes) {
        IntList labels = new IntList(axisLabels.length);
        IntList axes = new IntList(axisLabels.length);
        for (int a = 0; a < axisLabels.length; a++) {
            labels.add(axisLabels[a]);
            axes.add(a);
        }
        java.util.List<int[]> diagonals = new java.util.ArrayList<>();
        for (int b = 0; b < labels.size();) {
            int first = labels.indexOf(labels.get(b));
            if (first < b) { // the diagonal replaces the first axis of the label and removes this one
                diagonals.add(new int[] {first, b});
                labels.removeAt(b);
                axes.removeAt(b);
            } else {
                b++;
            }
        }
        IntList kept = new IntList(labels.size());
        IntList keptAxes = new IntList(labels.size());
        for (int k = 0; k < labels.size(); k++) {
            long extent = shape[axes.get(k)];
            if (!(extent == 1 && sizes[labels.get(k)] != 1)) {
                kept.add(labels.get(k));
                keptAxes.add(axes.get(k));
            }
        }
        long[] viewShape = new long[kept.size()];
        for (int k = 0; k < viewShape.length; k++) {
            viewShape[k] = shape[keptAxes.get(k)];
        }
        return new Views(diagonals.isEmpty() ? NO_DIAGONALS : diagonals.toArray(new int[0][]),
                kept.size() == labels.size() ? null : viewShape, kept.toArray(), viewShape);
    }

    /**
     * Applies the views (no copy, no session work).
     *
     * @param t the operand as given
     * @return a view with one axis per label of {@link #viewLabels}
     */
    TensorRead view(TensorRead t) {
        TensorRead v = t;
        for (int[] d : diagonals) {
            v = v.diagonal(d[0], d[1]);
        }
        return squeezedShape == null ? v : v.reshape(squeezedShape);
    }

    /**
     * Runs the whole preparation.
     *
     * @param s the session
     * @param t the operand (already validated)
     * @param compute the computation dtype
     * @param owned receives the tensor the result lives in when the preparation allocated one, else null
     * @param slot where to record it in {@code owned}
     * @return the prepared operand
     */
    TensorRead prepare(BackendSession s, TensorRead t, DType compute, Tensor[] owned, int slot) {
        TensorRead v = view(t);
        Tensor converted = null;
        if (convertTo != null) {
            converted = s.allocate(convertTo, v.shape());
            owned[slot] = converted;
            s.castInto(v, converted);
            v = converted;
        }
        if (reduceAxes.length == 0) {
            return v;
        }
        Tensor reduced = s.allocate(compute, reducedShape);
        owned[slot] = reduced;
        try {
            s.reduceInto(ReduceOp.SUM, v, reduceAxes, reduced);
            if (clamp) {
                Constants.clampToOne(s, reduced);
            }
        } finally {
            if (converted != null) {
                s.reclaim(converted);
            }
        }
        return reduced;
    }
}
