package org.ferrite.cpu.internal.linalg.dense;

import org.ejml.data.DMatrixRMaj;
import org.ejml.data.ZMatrixRMaj;
import org.ejml.dense.row.decompose.lu.LUDecompositionAlt_ZDRM;
import org.ejml.dense.row.decompose.qr.QRDecompositionHouseholderColumn_ZDRM;
import org.ejml.dense.row.decomposition.eig.SymmetricQRAlgorithmDecomposition_DDRM;
import org.ejml.dense.row.decomposition.lu.LUDecompositionAlt_DDRM;
import org.ejml.dense.row.decomposition.qr.QRDecompositionHouseholderColumn_DDRM;
import org.ejml.dense.row.decomposition.svd.SvdImplicitQrDecompose_DDRM;
import org.ferrite.cpu.internal.linalg.option.SvdJob;

/**
 * The embedded EJML's reusable state: one decomposition object per configuration, created on first use
 * and then reused for every shape (EJML's objects grow their internal storage as needed), and the
 * row-major matrices the adapters copy into and out of. EJML types never leave this package.
 *
 * <p>Not thread-safe: part of one {@link DenseWorkspace}.
 */
final class EjmlWorkspace {
    private LUDecompositionAlt_DDRM realLu;
    private LUDecompositionAlt_ZDRM complexLu;
    private QRDecompositionHouseholderColumn_DDRM realQr;
    private QRDecompositionHouseholderColumn_ZDRM complexQr;
    private final SvdImplicitQrDecompose_DDRM[] realSvd = new SvdImplicitQrDecompose_DDRM[SvdJob.values().length];
    private SymmetricQRAlgorithmDecomposition_DDRM symmetricVectors;
    private SymmetricQRAlgorithmDecomposition_DDRM symmetricValues;
    /** The order the symmetric decompositions were last used for ({@code -1}: none). */
    private int symmetricVectorsOrder = -1;
    private int symmetricValuesOrder = -1;
    private final DMatrixRMaj realInput = new DMatrixRMaj(1, 1);
    private final DMatrixRMaj realQ = new DMatrixRMaj(1, 1);
    private final DMatrixRMaj realR = new DMatrixRMaj(1, 1);
    private final ZMatrixRMaj complexInput = new ZMatrixRMaj(1, 1);
    private final ZMatrixRMaj complexQ = new ZMatrixRMaj(1, 1);
    private final ZMatrixRMaj complexR = new ZMatrixRMaj(1, 1);

    /** @return the reusable real input matrix, reshaped to {@code rows × cols} (contents unspecified) */
    DMatrixRMaj realInput(int rows, int cols) {
        realInput.reshape(rows, cols, false);
        return realInput;
    }

    /** @return the reusable complex input matrix, reshaped to {@code rows × cols} (contents unspecified) */
    ZMatrixRMaj complexInput(int rows, int cols) {
        complexInput.reshape(rows, cols);
        return complexInput;
    }

    /**
     * The reusable real output matrix for {@code Q}, reshaped: EJML's {@code getQ}/{@code getR} reuse a
     * passed matrix only when its shape is already right.
     */
    DMatrixRMaj realQ(int rows, int cols) {
        realQ.reshape(rows, cols, false);
        return realQ;
    }

    DMatrixRMaj realR(int rows, int cols) {
        realR.reshape(rows, cols, false);
        return realR;
    }

    ZMatrixRMaj complexQ(int rows, int cols) {
        complexQ.reshape(rows, cols);
        return complexQ;
    }

    ZMatrixRMaj complexR(int rows, int cols) {
        complexR.reshape(rows, cols);
        return complexR;
    }

    /*
     * EJML's LU and QR objects size their storage from max(rows, cols) but index it by rows·cols, so a
     * shape with the same maximum and a larger product overruns it. Each object is therefore resized
     * (setExpectedMaxSize) whenever the shape changes: a repeated shape allocates nothing.
     */
    private long realLuShape = -1;
    private long complexLuShape = -1;
    private long realQrShape = -1;
    private long complexQrShape = -1;

    private static long shape(int rows, int cols) {
        return (long) rows << 32 | cols;
    }

    LUDecompositionAlt_DDRM realLu(int rows, int cols) {
        if (realLu == null) {
            realLu = new LUDecompositionAlt_DDRM();
        }
        if (realLuShape != shape(rows, cols)) {
            realLu.setExpectedMaxSize(rows, cols);
            realLuShape = shape(rows, cols);
        }
        return realLu;
    }

    LUDecompositionAlt_ZDRM complexLu(int rows, int cols) {
        if (complexLu == null) {
            complexLu = new LUDecompositionAlt_ZDRM();
        }
        if (complexLuShape != shape(rows, cols)) {
            complexLu.setExpectedMaxSize(rows, cols);
            complexLuShape = shape(rows, cols);
        }
        return complexLu;
    }

    QRDecompositionHouseholderColumn_DDRM realQr(int rows, int cols) {
        if (realQr == null) {
            realQr = new QRDecompositionHouseholderColumn_DDRM();
        }
        if (realQrShape != shape(rows, cols)) {
            realQr.setExpectedMaxSize(rows, cols);
            realQrShape = shape(rows, cols);
        }
        return realQr;
    }

    QRDecompositionHouseholderColumn_ZDRM complexQr(int rows, int cols) {
        if (complexQr == null) {
            complexQr = new QRDecompositionHouseholderColumn_ZDRM();
        }
        if (complexQrShape != shape(rows, cols)) {
            complexQr.setExpectedMaxSize(rows, cols);
            complexQrShape = shape(rows, cols);
        }
        return complexQr;
    }

    /**
     * @param job what to compute
     * @return EJML's implicit-QR SVD configured for {@code job} (compact for {@link SvdJob#THIN}; it may
     *     bidiagonalise through a QR first for tall values-only problems)
     */
    SvdImplicitQrDecompose_DDRM realSvd(SvdJob job) {
        int i = job.ordinal();
        if (realSvd[i] == null) {
            boolean vectors = job != SvdJob.VALUES;
            realSvd[i] = new SvdImplicitQrDecompose_DDRM(job == SvdJob.THIN, vectors, vectors, true);
        }
        return realSvd[i];
    }

    /**
     * EJML's symmetric QR eigen-decomposition (tridiagonalisation + implicit QR) for order {@code n}.
     * Unlike EJML's other decompositions it cannot be reused for another order (it keeps eigenvector
     * storage of the previous order and fails in {@code CommonOps_DDRM.rowsToVector}), so one object is
     * kept per order last used and replaced when the order changes.
     *
     * @param vectors whether eigenvectors are wanted
     * @param n the order of the next decomposition
     * @return the decomposition object
     */
    SymmetricQRAlgorithmDecomposition_DDRM symmetricEigen(boolean vectors, int n) {
        if (vectors) {
            if (symmetricVectors == null || symmetricVectorsOrder != n) {
                symmetricVectors = new SymmetricQRAlgorithmDecomposition_DDRM(true);
                symmetricVectorsOrder = n;
            }
            return symmetricVectors;
        }
        if (symmetricValues == null || symmetricValuesOrder != n) {
            symmetricValues = new SymmetricQRAlgorithmDecomposition_DDRM(false);
            symmetricValuesOrder = n;
        }
        return symmetricValues;
    }

    /**
     * EJML's LU of the compact column-major {@code rows × cols} matrix in {@code a}, overwritten by the
     * packed factors (column-major).
     *
     * @param scalars 1 for real ({@code DDRM}), 2 for complex ({@code ZDRM})
     * @param rows rows
     * @param cols columns
     * @param a compact input, overwritten by {@code L} and {@code U}
     * @return EJML's {@code indx}: row {@code i} was interchanged with {@code indx[i]}, in order
     */
    int[] lu(int scalars, int rows, int cols, double[] a) {
        if (scalars == 1) {
            DMatrixRMaj in = realInput(rows, cols);
            EjmlCopies.toRowMajor(rows, cols, 1, a, in.data);
            LUDecompositionAlt_DDRM lu = realLu(rows, cols);
            lu.decompose(in);
            EjmlCopies.toColumnMajor(rows, cols, 1, lu.getLU().data, a);
            return lu.getIndx();
        }
        ZMatrixRMaj in = complexInput(rows, cols);
        EjmlCopies.toRowMajor(rows, cols, 2, a, in.data);
        LUDecompositionAlt_ZDRM lu = complexLu(rows, cols);
        lu.decompose(in);
        EjmlCopies.toColumnMajor(rows, cols, 2, lu.getLU().data, a);
        return lu.getIndx();
    }

    /**
     * EJML's Householder QR of the compact column-major {@code rows × cols} matrix in {@code a}; then
     * {@code R} ({@code rRows × cols}) and, when {@code qCols > 0}, {@code Q} ({@code rows × qCols}) are
     * written compact column-major into {@code r} and {@code q}.
     *
     * @param scalars 1 for real ({@code DDRM}), 2 for complex ({@code ZDRM})
     * @param rows rows
     * @param cols columns
     * @param a compact input, read
     * @param rRows rows of {@code R}: {@code min(rows, cols)} (compact) or {@code rows}
     * @param r receives {@code R}
     * @param qCols columns of {@code Q}: 0 (none), {@code min(rows, cols)} (compact) or {@code rows}
     * @param q receives {@code Q}
     */
    void qr(int scalars, int rows, int cols, double[] a, int rRows, double[] r, int qCols, double[] q) {
        boolean compactR = rRows < rows;
        boolean compactQ = qCols < rows;
        if (scalars == 1) {
            DMatrixRMaj in = realInput(rows, cols);
            EjmlCopies.toRowMajor(rows, cols, 1, a, in.data);
            QRDecompositionHouseholderColumn_DDRM qr = realQr(rows, cols);
            qr.decompose(in);
            EjmlCopies.toColumnMajor(rRows, cols, 1, qr.getR(realR(rRows, cols), compactR).data, r);
            if (qCols > 0) {
                EjmlCopies.toColumnMajor(rows, qCols, 1, qr.getQ(realQ(rows, qCols), compactQ).data, q);
            }
            return;
        }
        ZMatrixRMaj in = complexInput(rows, cols);
        EjmlCopies.toRowMajor(rows, cols, 2, a, in.data);
        QRDecompositionHouseholderColumn_ZDRM qr = complexQr(rows, cols);
        qr.decompose(in);
        EjmlCopies.toColumnMajor(rRows, cols, 2, qr.getR(complexR(rRows, cols), compactR).data, r);
        if (qCols > 0) {
            EjmlCopies.toColumnMajor(rows, qCols, 2, qr.getQ(complexQ(rows, qCols), compactQ).data, q);
        }
    }
}
