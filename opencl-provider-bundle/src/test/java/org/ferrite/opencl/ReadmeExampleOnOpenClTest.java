package org.ferrite.opencl;

import static org.assertj.core.api.Assertions.assertThat;

import org.ferrite.api.Backend;
import org.ferrite.api.Backends;
import org.ferrite.api.HeldSession;
import org.ferrite.api.session.DotGeneralConfig;
import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.Tensor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * The README's usage example on {@code Backends.get("opencl")}: the same calls, with the inputs moved to the
 * device once ({@code s.to}) and the results brought back with {@code toHost} — what every device
 * provider asks of user code (a host operand is refused with that advice). The figures are the README's.
 */
@EnabledIf("org.ferrite.opencl.OpenClTesting#available")
class ReadmeExampleOnOpenClTest {
    @Test
    void theReadmeExampleRunsOnTheSharedOpenClBackend() {
        Backend gpu = Backends.get("opencl");
        Tensor a = Tensor.fromRowMajor(DType.F64, new double[] {1, 2, 3, 4}, 2, 2);
        Tensor x = Tensor.of(new double[] {1, 1}, 2);
        Tensor y = Tensor.zeros(DType.F64, 2);

        try (HeldSession held = gpu.openSession()) {
            Tensor[] d = held.withSession(s -> new Tensor[] {s.to(a, s.placement()), s.to(x, s.placement()),
                s.to(y, s.placement())});
            for (int step = 0; step < 1_000; step++) {
                held.run(s -> s.dotGeneralInto(d[0], d[1], DotGeneralConfig.MATMUL, d[2]));
            }
            Tensor z = held.withSession(s -> s.add(d[2], d[2]));
            assertThat(held.withSession(s -> s.toHost(z)).f64Data()).containsExactly(6.0, 14.0);
            Tensor total = held.compute(s -> s.toHost(s.sum(s.mul(z, 0.5))));
            assertThat(total.shape()).isEmpty();
            assertThat(total.getDouble()).isEqualTo(10.0);
        }
    }
}
