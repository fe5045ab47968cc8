package org.ferrite.api.tensor;

/** Strides for a copy-free reshape in column-major element order (NumPy's attempt_nocopy_reshape). */
final class ReshapeStrides {
    private ReshapeStrides() {
    }

    /**
     * @return the strides of the reshaped view, or {@code null} if the layout needs a copy
     */
    static long[] compute(long[] oldShape, long[] oldStrides, long[] newShape) {
        // Drop extent-1 axes of the old layout: they carry no stride information.
        int n = 0;
        long[] os = new long[oldShape.length];
        long[] ost = new long[oldShape.length];
        for (int a = 0; a < oldShape.length; a++) {
            if (oldShape[a] == 0) {
                return Shapes.columnMajorStrides(newShape);
            }
            if (oldShape[a] != 1) {
                os[n] = oldShape[a];
                ost[n] = oldStrides[a];
                n++;
            }
        }
        long[] nst = new long[newShape.length];
        int oi = 0;
        int ni = 0;
        while (ni < newShape.length && oi < n) {
            int oj = oi + 1;
            int nj = ni + 1;
            long np = newShape[ni];
            long op = os[oi];
            while (np != op) {
                if (np < op) {
                    np *= newShape[nj++];
                } else {
                    op *= os[oj++];
                }
            }
            // old axes [oi, oj) must be contiguous among themselves (column-major: fastest first)
            for (int k = oi; k < oj - 1; k++) {
                if (ost[k + 1] != ost[k] * os[k]) {
                    return null;
                }
            }
            nst[ni] = ost[oi];
            for (int k = ni + 1; k < nj; k++) {
                nst[k] = nst[k - 1] * newShape[k - 1];
            }
            ni = nj;
            oi = oj;
        }
        // trailing extent-1 axes of the new shape
        long last = ni == 0 ? 1 : nst[ni - 1] * newShape[ni - 1];
        for (; ni < newShape.length; ni++) {
            nst[ni] = last;
        }
        return nst;
    }
}
