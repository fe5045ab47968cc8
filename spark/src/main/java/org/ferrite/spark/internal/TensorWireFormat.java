package org.ferrite.spark.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;

/**
 * The one binary layout of a host tensor's elements, shared by the Kryo serializer, Java serialization and
 * the Dataset column: the compact column-major scalars, little-endian, bit for bit (raw IEEE 754 bits, so
 * NaN payloads and signed zeros survive), complex elements interleaved re, im; a BOOL element is one byte,
 * 0 or 1; F16 and BF16 elements are their two bytes of raw bits, I8 and U8 one byte. The dtype and shape travel beside it, in each carrier's own form. A view is compacted first; a
 * device tensor is refused (transfer it to the host). Data moves in chunks of {@value #CHUNK_BYTES} bytes,
 * so a carrier never needs the whole byte image at once.
 *
 * <p>Thread-safe (stateless). Lifetime: static.
 */
public final class TensorWireFormat {
    /** Bytes per chunk handed to a sink or read from a source. */
    public static final int CHUNK_BYTES = 1 << 16;

    private TensorWireFormat() {
    }

    /** Where chunks go. */
    @FunctionalInterface
    public interface ByteSink {
        /**
         * @param bytes the chunk's array
         * @param length its length from index 0
         * @throws IOException from the carrier
         */
        void write(byte[] bytes, int length) throws IOException;
    }

    /** Where chunks come from. */
    @FunctionalInterface
    public interface ByteSource {
        /**
         * @param bytes the array to fill
         * @param length exactly how many bytes, from index 0
         * @throws IOException from the carrier (end of data included)
         */
        void readFully(byte[] bytes, int length) throws IOException;
    }

    /**
     * @param op the operation, for messages
     * @param tensor a host tensor or view
     * @return it compact: the tensor itself, or a compact copy of a view
     * @throws ValidationException if it is not on the host
     */
    public static Tensor compactHost(String op, TensorRead tensor) {
        if (tensor == null) {
            throw ValidationException.invalidArgument(op, "tensor", "a host tensor", "null", null);
        }
        if (!tensor.placement().isHost()) {
            throw ValidationException.invalidArgument(op, "tensor", "a host tensor", "a tensor on "
                    + tensor.placement(), "transfer it to the host first (session.toHost(t))");
        }
        return tensor.toTensor();
    }

    /**
     * @param dtype an element type
     * @param size elements
     * @return the bytes of their data
     */
    public static long dataBytes(DType dtype, long size) {
        return Math.multiplyExact(size, dtype == DType.BOOL ? 1 : dtype.byteSize());
    }

    /**
     * Writes the data of a compact host tensor.
     *
     * @param tensor compact, on the host ({@link #compactHost})
     * @param sink the carrier
     * @throws IOException from the sink
     */
    public static void write(Tensor tensor, ByteSink sink) throws IOException {
        DType dtype = tensor.dtype();
        int scalars = Math.toIntExact(tensor.size() * dtype.scalarsPerElement());
        int width = scalarBytes(dtype);
        int perChunk = CHUNK_BYTES / width;
        ByteBuffer chunk = ByteBuffer.allocate(CHUNK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        Object storage = tensor.storage();
        for (int from = 0; from < scalars; from += perChunk) {
            int n = Math.min(perChunk, scalars - from);
            chunk.clear();
            switch (dtype) {
                case BOOL -> {
                    boolean[] values = (boolean[]) storage;
                    for (int i = 0; i < n; i++) {
                        chunk.put(values[from + i] ? (byte) 1 : (byte) 0);
                    }
                }
                case I32 -> chunk.asIntBuffer().put((int[]) storage, from, n);
                case I64 -> chunk.asLongBuffer().put((long[]) storage, from, n);
                case F32, C64 -> chunk.asFloatBuffer().put((float[]) storage, from, n);
                case F64, C128 -> chunk.asDoubleBuffer().put((double[]) storage, from, n);
                case F16, BF16 -> chunk.asShortBuffer().put((short[]) storage, from, n); // raw bits
                case I8, U8 -> chunk.put((byte[]) storage, from, n);
                default -> throw new IllegalStateException("dtype " + dtype);
            }
            sink.write(chunk.array(), n * width);
        }
    }

    /**
     * Reads the data of a tensor of {@code dtype} and {@code shape}.
     *
     * @param dtype its element type
     * @param shape its extents
     * @param source the carrier
     * @return a new compact host tensor
     * @throws IOException from the source
     * @throws ValidationException if the shape is invalid or too large for the host
     */
    public static Tensor read(DType dtype, long[] shape, ByteSource source) throws IOException {
        Tensor tensor = Tensor.zeros(dtype, shape);
        int scalars = Math.toIntExact(tensor.size() * dtype.scalarsPerElement());
        int width = scalarBytes(dtype);
        int perChunk = CHUNK_BYTES / width;
        byte[] bytes = new byte[Math.min(CHUNK_BYTES, Math.max(1, scalars * width))];
        ByteBuffer chunk = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        Object storage = tensor.storage();
        for (int from = 0; from < scalars; from += perChunk) {
            int n = Math.min(perChunk, scalars - from);
            source.readFully(bytes, n * width);
            chunk.clear();
            switch (dtype) {
                case BOOL -> {
                    boolean[] values = (boolean[]) storage;
                    for (int i = 0; i < n; i++) {
                        values[from + i] = bytes[i] != 0;
                    }
                }
                case I32 -> chunk.asIntBuffer().get((int[]) storage, from, n);
                case I64 -> chunk.asLongBuffer().get((long[]) storage, from, n);
                case F32, C64 -> chunk.asFloatBuffer().get((float[]) storage, from, n);
                case F64, C128 -> chunk.asDoubleBuffer().get((double[]) storage, from, n);
                case F16, BF16 -> chunk.asShortBuffer().get((short[]) storage, from, n);
                case I8, U8 -> chunk.get((byte[]) storage, from, n);
                default -> throw new IllegalStateException("dtype " + dtype);
            }
        }
        return tensor;
    }

    /**
     * @param op the operation, for messages
     * @param name a dtype's name as written
     * @return the dtype
     * @throws ValidationException if no dtype has that name
     */
    public static DType dtype(String op, String name) {
        try {
            return DType.valueOf(name);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw ValidationException.invalidArgument(op, "dtype", "one of BOOL, I32, I64, F32, F64, C64, C128",
                    "\"" + name + "\"", "the data was written by something else, or is corrupt");
        }
    }

    private static int scalarBytes(DType dtype) {
        return dtype == DType.BOOL ? 1 : dtype.byteSize() / dtype.scalarsPerElement();
    }
}
