package org.ferrite.opencl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.ferrite.api.session.BinaryOp;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * The generated integer divisions at the edges the kit's random operands rarely draw: {@code MIN / -1}
 * (wraps to MIN; its remainders are 0, as Java's and NumPy's), divisors of either sign at both ends of the
 * range, and a seeded draw over the whole range, each compared with Java's {@code Math.floorDiv},
 * {@code Math.floorMod}, {@code /} and {@code %} (the kit's oracle). The divisor-0 failure of these four
 * operations is the kit's ({@code ElementwiseConformance}).
 */
@EnabledIf("org.ferrite.opencl.OpenClTesting#available")
class OpenClIntegerDivisionTest {
    private static final BinaryOp[] DIVISIONS = {BinaryOp.DIV, BinaryOp.REM, BinaryOp.FLOOR_DIVIDE,
        BinaryOp.REMAINDER};
    private static final long[] EDGES = {Long.MIN_VALUE, Long.MIN_VALUE + 1, Integer.MIN_VALUE, -7, -2, -1, 1, 2, 7,
        Integer.MAX_VALUE, Long.MAX_VALUE};

    private static long expected(BinaryOp op, long a, long b) {
        switch (op) {
            case DIV: return b == -1 ? -a : a / b;
            case REM: return b == -1 ? 0 : a % b;
            case FLOOR_DIVIDE: return b == -1 ? -a : Math.floorDiv(a, b);
            default: return b == -1 ? 0 : Math.floorMod(a, b);
        }
    }

    /** Every pair of {@code EDGES} plus {@code extra} seeded pairs (no divisor 0), as two columns. */
    private static long[][] operands(int extra, long seed) {
        int n = EDGES.length * EDGES.length + extra;
        long[] a = new long[n];
        long[] b = new long[n];
        int k = 0;
        for (long x : EDGES) {
            for (long y : EDGES) {
                a[k] = x;
                b[k++] = y;
            }
        }
        SplittableRandom random = new SplittableRandom(seed);
        while (k < n) {
            a[k] = random.nextLong() >> random.nextInt(64);
            long y = random.nextLong() >> random.nextInt(64);
            b[k++] = y == 0 ? 3 : y;
        }
        return new long[][] {a, b};
    }

    @Test
    void i64DivisionsMatchJavaAtTheEdgesAndOverASeededDraw() {
        long[][] ab = operands(500, 28);
        int n = ab[0].length;
        OpenClBackend backend = OpenClTesting.shared();
        for (BinaryOp op : DIVISIONS) {
            long[] got = backend.withSession(s -> s.toHost(s.binary(op, s.to(Tensor.of(ab[0], n), s.placement()),
                    s.to(Tensor.of(ab[1], n), s.placement()))).i64Data());
            for (int i = 0; i < n; i++) {
                assertThat(got[i]).as(op + " I64 " + ab[0][i] + ", " + ab[1][i] + " (seed 28)")
                        .isEqualTo(expected(op, ab[0][i], ab[1][i]));
            }
        }
    }

    @Test
    void i32DivisionsMatchJavaAtTheEdgesAndOverASeededDraw() {
        long[][] ab = operands(500, 32);
        int n = ab[0].length;
        int[] a = new int[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = (int) ab[0][i];
            b[i] = (int) ab[1][i] == 0 ? -3 : (int) ab[1][i];
        }
        OpenClBackend backend = OpenClTesting.shared();
        for (BinaryOp op : DIVISIONS) {
            int[] got = backend.withSession(s -> s.toHost(s.binary(op, s.to(Tensor.of(a, n), s.placement()),
                    s.to(Tensor.of(b, n), s.placement()))).i32Data());
            for (int i = 0; i < n; i++) {
                assertThat(got[i]).as(op + " I32 " + a[i] + ", " + b[i] + " (seed 32)")
                        .isEqualTo((int) expected(op, a[i], b[i]));
            }
        }
    }
}
