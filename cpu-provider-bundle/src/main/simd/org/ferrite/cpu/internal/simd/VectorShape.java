package org.ferrite.cpu.internal.simd;

import java.util.function.IntSupplier;
import jdk.incubator.vector.DoubleVector;

/**
 * The probe {@link Simd} loads first: the preferred vector size in bits. Loading it proves that the
 * Vector API's classes are visible to the bundle. Thread-safe (stateless).
 */
public final class VectorShape implements IntSupplier {
    /** For {@link Simd}'s reflective loading. */
    public VectorShape() {
    }

    @Override
    public int getAsInt() {
        return DoubleVector.SPECIES_PREFERRED.vectorBitSize();
    }
}
