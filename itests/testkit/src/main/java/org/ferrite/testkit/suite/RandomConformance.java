package org.ferrite.testkit.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.ferrite.api.error.ValidationException;
import org.ferrite.api.error.ValidationKind;
import org.ferrite.api.random.Distribution;
import org.ferrite.api.random.RandomKey;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorView;
import org.ferrite.testkit.ProviderConformance;
import org.ferrite.testkit.oracle.Indices;
import org.ferrite.testkit.oracle.Oracle;
import org.ferrite.testkit.oracle.Statistics;
import org.ferrite.testkit.oracle.Values;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * Conformance of the counter-based random numbers ({@code randomBits}, {@code randomUniform},
 * {@code randomNormal}, {@code randomInto}): the provider produces exactly the API's reference
 * ({@link Distribution}) — bit for bit for {@code BITS} and {@code UNIFORM}, and for {@code NORMAL} within
 * {@value #NORMAL_ULPS} units in the last place (bit for bit where the provider evaluates the transform
 * with fdlibm, as every JVM provider does) — for every accepted dtype and shape (rank 0, extents 0 and 1),
 * into strided outputs in their column-major element order, the same for the same key in every session;
 * and the samples are what they claim: every bit a fair coin, uniform and normal values with the right
 * moments, passing a Kolmogorov–Smirnov test. Wrong dtypes and unwritable or unreachable outputs are
 * refused before anything is written.
 *
 * <p>Not thread-safe (a JUnit test class). Lifetime: one instance per test method.
 */
public abstract class RandomConformance extends ProviderConformance {
    /** How many units in the last place a NORMAL value may differ from the reference (math libraries). */
    public static final int NORMAL_ULPS = 4;
    private static final long[][] SHAPES = {{}, {0}, {1}, {7}, {3, 5}, {2, 3, 4}, {1, 0, 2}};
    private static final DType[] FLOATING = {DType.F32, DType.F64, DType.C64, DType.C128};
    private static final DType[] INTEGER = {DType.I32, DType.I64};
    private static final int SAMPLES = 1 << 14;

    /** For subclasses. */
    protected RandomConformance() {
    }

    private Tensor generate(Distribution d, RandomKey key, DType dtype, long... shape) {
        return inSession(s -> {
            switch (d) {
                case BITS:
                    return s.randomBits(key, dtype, shape);
                case UNIFORM:
                    return s.randomUniform(key, dtype, shape);
                default:
                    return s.randomNormal(key, dtype, shape);
            }
        });
    }

    @Test
    void everyDistributionIsTheReferenceForEveryDtypeAndShape() {
        RandomKey root = RandomKey.of(0x5EED_2701L);
        int k = 0;
        for (Distribution d : Distribution.values()) {
            for (DType dtype : d == Distribution.BITS ? INTEGER : FLOATING) {
                for (long[] shape : SHAPES) {
                    RandomKey key = root.fold(k++);
                    String context = d + " " + dtype + Arrays.toString(shape);
                    assertReference(context, d, generate(d, key, dtype, shape), d.sample(key, dtype, shape));
                }
            }
        }
    }

    @Test
    void randomIntoAStridedOutputWritesItsColumnMajorElementOrder() {
        RandomKey key = RandomKey.of(31);
        for (Distribution d : Distribution.values()) {
            DType dtype = d == Distribution.BITS ? DType.I64 : DType.C64;
            Tensor base = Tensor.zeros(dtype, 4, 6);
            TensorView strided = base.transpose().slice(0, 5, 0, -2); // [3, 4]: transposed, negative step 2
            inSession((s, m) -> {
                s.randomInto(d, key, m.of(strided));
                return null;
            });
            Tensor expected = Tensor.zeros(dtype, 4, 6);
            TensorView expectedView = expected.transpose().slice(0, 5, 0, -2);
            Tensor reference = d.sample(key, dtype, 3, 4);
            Indices.forEach(reference.shape(), i -> Values.copy(reference, i, expectedView, i));
            assertReference(d + " into a strided view (and nothing else)", d, base, expected);
        }
    }

    @Test
    void theSameKeyGivesTheSameTensorInEverySessionAndDerivedKeysDiffer() {
        RandomKey key = RandomKey.of(-17);
        Tensor first = generate(Distribution.UNIFORM, key, DType.F64, 64);
        Tensor again = backend().withSession(s -> {
            Tensor t = s.allocate(DType.F64, 64);
            s.randomInto(Distribution.UNIFORM, key, t);
            return s.toHost(t);
        });
        assertThat(again.f64Data()).containsExactly(first.f64Data());
        for (RandomKey other : List.of(key.child(0), key.child(1), key.fold(0), RandomKey.of(-16))) {
            Tensor t = generate(Distribution.UNIFORM, other, DType.F64, 64);
            assertThat(t.f64Data()).as(other.toString()).isNotEqualTo(first.f64Data());
        }
    }

    @Test
    void everyBitOfRandomBitsIsAFairCoin() {
        for (DType dtype : INTEGER) {
            Tensor bits = generate(Distribution.BITS, RandomKey.of(99).fold(dtype.ordinal()), dtype, SAMPLES);
            int width = dtype == DType.I32 ? 32 : 64;
            for (int b = 0; b < width; b++) {
                double[] coin = new double[SAMPLES];
                for (int i = 0; i < SAMPLES; i++) {
                    long v = dtype == DType.I32 ? bits.i32Data()[i] : bits.i64Data()[i];
                    coin[i] = (v >>> b) & 1;
                }
                Statistics.assertMean(dtype + " bit " + b, coin, 0.5, 0.5);
            }
        }
    }

    @Test
    void uniformValuesHaveTheMomentsOfTheUniformDistributionAndPassKolmogorovSmirnov() {
        for (DType dtype : FLOATING) {
            Tensor t = generate(Distribution.UNIFORM, RandomKey.of(404).fold(dtype.ordinal()), dtype, SAMPLES);
            for (double[] part : parts(t)) {
                String context = "uniform " + dtype;
                for (double v : part) {
                    assertThat(v).as(context).isGreaterThanOrEqualTo(0).isLessThan(1);
                }
                Statistics.assertMean(context, part, 0.5, Math.sqrt(1.0 / 12));
                Statistics.assertCentralMoment(context, part, 0.5, 2, 1.0 / 12, 1.0 / 80 - 1.0 / 144);
                Statistics.assertKolmogorovSmirnov(context, part, Statistics::uniformCdf);
                assertSerialCorrelationSmall(context, part);
            }
        }
    }

    @Test
    void normalValuesHaveTheMomentsOfTheStandardNormalAndPassKolmogorovSmirnov() {
        for (DType dtype : FLOATING) {
            Tensor t = generate(Distribution.NORMAL, RandomKey.of(505).fold(dtype.ordinal()), dtype, SAMPLES);
            List<double[]> parts = parts(t);
            double scale = parts.size() == 2 ? Math.sqrt(2) : 1; // a complex normal's parts have variance 1/2
            for (double[] part : parts) {
                double[] z = part.clone();
                for (int i = 0; i < z.length; i++) {
                    z[i] *= scale;
                }
                String context = "normal " + dtype;
                Statistics.assertMean(context, z, 0, 1);
                Statistics.assertCentralMoment(context, z, 0, 2, 1, 2);
                Statistics.assertCentralMoment(context, z, 0, 3, 0, 15);
                Statistics.assertCentralMoment(context, z, 0, 4, 3, 96);
                Statistics.assertKolmogorovSmirnov(context, z, Statistics::normalCdf);
                assertSerialCorrelationSmall(context, z);
            }
            if (parts.size() == 2) {
                double[] product = new double[SAMPLES];
                for (int i = 0; i < SAMPLES; i++) {
                    product[i] = 2 * parts.get(0)[i] * parts.get(1)[i];
                }
                Statistics.assertMean("normal " + dtype + ": real and imaginary parts uncorrelated", product, 0, 1);
            }
        }
    }

    /** Neighbouring elements come from neighbouring counters: their products must average the squared mean. */
    private static void assertSerialCorrelationSmall(String context, double[] x) {
        double mean = Statistics.mean(x);
        double var = 0;
        for (double v : x) {
            var += (v - mean) * (v - mean);
        }
        var /= x.length;
        double[] lagged = new double[x.length - 1];
        for (int i = 0; i < lagged.length; i++) {
            lagged[i] = (x[i] - mean) * (x[i + 1] - mean) / var;
        }
        Statistics.assertMean(context + ", lag-1 correlation", lagged, 0, 1);
    }

    @Test
    void wrongDtypesAndUnwritableOrUnreachableOutputsAreRefusedBeforeWriting() {
        RandomKey key = RandomKey.of(1);
        for (Distribution d : Distribution.values()) {
            DType wrong = d == Distribution.BITS ? DType.F64 : DType.I32;
            ValidationException e = inSession(s -> catchValidation(() -> {
                switch (d) {
                    case BITS:
                        s.randomBits(key, wrong, 2);
                        break;
                    case UNIFORM:
                        s.randomUniform(key, wrong, 2);
                        break;
                    default:
                        s.randomNormal(key, wrong, 2);
                }
            }));
            assertThat(e.validationKind()).isEqualTo(ValidationKind.DTYPE_MISMATCH);
            assertThat(e.argument()).isEqualTo("dtype");
            Tensor out = Tensor.full(wrong, 3, 2);
            Misuse.expect(this::inSession, d + " into " + wrong, ValidationKind.DTYPE_MISMATCH, "out", out,
                    (s, m) -> s.randomInto(d, key, m.of(out)));
            DType right = d == Distribution.BITS ? DType.I32 : DType.F32;
            Tensor one = Tensor.full(right, 5, 1);
            TensorView broadcast = one.broadcastTo(4);
            Misuse.expect(this::inSession, d + " into a broadcast view", ValidationKind.INVALID_ARGUMENT, "out", one,
                    (s, m) -> s.randomInto(d, key, m.of(broadcast)));
            Tensor foreign = ForeignTensors.foreign(right, backend().capabilities().placement(), 2);
            Misuse.expect(this::inSession, d + " into a foreign placement", ValidationKind.INVALID_ARGUMENT, "out",
                    Tensor.zeros(right, 1), (s, m) -> s.randomInto(d, key, foreign));
        }
        assertThatThrownBy(() -> inSession(s -> s.randomUniform(null, DType.F64, 2)))
                .isInstanceOf(NullPointerException.class);
    }

    private static ValidationException catchValidation(Runnable call) {
        try {
            call.run();
        } catch (ValidationException e) {
            return e;
        }
        throw new AssertionFailedError("expected a ValidationException");
    }

    /** The real parts, and for a complex tensor the imaginary parts too, as arrays in element order. */
    private static List<double[]> parts(Tensor t) {
        int n = Math.toIntExact(t.size());
        double[] re = new double[n];
        double[] im = new double[n];
        int[] k = new int[1];
        Indices.forEach(t.shape(), i -> {
            Oracle.Value v = Oracle.read(t, i);
            re[k[0]] = v.re();
            im[k[0]++] = v.im();
        });
        List<double[]> parts = new ArrayList<>(List.of(re));
        if (t.dtype().isComplex()) {
            parts.add(im);
        }
        return parts;
    }

    /** Bits and uniform values exactly; normal values within {@value #NORMAL_ULPS} ulps of the dtype. */
    private static void assertReference(String context, Distribution d, TensorRead got, TensorRead want) {
        if (got.dtype() != want.dtype() || !Arrays.equals(got.shape(), want.shape())) {
            throw new AssertionFailedError(context + ": got " + got.dtype() + Arrays.toString(got.shape()) + ", want "
                    + want.dtype() + Arrays.toString(want.shape()));
        }
        boolean single = want.dtype() == DType.F32 || want.dtype() == DType.C64;
        List<String> bad = new ArrayList<>();
        Indices.forEach(want.shape(), i -> {
            Oracle.Value g = Oracle.read(got, i);
            Oracle.Value w = Oracle.read(want, i);
            boolean ok = want.dtype().isInteger() ? g.l() == w.l()
                    : same(g.re(), w.re(), d, single) && same(g.im(), w.im(), d, single);
            if (!ok && bad.size() < 5) {
                bad.add(Arrays.toString(i) + ": got " + g + ", want " + w);
            }
        });
        if (!bad.isEmpty()) {
            throw new AssertionFailedError(context + ": not the reference values: " + String.join("; ", bad));
        }
    }

    private static boolean same(double got, double want, Distribution d, boolean single) {
        if (Double.doubleToRawLongBits(got) == Double.doubleToRawLongBits(want)) {
            return true;
        }
        if (d != Distribution.NORMAL) {
            return false;
        }
        double magnitude = Math.max(1, Math.abs(want));
        double ulp = single ? Math.ulp((float) magnitude) : Math.ulp(magnitude);
        return Math.abs(got - want) <= NORMAL_ULPS * ulp;
    }
}
