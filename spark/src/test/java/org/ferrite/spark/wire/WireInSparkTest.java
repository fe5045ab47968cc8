package org.ferrite.spark.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.spark.SparkForTests;
import org.junit.jupiter.api.Test;
import scala.Tuple2;

/**
 * Tensors through a real {@code local[2]} Spark with {@code spark.kryo.registrationRequired=true}: a shuffle
 * (every dtype, views among them), a broadcast read by every task, and a Dataset column through a shuffle —
 * each bit-exact.
 */
class WireInSparkTest {
    private static final int PER_DTYPE = 6;

    /** @return seeded tensors of every dtype; odd ones as strided views */
    private static List<TensorRead> sent() {
        List<TensorRead> tensors = new ArrayList<>();
        for (DType dtype : DType.values()) {
            for (int i = 0; i < PER_DTYPE; i++) {
                SplittableRandom random = new SplittableRandom(1000L * dtype.ordinal() + i);
                Tensor t = WireTensors.random(dtype, random);
                tensors.add(i % 2 == 0 ? t : WireTensors.view(t, random));
            }
        }
        return tensors;
    }

    @Test
    void tensorsCrossAShuffleBitExactly() {
        List<TensorRead> sent = sent();
        List<Tuple2<Integer, Tensor>> keyed = new ArrayList<>();
        for (int i = 0; i < sent.size(); i++) {
            keyed.add(new Tuple2<>(i, sent.get(i).toTensor()));
        }
        JavaSparkContext sc = SparkForTests.context();
        // partitionBy: a real shuffle (map-side write, reduce-side fetch) through Kryo
        List<Tuple2<Integer, Tensor>> back = JavaPairRDD.fromJavaRDD(sc.parallelize(keyed, 2))
                .partitionBy(new org.apache.spark.HashPartitioner(3)).collect();

        assertThat(back).hasSize(sent.size());
        for (Tuple2<Integer, Tensor> entry : back) {
            WireTensors.assertBitExact(sent.get(entry._1()), entry._2());
        }
    }

    @Test
    void aBroadcastTensorReachesEveryTaskBitExactly() {
        SplittableRandom random = new SplittableRandom(5);
        Tensor weights = WireTensors.random(DType.C64, random, 7, 5);
        JavaSparkContext sc = SparkForTests.context();
        Broadcast<Tensor> shared = sc.broadcast(weights);
        List<Tensor> seen = sc.parallelize(List.of(0, 1, 2, 3), 4).map(i -> shared.value()).collect();

        assertThat(seen).hasSize(4).allSatisfy(t -> WireTensors.assertBitExact(weights, t));
        shared.destroy();
    }

    @Test
    void aDatasetColumnCrossesAShuffleBitExactly() {
        List<TensorRead> sent = sent();
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < sent.size(); i++) {
            rows.add(RowFactory.create(i, TensorColumn.toRow(sent.get(i))));
        }
        StructType schema = new StructType().add("id", DataTypes.IntegerType, false).add("t", TensorColumn.TYPE, false);
        SparkSession spark = SparkForTests.session();
        Dataset<Row> frame = spark.createDataFrame(rows, schema).repartition(3);     // a shuffle of UnsafeRows
        List<Row> back = frame.collectAsList();

        assertThat(frame.schema().apply("t").dataType()).isEqualTo(TensorColumn.TYPE);
        assertThat(back).hasSize(sent.size());
        for (Row row : back) {
            WireTensors.assertBitExact(sent.get(row.getInt(0)), TensorColumn.fromRow(row.getStruct(1)));
        }
    }
}
