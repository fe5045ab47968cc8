package org.ferrite.spark.wire;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import java.io.IOException;
import java.util.function.Function;
import org.ferrite.api.error.TensorException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.spark.internal.TensorWireFormat;

/**
 * Kryo's form of a host tensor: the dtype's name, the rank and extents as variable-length integers, then
 * the data in {@link TensorWireFormat}'s layout. A view is written compacted; what it reads back is made
 * by {@code rebuild} from the compact tensor (the tensor itself, a full view of it, a
 * {@link SerializableTensor}), so a field keeps its declared type.
 *
 * <p>Thread-safe (stateless; Kryo instances are per thread). Lifetime: as long as the Kryo it is registered with.
 *
 * @param <T> the class it serializes
 */
final class TensorKryoSerializer<T> extends Serializer<T> {
    private final Function<T, TensorRead> tensorOf;
    private final Function<Tensor, T> rebuild;

    /**
     * @param tensorOf the tensor an instance carries
     * @param rebuild an instance from the compact tensor read back
     */
    TensorKryoSerializer(Function<T, TensorRead> tensorOf, Function<Tensor, T> rebuild) {
        super(false, true);
        this.tensorOf = tensorOf;
        this.rebuild = rebuild;
    }

    @Override
    public void write(Kryo kryo, Output output, T value) {
        Tensor tensor = TensorWireFormat.compactHost("FerriteKryoRegistrator.write", tensorOf.apply(value));
        output.writeString(tensor.dtype().name());
        output.writeVarInt(tensor.rank(), true);
        for (int axis = 0; axis < tensor.rank(); axis++) {
            output.writeVarLong(tensor.dim(axis), true);
        }
        try {
            TensorWireFormat.write(tensor, (bytes, length) -> output.writeBytes(bytes, 0, length));
        } catch (IOException e) {
            throw new KryoException(e);
        }
    }

    @Override
    public T read(Kryo kryo, Input input, Class<T> type) {
        try {
            DType dtype = TensorWireFormat.dtype("FerriteKryoRegistrator.read", input.readString());
            int rank = input.readVarInt(true);
            if (rank < 0 || rank > 1024) {
                throw new KryoException("a tensor of rank " + rank + ": the data is corrupt or not a Ferrite tensor");
            }
            long[] shape = new long[rank];
            for (int axis = 0; axis < rank; axis++) {
                shape[axis] = input.readVarLong(true);
            }
            return rebuild.apply(TensorWireFormat.read(dtype, shape, (bytes, length) -> input.readBytes(bytes, 0,
                    length)));
        } catch (IOException | TensorException e) {
            throw new KryoException("cannot read a Ferrite tensor: " + e.getMessage(), e);
        }
    }
}
