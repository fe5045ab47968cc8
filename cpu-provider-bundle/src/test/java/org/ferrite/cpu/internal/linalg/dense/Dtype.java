package org.ferrite.cpu.internal.linalg.dense;

/**
 * The four floating dtypes as the tests see them: real or complex, single or double, with the unit
 * roundoff that scales every tolerance. Thread-safe (immutable); test use only.
 */
enum Dtype {
    F64(false, false), F32(false, true), C128(true, false), C64(true, true);

    final boolean complex;
    final boolean single;

    Dtype(boolean complex, boolean single) {
        this.complex = complex;
        this.single = single;
    }

    /** @return scalars per element */
    int scalars() {
        return complex ? 2 : 1;
    }

    /** @return the unit roundoff of the storage precision */
    double eps() {
        return single ? 0x1p-24 : 0x1p-53;
    }
}
