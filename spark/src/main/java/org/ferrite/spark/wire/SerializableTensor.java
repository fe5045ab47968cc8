package org.ferrite.spark.wire;

import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.spark.internal.TensorWireFormat;

/**
 * A host tensor that Java serialization can carry — the fallback for jobs on Spark's default
 * {@code JavaSerializer}, where {@link Tensor} itself (not {@code Serializable}) cannot travel. With Kryo
 * and {@link FerriteKryoRegistrator}, tensors travel as they are and this holder is not needed (it is
 * registered too, in the same layout).
 *
 * <pre>{@code
 * JavaRDD<SerializableTensor> rows = sc.parallelize(List.of(SerializableTensor.of(t)));
 * Tensor back = rows.first().tensor();
 * }</pre>
 *
 * <p>The serial form is the dtype's name, the rank, the extents, then the data in the module's one layout
 * (compact column-major, little-endian, bit for bit). A view is compacted when wrapped.
 *
 * <p>Not thread-safe (it holds a tensor, whose elements are not synchronised). Lifetime: a value; the
 * tensor is shared with the caller, not copied (except a view's compaction).
 */
public final class SerializableTensor implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final int MAX_RANK = 1024;

    /** Written by {@link #writeObject} in the module's layout. */
    private transient Tensor tensor;

    private SerializableTensor(Tensor tensor) {
        this.tensor = tensor;
    }

    /**
     * @param tensor a host tensor or view
     * @return it, ready for Java serialization (a view compacted now)
     * @throws org.ferrite.api.error.ValidationException if it is not on the host
     */
    public static SerializableTensor of(TensorRead tensor) {
        return new SerializableTensor(TensorWireFormat.compactHost("SerializableTensor.of", tensor));
    }

    /** @return the compact host tensor */
    public Tensor tensor() {
        return tensor;
    }

    /**
     * Writes the serial form.
     *
     * @param out the stream
     * @throws IOException from the stream
     * @serialData the dtype's name ({@code writeUTF}), the rank ({@code int}), each extent ({@code long}), then
     *     the compact column-major data, little-endian, bit for bit
     */
    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        out.writeUTF(tensor.dtype().name());
        out.writeInt(tensor.rank());
        for (int axis = 0; axis < tensor.rank(); axis++) {
            out.writeLong(tensor.dim(axis));
        }
        TensorWireFormat.write(tensor, (bytes, length) -> out.write(bytes, 0, length));
    }

    /**
     * Reads the serial form, refusing a corrupt one.
     *
     * @param in the stream
     * @throws IOException from the stream, or {@link InvalidObjectException} for corrupt data
     * @throws ClassNotFoundException from the stream
     */
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        try {
            DType dtype = TensorWireFormat.dtype("SerializableTensor.readObject", in.readUTF());
            int rank = in.readInt();
            if (rank < 0 || rank > MAX_RANK) {
                throw new InvalidObjectException("a tensor of rank " + rank + ": corrupt data");
            }
            long[] shape = new long[rank];
            for (int axis = 0; axis < rank; axis++) {
                shape[axis] = in.readLong();
            }
            tensor = TensorWireFormat.read(dtype, shape, (bytes, length) -> in.readFully(bytes, 0, length));
        } catch (TensorException e) {
            InvalidObjectException invalid = new InvalidObjectException("cannot read a Ferrite tensor: " + e.getMessage());
            invalid.initCause(e);
            throw invalid;
        }
    }

    @Override
    public String toString() {
        return "SerializableTensor[" + tensor + "]";
    }
}
