package org.ferrite.itests.linalg;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;

/**
 * The NumPy expectations of the linear algebra of issue 30 ({@code numpy-linalg.tsv}, written by
 * {@code itests/numpy/generate_linalg_expectations.py}; the format is in the script): every case with its
 * operation, dtype, parameters, input and expected output arrays, in NumPy's shapes and C order. Thread-safe
 * (immutable, loaded once). Lifetime: the class's.
 */
final class NumPyLinalgCases {
    private static final String FILE = "/org/ferrite/itests/linalg/numpy-linalg.tsv";
    private static final List<Case> CASES = load();

    private NumPyLinalgCases() {
    }

    /**
     * One array as NumPy wrote it.
     *
     * @param dtype its dtype
     * @param shape NumPy's shape
     * @param values C order, complex as re/im pairs, as written (integers exactly)
     */
    record NumPyArray(DType dtype, long[] shape, String[] values) {
        /** @return the scalars as doubles (Java floating-point literals) */
        double[] doubles() {
            return Arrays.stream(values).mapToDouble(Double::parseDouble).toArray();
        }

        /** @return the scalars as longs (integer arrays) */
        long[] longs() {
            return Arrays.stream(values).mapToLong(Long::parseLong).toArray();
        }

        /** @return a host tensor of NumPy's shape holding these elements (NumPy's indices) */
        Tensor tensor() {
            Object data;
            switch (dtype) {
                case F32:
                case C64: {
                    double[] d = doubles();
                    float[] f = new float[d.length];
                    for (int i = 0; i < f.length; i++) {
                        f[i] = (float) d[i];
                    }
                    data = f;
                    break;
                }
                case I32:
                    data = Arrays.stream(longs()).mapToInt(v -> (int) v).toArray();
                    break;
                case I64:
                    data = longs();
                    break;
                default:
                    data = doubles();
            }
            return Tensor.fromRowMajor(dtype, data, shape);
        }

        @Override
        public String toString() {
            return dtype + Arrays.toString(shape);
        }
    }

    /**
     * One case.
     *
     * @param id its name in the file, reported on failure
     * @param op the operation
     * @param dtype the dtype of its input
     * @param params its parameters
     * @param inputs the inputs by name
     * @param outputs NumPy's outputs by name
     */
    record Case(String id, String op, DType dtype, Map<String, String> params, Map<String, NumPyArray> inputs,
            Map<String, NumPyArray> outputs) {
        /** @return the input named {@code name} */
        NumPyArray in(String name) {
            return inputs.get(name);
        }

        /** @return the output named {@code name} */
        NumPyArray out(String name) {
            return outputs.get(name);
        }

        /** @return the parameter, or {@code fallback} */
        String param(String name, String fallback) {
            return params.getOrDefault(name, fallback);
        }

        @Override
        public String toString() {
            return id + " " + dtype + " " + params + " " + inputs;
        }
    }

    /**
     * @param op an operation
     * @return its cases, in file order
     */
    static List<Case> of(String op) {
        return CASES.stream().filter(c -> c.op().equals(op)).toList();
    }

    private static List<Case> load() {
        List<Case> cases = new ArrayList<>();
        try (InputStream in = NumPyLinalgCases.class.getResourceAsStream(FILE)) {
            if (in == null) {
                throw new IllegalStateException("the test resource " + FILE + " is missing");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t", -1);
                if (f[0].equals("case")) {
                    cases.add(new Case(f[1], f[2], DType.valueOf(f[3]), params(f[4]), new LinkedHashMap<>(),
                            new LinkedHashMap<>()));
                } else {
                    Case last = cases.get(cases.size() - 1);
                    (f[0].equals("in") ? last.inputs() : last.outputs()).put(f[1], array(f));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(cases);
    }

    private static Map<String, String> params(String text) {
        Map<String, String> params = new LinkedHashMap<>();
        for (String pair : text.split(";")) {
            if (!pair.isEmpty()) {
                int eq = pair.indexOf('=');
                params.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        return params;
    }

    private static NumPyArray array(String[] f) {
        long[] shape = f[3].isEmpty() ? new long[0] : Arrays.stream(f[3].split(",")).mapToLong(Long::parseLong).toArray();
        String[] values = f[4].isEmpty() ? new String[0] : f[4].split(" ");
        return new NumPyArray(DType.valueOf(f[2]), shape, values);
    }
}
