package org.ferrite.api.session;

import org.ferrite.api.random.Distribution;
import org.ferrite.api.random.RandomKey;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorWrite;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Counter-based random numbers generated where the session computes: the same {@link RandomKey} gives the
 * same tensor — bit for bit — on every provider, in every session, on every call ({@link Distribution}
 * fixes which words of the key's Philox stream make which element, in column-major element order). Draw
 * new numbers with new keys ({@link RandomKey#split}, {@link RandomKey#fold}), as with JAX's keys; nothing
 * in the session holds random state.
 *
 * <pre>{@code
 * RandomKey key = RandomKey.of(7);
 * Tensor bits = s.randomBits(key, DType.I64, 4);
 * Tensor init = s.randomNormal(key.fold(1), DType.F32, 128, 64);     // on the session's placement
 * s.randomInto(Distribution.UNIFORM, key.fold(2), noise);            // into an existing tensor
 * }</pre>
 *
 * <p>Confined to the thread that opened the session. Lifetime: that of the session view.
 */
@ProviderType
public interface RandomOps extends BufferOps {
    /**
     * Hook: writes {@code distribution} under {@code key} into {@code out} (element {@code i} in
     * column-major order over {@code out}'s shape, whatever its strides) — where {@code out} lives: on the
     * host or on this session's {@link #placement()}, stream-ordered like any operation. The portable
     * default ({@link BackendSession}) writes a host {@code out} in place and generates for a device
     * {@code out} on the host and transfers; a provider overrides it to generate on its device.
     *
     * @param distribution what to generate
     * @param key the key
     * @param out the output, writable
     * @throws org.ferrite.api.error.ValidationException (DTYPE_MISMATCH, argument {@code out}) for a dtype
     *     the distribution does not generate; (INVALID_ARGUMENT) for an unwritable output or one on a placement
     *     this session does not reach; nothing was written
     */
    void randomInto(Distribution distribution, RandomKey key, TensorWrite out);

    /**
     * Random bits ({@link Distribution#BITS}): a new tensor on {@link #placement()}.
     *
     * @param key the key
     * @param dtype I32 or I64
     * @param shape the extents
     * @return the tensor
     * @throws org.ferrite.api.error.ValidationException (DTYPE_MISMATCH, argument {@code dtype}) for another
     *     dtype, checked before anything is allocated
     */
    default Tensor randomBits(RandomKey key, DType dtype, long... shape) {
        return random(Distribution.BITS, key, dtype, shape);
    }

    /**
     * Uniform values on {@code [0, 1)} ({@link Distribution#UNIFORM}; both parts of a complex dtype): a new
     * tensor on {@link #placement()}. For {@code [low, high)}, scale: {@code low + (high - low) · u}.
     *
     * @param key the key
     * @param dtype F32, F64, C64 or C128
     * @param shape the extents
     * @return the tensor
     * @throws org.ferrite.api.error.ValidationException (DTYPE_MISMATCH, argument {@code dtype}) for another
     *     dtype, checked before anything is allocated
     */
    default Tensor randomUniform(RandomKey key, DType dtype, long... shape) {
        return random(Distribution.UNIFORM, key, dtype, shape);
    }

    /**
     * Standard normal values ({@link Distribution#NORMAL}; a complex dtype gives the standard complex normal,
     * {@code E|z|² = 1}): a new tensor on {@link #placement()}.
     *
     * @param key the key
     * @param dtype F32, F64, C64 or C128
     * @param shape the extents
     * @return the tensor
     * @throws org.ferrite.api.error.ValidationException (DTYPE_MISMATCH, argument {@code dtype}) for another
     *     dtype, checked before anything is allocated
     */
    default Tensor randomNormal(RandomKey key, DType dtype, long... shape) {
        return random(Distribution.NORMAL, key, dtype, shape);
    }

    private Tensor random(Distribution distribution, RandomKey key, DType dtype, long[] shape) {
        java.util.Objects.requireNonNull(key, "key");
        distribution.requireDtype(distribution.operation(), "dtype", dtype);
        Tensor out = allocate(dtype, shape);
        randomInto(distribution, key, out);
        return out;
    }
}
