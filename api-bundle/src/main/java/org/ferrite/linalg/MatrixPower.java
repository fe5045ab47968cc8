package org.ferrite.linalg;

import org.ferrite.api.error.ValidationException;
import org.ferrite.api.session.BackendSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * NumPy's {@code matrix_power}: {@code Aⁿ} of every member by binary powering — {@code Z = A, A², A⁴, …}
 * and the product of the {@code Z} whose bit of {@code |n|} is set, each product one batched
 * {@code dotGeneral} — the identity for {@code n = 0}, and the powers of {@code A⁻¹} for {@code n < 0}.
 * Products of powers of one matrix commute, so integer results equal NumPy's bit for bit (both wrap).
 * Only a negative power needs the linear-algebra kernels. Thread-safe (stateless).
 */
final class MatrixPower {
    private static final String OP = "matrixPower";

    private MatrixPower() {
    }

    static Tensor power(BackendSession s, TensorRead a, long n) {
        check(a, n);
        if (n == 0) {
            Tensor identity = s.zeros(a.dtype(), a.shape());
            s.fill(identity.diagonal(), 1);
            return identity;
        }
        Tensor inverse = n < 0 ? Determinants.inv(s, a, OP) : null;
        TensorRead z = inverse == null ? a : inverse;
        DotGeneralConfig product = DotGeneralConfig.of(new int[] {1}, new int[] {0}, Portable.batchDims(a, 2, 2),
                Portable.batchDims(a, 2, 2));
        Tensor result = null;
        long bits = n < 0 ? -n : n; // Long.MIN_VALUE stays negative: its bits are read unsigned
        while (true) {
            if ((bits & 1) != 0) {
                Tensor next = result == null ? s.toContiguous(z) : s.dotGeneral(result, z, product);
                if (next == z) {
                    next = s.allocate(a.dtype(), a.shape());
                    s.copyInto(z, next);
                }
                Portable.reclaim(s, result);
                result = next;
            }
            bits >>>= 1;
            if (bits == 0) {
                break;
            }
            Tensor squared = s.dotGeneral(z, z, product);
            if (z != a) {
                s.reclaim((Tensor) z);
            }
            z = squared;
        }
        if (z != a) {
            s.reclaim((Tensor) z);
        }
        return result;
    }

    private static void check(TensorRead a, long n) {
        DType dtype = a.dtype();
        if (dtype == DType.BOOL) {
            throw ValidationException.dtypeMismatch(OP, "a", "I32, I64, F32, F64, C64 or C128", "BOOL");
        }
        if (n < 0 && !LinalgShapes.isLinalgDtype(dtype)) {
            throw ValidationException.dtypeMismatch(OP, "a", "F32, F64, C64 or C128 for a negative power (it"
                    + " inverts A; NumPy inverts integers in float64 — cast a to F64 first)", dtype.name());
        }
        if (a.rank() < 2) {
            throw ValidationException.rankMismatch(OP, "a", ">= 2 ([n, n, batch…]; matrix axes first)", a.rank());
        }
        if (a.dim(0) != a.dim(1)) {
            throw ValidationException.extentMismatch(OP, "a", 1, a.dim(0), a.dim(1),
                    OP + " needs square matrices [n, n, batch…]; got " + a.dim(0) + " × " + a.dim(1));
        }
    }
}
