package org.ferrite.cpu.internal.linalg.dense;

import org.ejml.data.DMatrixRMaj;
import org.ejml.data.ZMatrixRMaj;
import org.ejml.dense.row.decompose.lu.LUDecompositionAlt_ZDRM;
import org.ejml.dense.row.decompose.qr.QRDecompositionHouseholderColumn_ZDRM;
import org.ejml.dense.row.decomposition.eig.SymmetricQRAlgorithmDecomposition_DDRM;
import org.ejml.dense.row.decomposition.lu.LUDecompositionAlt_DDRM;
import org.ejml.dense.row.decomposition.qr.QRDecompositionHouseholderColumn_DDRM;
import org.ejml.dense.row.decomposition.svd.SvdImplicitQrDecompose_DDRM;

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

    DMatrixRMaj realQ() {
        return realQ;
    }

    DMatrixRMaj realR() {
        return realR;
    }

    ZMatrixRMaj complexQ() {
        return complexQ;
    }

    ZMatrixRMaj complexR() {
        return complexR;
    }

    LUDecompositionAlt_DDRM realLu() {
        if (realLu == null) {
            realLu = new LUDecompositionAlt_DDRM();
        }
        return realLu;
    }

    LUDecompositionAlt_ZDRM complexLu() {
        if (complexLu == null) {
            complexLu = new LUDecompositionAlt_ZDRM();
        }
        return complexLu;
    }

    QRDecompositionHouseholderColumn_DDRM realQr() {
        if (realQr == null) {
            realQr = new QRDecompositionHouseholderColumn_DDRM();
        }
        return realQr;
    }

    QRDecompositionHouseholderColumn_ZDRM complexQr() {
        if (complexQr == null) {
            complexQr = new QRDecompositionHouseholderColumn_ZDRM();
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
}
