package org.ferrite.spark.wire;

import com.esotericsoftware.kryo.Kryo;
import org.apache.spark.serializer.KryoRegistrator;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorView;

/**
 * Registers Ferrite's host tensors with Spark's Kryo: {@link Tensor}, {@link TensorView} (written compacted,
 * read back as a full view of a compact tensor) and {@link SerializableTensor}, each with the one binary
 * layout of the module (dtype, shape, then the compact column-major data, little-endian, bit for bit).
 * Works with {@code spark.kryo.registrationRequired=true}.
 *
 * <pre>{@code
 * SparkConf conf = new SparkConf()
 *         .set("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
 *         .set("spark.kryo.registrator", FerriteKryoRegistrator.class.getName());
 * }</pre>
 *
 * <p>Thread-safe (stateless). Lifetime: Spark makes one per Kryo instance.
 */
public final class FerriteKryoRegistrator implements KryoRegistrator {
    /** For Spark, which makes registrators by reflection. */
    public FerriteKryoRegistrator() {
    }

    @Override
    public void registerClasses(Kryo kryo) {
        kryo.register(Tensor.class, new TensorKryoSerializer<Tensor>(t -> t, t -> t));
        kryo.register(TensorView.class, new TensorKryoSerializer<TensorView>(v -> v, TensorView::of));
        kryo.register(SerializableTensor.class,
                new TensorKryoSerializer<SerializableTensor>(SerializableTensor::tensor, SerializableTensor::of));
    }
}
