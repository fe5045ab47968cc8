package org.ferrite.spark.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.esotericsoftware.kryo.KryoException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.apache.spark.SparkConf;
import org.apache.spark.serializer.KryoSerializer;
import org.apache.spark.serializer.SerializerInstance;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.junit.jupiter.api.Test;
import scala.reflect.ClassTag$;

/**
 * One body, three carriers: Spark's Kryo with {@link FerriteKryoRegistrator} and
 * {@code spark.kryo.registrationRequired=true}, Java serialization of {@link SerializableTensor}, and the
 * Dataset column {@link TensorColumn} — bit-exact round trips for every dtype over random shapes (ranks 0 to
 * 4, extents 0 to 4), raw-bit elements (NaN payloads, −0.0, infinities) and strided views, which arrive
 * compacted.
 */
class WireRoundTripTest {
    private static final int SEEDS = 40;

    private static final SerializerInstance KRYO = new KryoSerializer(new SparkConf()
            .set("spark.kryo.registrationRequired", "true")
            .set("spark.kryo.registrator", FerriteKryoRegistrator.class.getName())).newInstance();

    @Test
    void kryoRoundTripsEveryDtypeBitExactly() {
        roundTrips(t -> KRYO.deserialize(KRYO.serialize(t, ClassTag$.MODULE$.apply(Tensor.class)),
                ClassTag$.MODULE$.apply(Tensor.class)));
    }

    @Test
    void kryoCompactsAViewAndReadsItBackAsAView() {
        SplittableRandom random = new SplittableRandom(7);
        Tensor t = WireTensors.random(DType.C128, random, 3, 4, 2);
        TensorView view = t.permute(2, 0, 1).reverse(1).slice(2, 0, 4, 2);
        Object back = KRYO.deserialize(KRYO.serialize(view, ClassTag$.MODULE$.apply(TensorView.class)),
                ClassTag$.MODULE$.apply(TensorView.class));
        assertThat(back).isInstanceOf(TensorView.class);
        WireTensors.assertBitExact(view, (TensorView) back);
    }

    @Test
    void javaSerializationRoundTripsEveryDtypeBitExactly() {
        roundTrips(t -> javaRoundTrip(SerializableTensor.of(t)).tensor());
    }

    @Test
    void kryoCarriesTheJavaSerializationHolderToo() {
        roundTrips(t -> ((SerializableTensor) KRYO.deserialize(KRYO.serialize(SerializableTensor.of(t),
                ClassTag$.MODULE$.apply(SerializableTensor.class)), ClassTag$.MODULE$.apply(SerializableTensor.class)))
                .tensor());
    }

    @Test
    void datasetColumnRoundTripsEveryDtypeBitExactly() {
        roundTrips(t -> TensorColumn.fromRow(TensorColumn.toRow(t)));
    }

    @Test
    void datasetColumnDataIsLittleEndianColumnMajorWithComplexInterleaved() {
        Tensor t = Tensor.ofComplex(new double[] {1, 2, 3, 4}, 2);          // [1+2i, 3+4i]
        Row row = TensorColumn.toRow(t.reverse(0));                          // [3+4i, 1+2i], compacted
        assertThat(row.getString(0)).isEqualTo("C128");
        assertThat(row.<Long>getList(1)).containsExactly(2L);
        ByteBuffer data = ByteBuffer.wrap((byte[]) row.get(2)).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        assertThat(new double[] {data.getDouble(), data.getDouble(), data.getDouble(), data.getDouble()})
                .containsExactly(3, 4, 1, 2);
        Row bools = TensorColumn.toRow(Tensor.of(new boolean[] {true, false, true}, 3));
        assertThat((byte[]) bools.get(2)).containsExactly(1, 0, 1);
    }

    private static void roundTrips(UnaryOperator<TensorRead> carrier) {
        for (DType dtype : DType.values()) {
            for (int seed = 0; seed < SEEDS; seed++) {
                SplittableRandom random = new SplittableRandom(seed * 31L + dtype.ordinal());
                Tensor t = WireTensors.random(dtype, random);
                TensorRead sent = seed % 2 == 0 ? t : WireTensors.view(t, random);
                try {
                    TensorRead back = carrier.apply(sent);
                    WireTensors.assertBitExact(sent, back);
                } catch (AssertionError | RuntimeException e) {
                    throw new AssertionError(dtype + ", seed " + seed + ", sent " + sent + ": " + e.getMessage(), e);
                }
            }
        }
        // a tensor larger than one chunk of the wire format
        Tensor large = WireTensors.random(DType.F64, new SplittableRandom(99), 300, 100);
        WireTensors.assertBitExact(large, carrier.apply(large));
    }

    @Test
    void aCorruptColumnValueIsATypedError() {
        Row row = TensorColumn.toRow(Tensor.of(new double[] {1, 2}, 2));
        Row shortData = RowFactory.create("F64", List.of(2L), new byte[8]);
        assertThatThrownBy(() -> TensorColumn.fromRow(shortData)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("data").hasMessageContaining("16 bytes").hasMessageContaining("8 bytes");
        Row unknown = RowFactory.create("F8", row.get(1), row.get(2));
        assertThatThrownBy(() -> TensorColumn.fromRow(unknown)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("dtype").hasMessageContaining("\"F8\"");
        Row negative = RowFactory.create("F64", List.of(-2L), new byte[0]);
        assertThatThrownBy(() -> TensorColumn.fromRow(negative)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("shape");
    }

    @Test
    void corruptKryoAndJavaStreamsAreTypedErrors() throws IOException {
        byte[] good = KRYO.serialize(Tensor.of(new int[] {1, 2, 3}, 3), ClassTag$.MODULE$.apply(Tensor.class)).array();
        byte[] truncated = java.util.Arrays.copyOf(good, good.length - 4);
        assertThatThrownBy(() -> KRYO.deserialize(ByteBuffer.wrap(truncated), ClassTag$.MODULE$.apply(Tensor.class)))
                .isInstanceOf(KryoException.class);
        byte[] serialized = javaBytes(SerializableTensor.of(Tensor.of(new int[] {1, 2, 3}, 3)));
        byte[] cut = java.util.Arrays.copyOf(serialized, serialized.length - 4);
        assertThatThrownBy(() -> readJava(cut)).isInstanceOf(UncheckedIOException.class);
    }

    @Test
    void aDeviceTensorIsRefusedWithWhatToDo() {
        assertThatThrownBy(() -> SerializableTensor.of(null)).isInstanceOf(ValidationException.class)
                .hasMessageContaining("a host tensor");
    }

    private static SerializableTensor javaRoundTrip(SerializableTensor t) {
        try {
            return (SerializableTensor) readJava(javaBytes(t));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] javaBytes(Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    private static Object readJava(byte[] bytes) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return in.readObject();
        } catch (InvalidObjectException e) {
            throw new UncheckedIOException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
