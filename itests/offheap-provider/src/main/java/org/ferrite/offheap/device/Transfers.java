package org.ferrite.offheap.device;

import java.nio.ByteBuffer;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;

/**
 * The four directions of {@code transferInto}, all bit for bit, on validated operands:
 * <ul>
 * <li>host to device: the host elements are staged on the caller's thread (so the caller may change its
 * tensor as soon as the call returns), and copied into device memory on the stream, stream-ordered;</li>
 * <li>device to device: one copy on the stream;</li>
 * <li>device to host: the device elements are staged on the stream, the caller waits for the stream
 * (a synchronisation point: a failure of earlier work is reported here) and writes its host tensor;</li>
 * <li>host to host: a copy on the caller's thread.</li>
 * </ul>
 *
 * <p>Thread-safe (stateless). Lifetime: static helpers only.
 */
public final class Transfers {
    private Transfers() {
    }

    /**
     * @param scope the session's device scope
     * @param src the source (host or device)
     * @param out the destination (host or device)
     */
    public static void transfer(DeviceScope scope, TensorRead src, TensorWrite out) {
        String op = "transferInto";
        boolean fromHost = src.placement().isHost();
        boolean toHost = out.placement().isHost();
        if (fromHost && toHost) {
            Staging.toHost(Staging.fromHost(src), out);
        } else if (fromHost) {
            ByteBuffer staged = Staging.fromHost(src);
            Operand there = Operand.of(out);
            scope.submit(op, () -> Staging.toDevice(staged, there));
        } else if (!toHost) {
            scope.submit(op, ElementKernels.copy(Operand.of(src), Operand.of(out)));
        } else {
            ByteBuffer staged = Staging.allocate(src);
            Operand there = Operand.of(src);
            scope.submit(op, () -> Staging.fromDevice(there, staged));
            scope.synchronize(op);
            Staging.toHost(staged, out);
        }
    }
}
