package org.ferrite.spark.wire;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.spark.internal.TensorWireFormat;

/**
 * A host tensor as a Dataset column: {@code struct<dtype: string, shape: array<bigint>, data: binary>} — the
 * dtype's name, the extents, and the compact column-major elements little-endian (complex interleaved
 * re, im; BOOL one byte each), bit for bit. Readable without Ferrite: in NumPy,
 * {@code np.frombuffer(data, '<f8').reshape(shape, order='F')} (for F64).
 *
 * <pre>{@code
 * StructType schema = new StructType().add("id", DataTypes.LongType).add("t", TensorColumn.TYPE);
 * Dataset<Row> df = spark.createDataFrame(List.of(RowFactory.create(1L, TensorColumn.toRow(t))), schema);
 * Tensor back = TensorColumn.fromRow(df.first().getStruct(1));
 * }</pre>
 *
 * <p>Thread-safe (stateless). Lifetime: static.
 */
public final class TensorColumn {
    /** The column's type. */
    public static final StructType TYPE = new StructType()
            .add("dtype", DataTypes.StringType, false)
            .add("shape", DataTypes.createArrayType(DataTypes.LongType, false), false)
            .add("data", DataTypes.BinaryType, false);

    private TensorColumn() {
    }

    /**
     * @param tensor a host tensor or view (compacted)
     * @return its struct value
     * @throws ValidationException if it is not on the host, or its data exceeds a binary value's 2 GiB
     */
    public static Row toRow(TensorRead tensor) {
        Tensor compact = TensorWireFormat.compactHost("TensorColumn.toRow", tensor);
        long bytes = TensorWireFormat.dataBytes(compact.dtype(), compact.size());
        if (bytes > Integer.MAX_VALUE - 8) {
            throw ValidationException.invalidArgument("TensorColumn.toRow", "tensor", "at most 2 GiB of data",
                    bytes + " bytes", "split it, or keep it out of a Dataset column");
        }
        ByteArrayOutputStream data = new ByteArrayOutputStream((int) bytes);
        try {
            TensorWireFormat.write(compact, (chunk, length) -> data.write(chunk, 0, length));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        List<Object> shape = new ArrayList<>(compact.rank());
        for (long extent : compact.shape()) {
            shape.add(extent);
        }
        // A Scala sequence, as a row read back from a Dataset holds, so that Row.getList works on both.
        return RowFactory.create(compact.dtype().name(), CollectionConverters.asScala(shape).toSeq(),
                data.toByteArray());
    }

    /**
     * @param row a value of {@link #TYPE}
     * @return a new compact host tensor
     * @throws ValidationException if the dtype is unknown, the shape invalid, or the data's length does not
     *     match them
     */
    public static Tensor fromRow(Row row) {
        String op = "TensorColumn.fromRow";
        if (row == null || row.size() != 3 || row.isNullAt(0) || row.isNullAt(1) || row.isNullAt(2)) {
            throw ValidationException.invalidArgument(op, "row", "struct<dtype, shape, data> without nulls",
                    String.valueOf(row), null);
        }
        DType dtype = TensorWireFormat.dtype(op, row.getString(0));
        List<?> extents = extents(op, row.get(1));
        long[] shape = new long[extents.size()];
        for (int axis = 0; axis < shape.length; axis++) {
            if (!(extents.get(axis) instanceof Long extent)) {
                throw ValidationException.invalidArgument(op, "shape", "bigint extents", String.valueOf(extents), null);
            }
            shape[axis] = extent;
        }
        byte[] data = (byte[]) row.get(2);
        long expected = TensorWireFormat.dataBytes(dtype, elementCount(op, shape));
        if (data.length != expected) {
            throw ValidationException.invalidArgument(op, "data", expected + " bytes for " + dtype + " "
                    + Arrays.toString(shape), data.length + " bytes", null);
        }
        int[] position = {0};
        try {
            return TensorWireFormat.read(dtype, shape, (chunk, length) -> {
                System.arraycopy(data, position[0], chunk, 0, length);
                position[0] += length;
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e); // an array does not fail
        }
    }

    /** @return the extents of a Scala sequence (a row of a Dataset) or a Java list (a row built by hand) */
    private static List<?> extents(String op, Object shape) {
        if (shape instanceof scala.collection.Seq<?> seq) {
            return CollectionConverters.asJava(seq);
        }
        if (shape instanceof List<?> list) {
            return list;
        }
        throw ValidationException.invalidArgument(op, "shape", "an array<bigint>", shape.getClass().getName(), null);
    }

    private static long elementCount(String op, long[] shape) {
        try {
            long count = 1;
            for (long extent : shape) {
                if (extent < 0) {
                    throw new ArithmeticException("negative extent");
                }
                count = Math.multiplyExact(count, extent);
            }
            return count;
        } catch (ArithmeticException e) {
            throw ValidationException.invalidArgument(op, "shape", "extents >= 0 whose product fits a long",
                    Arrays.toString(shape), null);
        }
    }
}
