package org.ferrite.testkit.oracle;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;

/**
 * Expectations generated from NumPy 2 once and shipped with the kit (resources in the folder
 * {@code numpy/} beside this class, written by {@code itests/testkit/numpy/generate_expectations.py};
 * running the kit needs no Python): {@code numpy.result_type} for every pair of dtypes and for Python
 * scalars (where Ferrite deliberately differs, its answer; the file names NumPy's beside it), {@code numpy.power}
 * over special values, complex {@code expm1}/{@code log1p} next to 50-digit reference values, NumPy's idioms
 * ({@link #idioms()}: arg-reductions, sorting, scans, logical reductions, NumPy's division, promotion,
 * negative axes) as NumPy computes them, and the narrow dtypes' values: float16 (NumPy) and bfloat16
 * ({@code ml_dtypes}) elementwise results, casts, sums and dot products.
 *
 * <p>Thread-safe (immutable tables, loaded once). Lifetime: the class's.
 */
public final class NumPyCases {
    /**
     * Relative to this class's package, so that the lookup goes through the kit's own class loader wherever
     * it runs: the class path, the module path, an OSGi bundle.
     */
    private static final String FOLDER = "numpy/";
    private static final Map<DType, Map<DType, DType>> PAIRS = new EnumMap<>(DType.class);
    private static final Map<DType, DType[]> SCALARS = new EnumMap<>(DType.class);

    static {
        for (String[] row : rows("result-type.tsv")) {
            DType a = DType.valueOf(row[1]);
            if (row[0].equals("pair")) {
                PAIRS.computeIfAbsent(a, k -> new EnumMap<>(DType.class)).put(DType.valueOf(row[2]),
                        DType.valueOf(row[3]));
            } else {
                SCALARS.computeIfAbsent(a, k -> new DType[2])[row[2].equals("int") ? 0 : 1] = DType.valueOf(row[3]);
            }
        }
    }

    private NumPyCases() {
    }

    /**
     * @param a one dtype
     * @param b another
     * @return {@code numpy.result_type(a, b)}
     */
    public static DType resultType(DType a, DType b) {
        return PAIRS.get(a).get(b);
    }

    /**
     * @param tensor the array's dtype
     * @param integral a Python {@code int} scalar (else a {@code float})
     * @return {@code numpy.result_type(array, scalar)} under NumPy 2's weak-scalar rule
     */
    public static DType scalarResultType(DType tensor, boolean integral) {
        return SCALARS.get(tensor)[integral ? 0 : 1];
    }

    /**
     * One {@code numpy.power(x, y)}.
     *
     * @param dtype F32 or F64
     * @param x the base
     * @param y the exponent
     * @param numpy NumPy's result
     */
    public record Pow(DType dtype, double x, double y, double numpy) {
    }

    /** @return the power cases, F32 and F64 */
    public static List<Pow> pow() {
        List<Pow> cases = new ArrayList<>();
        for (String[] r : rows("pow-specials.tsv")) {
            cases.add(new Pow(DType.valueOf(r[0]), number(r[1]), number(r[2]), number(r[3])));
        }
        return cases;
    }

    /**
     * Complex {@code expm1} and {@code log1p} at one point: for C128 and for C64 (the point rounded to
     * float), NumPy's result and the reference (50 significant digits, each part rounded once).
     *
     * @param re the real part of the point
     * @param im its imaginary part
     * @param c128 NumPy expm1 (re, im), reference expm1, NumPy log1p, reference log1p: 8 values
     * @param c64 the same for the point rounded to float
     */
    public record ComplexPoint(double re, double im, double[] c128, double[] c64) {
        /**
         * @param dtype C128 or C64
         * @param log1p the logarithm (else expm1)
         * @param reference the reference value (else NumPy's)
         * @return {re, im} of that value
         */
        public double[] value(DType dtype, boolean log1p, boolean reference) {
            double[] v = dtype == DType.C64 ? c64 : c128;
            int at = (log1p ? 4 : 0) + (reference ? 2 : 0);
            return new double[] {v[at], v[at + 1]};
        }
    }

    /** @return the grid of points, reaching |z| = 1e-300 */
    public static List<ComplexPoint> complexFunctions() {
        List<ComplexPoint> points = new ArrayList<>();
        for (String[] r : rows("complex-expm1-log1p.tsv")) {
            double[] c128 = new double[8];
            double[] c64 = new double[8];
            for (int k = 0; k < 8; k++) {
                c128[k] = number(r[2 + k]);
                c64[k] = number(r[10 + k]);
            }
            points.add(new ComplexPoint(number(r[0]), number(r[1]), c128, c64));
        }
        return points;
    }

    /**
     * One NumPy idiom evaluated by NumPy 2 ({@code idioms.tsv}): an operation, its parameters, its operands
     * and NumPy's results.
     *
     * @param name what the case checks, for messages
     * @param op the operation, by its Ferrite name ({@code argmax}, {@code floorDivide}, …)
     * @param params its parameters ({@code axis}, {@code axes}, {@code keepdims}, …), as written; {@code tol}
     *     marks an inexact result (compared within the dtype's tolerance)
     * @param inputs the operands, host tensors
     * @param outputs NumPy's results, host tensors (several for {@code nonzero})
     */
    public record Idiom(String name, String op, Map<String, String> params, List<Tensor> inputs,
            List<Tensor> outputs) {
        /**
         * @param key a parameter
         * @return whether the case has it
         */
        public boolean has(String key) {
            return params.containsKey(key);
        }

        /**
         * @param key a parameter the case has
         * @return it as an int
         */
        public int integer(String key) {
            return Integer.parseInt(required(key));
        }

        /**
         * @param key a parameter the case has
         * @return it as a long
         */
        public long longValue(String key) {
            return Long.parseLong(required(key));
        }

        /**
         * @param key a parameter the case has
         * @return it as a double
         */
        public double real(String key) {
            return Double.parseDouble(required(key));
        }

        /**
         * @param key a parameter: a comma-separated list, possibly empty
         * @return the list as ints ({@code int[0]} when absent)
         */
        public int[] ints(String key) {
            String v = params.getOrDefault(key, "");
            return v.isEmpty() ? new int[0] : Arrays.stream(v.split(",")).mapToInt(Integer::parseInt).toArray();
        }

        /**
         * @param key a parameter: a comma-separated list
         * @return the list as longs
         */
        public long[] longs(String key) {
            return Arrays.stream(required(key).split(",")).mapToLong(Long::parseLong).toArray();
        }

        private String required(String key) {
            String v = params.get(key);
            if (v == null) {
                throw new IllegalStateException("case '" + name + "' has no parameter " + key);
            }
            return v;
        }
    }

    /** @return every idiom case, in the file's order */
    public static List<Idiom> idioms() {
        List<Idiom> cases = new ArrayList<>();
        for (String[] r : rows("idioms.tsv")) {
            Map<String, String> params = new LinkedHashMap<>();
            if (!r[2].equals("-")) {
                for (String kv : r[2].split(";")) {
                    int eq = kv.indexOf('=');
                    params.put(kv.substring(0, eq), kv.substring(eq + 1));
                }
            }
            cases.add(new Idiom(r[0], r[1], params, tensors(r[3]), tensors(r[4])));
        }
        return cases;
    }

    /** Parses {@code 'DTYPE shape values'} tensors joined by {@code ' | '} (the format of idioms.tsv). */
    private static List<Tensor> tensors(String text) {
        List<Tensor> out = new ArrayList<>();
        if (text.isEmpty()) {
            return out;
        }
        for (String one : text.split(" \\| ")) {
            String[] f = one.split(" ");
            DType d = DType.valueOf(f[0]);
            long[] shape = f[1].equals("()") ? new long[0]
                    : Arrays.stream(f[1].split("x")).mapToLong(Long::parseLong).toArray();
            Tensor t = Tensor.zeros(d, shape);
            String[] values = f[2].equals("-") ? new String[0] : f[2].split(",");
            long[] index = new long[shape.length];
            for (String v : values) {
                Oracle.write(t, index, value(d, v));
                for (int a = shape.length - 1; a >= 0 && ++index[a] == shape[a]; a--) { // row-major order
                    index[a] = 0;
                }
            }
            out.add(t);
        }
        return out;
    }

    private static Oracle.Value value(DType d, String v) {
        switch (d) {
            case BOOL:
                return Oracle.Value.bool(v.equals("1"));
            case I32:
            case I64:
                return Oracle.Value.integer(Long.parseLong(v));
            case F32:
            case F64:
                return Oracle.Value.real(number(v));
            default:
                int slash = v.indexOf('/');
                return Oracle.Value.complex(number(v.substring(0, slash)), number(v.substring(slash + 1)));
        }
    }

    /**
     * One float16 (NumPy) or bfloat16 ({@code ml_dtypes}) elementwise result.
     *
     * @param op the Ferrite constant's name ({@code ADD}, {@code EXP}, …: a {@code BinaryOp} when
     *     {@code binary}, else a {@code UnaryOp})
     * @param binary whether it takes two operands
     * @param dtype F16 or BF16
     * @param exact whether NumPy's value is the correctly rounded one (an IEEE operation on the float32
     *     values, rounded once), which a provider must match bit for bit; else (a transcendental function)
     *     within one unit in the last place
     * @param x the (left) operand
     * @param y the right operand (NaN for a unary operation)
     * @param numpy NumPy's result
     */
    public record NarrowElementwise(String op, boolean binary, DType dtype, boolean exact, double x, double y,
            double numpy) {
    }

    /** @return the float16 and bfloat16 elementwise cases */
    public static List<NarrowElementwise> narrowElementwise() {
        List<NarrowElementwise> cases = new ArrayList<>();
        for (String[] r : rows("narrow-values.tsv")) {
            if (r[0].equals("binary")) {
                cases.add(new NarrowElementwise(r[1], true, DType.valueOf(r[2]), r[3].equals("True"), number(r[4]),
                        number(r[5]), number(r[6])));
            } else if (r[0].equals("unary")) {
                cases.add(new NarrowElementwise(r[1], false, DType.valueOf(r[2]), r[3].equals("True"), number(r[4]),
                        Double.NaN, number(r[5])));
            }
        }
        return cases;
    }

    /**
     * One NumPy {@code astype} with a narrow side: to F16 and BF16 rounds to nearest even (BF16 from F64
     * through float32, as {@code ml_dtypes}), to I8 and U8 wraps; from a narrow dtype it is exact.
     *
     * @param from the source dtype
     * @param to the target dtype
     * @param x the source value
     * @param numpy NumPy's result (the real part for a complex target)
     */
    public record NarrowCast(DType from, DType to, double x, double numpy) {
    }

    /** @return the casts to and from F16, BF16, I8 and U8 */
    public static List<NarrowCast> narrowCasts() {
        List<NarrowCast> cases = new ArrayList<>();
        for (String[] r : rows("narrow-values.tsv")) {
            if (r[0].equals("cast")) {
                cases.add(new NarrowCast(DType.valueOf(r[1]), DType.valueOf(r[2]), number(r[3]), number(r[4])));
            }
        }
        return cases;
    }

    /**
     * A sum or a dot product of a narrow dtype, accumulated in its compute type and rounded (wrapped) once:
     * NumPy's float16 {@code sum} and {@code dot}, {@code ml_dtypes}' bfloat16 {@code dot} (its
     * {@code sum} adds in bfloat16; the expectation is JAX's float32 accumulation), int8 and uint8 wrapping.
     *
     * @param dot a dot product of {@code lhs} and {@code rhs} (else the sum of {@code lhs})
     * @param dtype F16, BF16, I8 or U8
     * @param numpy the result
     * @param lhs the values (of the dtype)
     * @param rhs the dot product's right values (empty for a sum)
     */
    public record NarrowFold(boolean dot, DType dtype, double numpy, double[] lhs, double[] rhs) {
    }

    /** @return the sums and dot products */
    public static List<NarrowFold> narrowFolds() {
        List<NarrowFold> cases = new ArrayList<>();
        for (String[] r : rows("narrow-values.tsv")) {
            if (r[0].equals("sum") || r[0].equals("dot")) {
                boolean dot = r[0].equals("dot");
                cases.add(new NarrowFold(dot, DType.valueOf(r[1]), number(r[2]), numbers(r[3]),
                        dot ? numbers(r[4]) : new double[0]));
            }
        }
        return cases;
    }

    private static double[] numbers(String list) {
        return java.util.Arrays.stream(list.split(",")).mapToDouble(NumPyCases::number).toArray();
    }

    /** Parses a Java floating-point literal: hexadecimal, {@code Infinity}, {@code -Infinity}, {@code NaN}. */
    private static double number(String text) {
        return Double.parseDouble(text);
    }

    private static List<String[]> rows(String file) {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = NumPyCases.class.getResourceAsStream(FOLDER + file)) {
            if (in == null) {
                throw new IllegalStateException("the kit's resource " + FOLDER + file + " is missing");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isEmpty() && !line.startsWith("#")) {
                    rows.add(line.split("\t"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }
}
