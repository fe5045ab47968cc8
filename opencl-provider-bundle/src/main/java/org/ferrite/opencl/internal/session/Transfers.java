package org.ferrite.opencl.internal.session;

import java.nio.ByteBuffer;
import org.ferrite.api.tensor.Tensor;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.api.tensor.TensorWrite;
import org.ferrite.opencl.internal.device.ClStorage;
import org.ferrite.opencl.internal.device.DeviceScope;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.cl_command_queue;

/**
 * The four directions of {@code transferInto}, all bit for bit, on validated operands:
 * <ul>
 * <li>host to device: a blocking {@code clEnqueueWriteBuffer} behind the session's queued work, straight
 * from a compact host array or from a packed copy of any other; into a strided device tensor through a
 * packed device buffer and a copy kernel. The caller may change its array as soon as the call returns.</li>
 * <li>device to host: a synchronisation point — the session's queue drains and an earlier failure is
 * reported first — then a blocking read (a strided device tensor is packed on the device first).</li>
 * <li>device to device: a copy on the session's queue when both tensors live in this backend's context; a
 * tensor of another OpenCL backend (another device, another context) is read through that backend's
 * service queue into host memory and written here.</li>
 * <li>host to host: a copy on the caller's thread.</li>
 * </ul>
 *
 * <p>Not thread-safe: confined to the session thread. Lifetime: static helpers only.
 */
final class Transfers {
    private static final String OP = "transferInto";

    private Transfers() {
    }

    static void transfer(DeviceScope scope, TensorRead src, TensorWrite out) {
        boolean fromHost = src.placement().isHost();
        boolean toHost = out.placement().isHost();
        if (fromHost && toHost) {
            HostStaging.unpack(HostStaging.pack(src), out);
        } else if (fromHost) {
            upload(scope, src, Operand.of(out));
        } else if (toHost) {
            download(scope, Operand.of(src), out);
        } else if (((ClStorage) src.storage()).context() == ((ClStorage) out.storage()).context()) {
            ElementLaunches.copy(scope, OP, Operand.of(src), Operand.of(out));
        } else {
            ByteBuffer staged = ((ClStorage) src.storage()).context().withServiceScope(peer -> readPacked(peer, src));
            write(scope, Operand.of(out), Pointer.to(staged), src);
        }
    }

    private static void upload(DeviceScope scope, TensorRead src, Operand out) {
        Pointer p = HostStaging.inPlace(src) ? HostStaging.pointer(src) : Pointer.to(HostStaging.pack(src));
        write(scope, out, p, src);
    }

    /** Writes the packed elements at {@code p} into device operand {@code out}. */
    private static void write(DeviceScope scope, Operand out, Pointer p, TensorRead shapeOf) {
        long bytes = out.size() * out.dtype().byteSize();
        if (bytes == 0) {
            return;
        }
        if (out.isCompact()) {
            scope.check(OP, "clEnqueueWriteBuffer", CL.clEnqueueWriteBuffer(scope.queue(), out.memory(), CL.CL_TRUE,
                    out.base() * out.dtype().byteSize(), bytes, p, 0, null, null));
            return;
        }
        Tensor packed = scope.allocate(OP, out.dtype(), shapeOf.shape());
        Operand staging = Operand.of(packed);
        scope.check(OP, "clEnqueueWriteBuffer", CL.clEnqueueWriteBuffer(scope.queue(), staging.memory(), CL.CL_TRUE,
                staging.base() * out.dtype().byteSize(), bytes, p, 0, null, null));
        ElementLaunches.copy(scope, OP, staging, out);
        scope.reclaim(OP, (ClStorage) packed.storage());
    }

    private static void download(DeviceScope scope, Operand src, TensorWrite out) {
        long bytes = src.size() * src.dtype().byteSize();
        Operand compact = src;
        Tensor packed = null;
        if (!src.isCompact() && bytes > 0) {
            packed = scope.allocate(OP, src.dtype(), src.shape());
            compact = Operand.of(packed);
            ElementLaunches.copy(scope, OP, src, compact);
        }
        scope.synchronize(OP); // a synchronisation point: an earlier failure is reported before anything is read
        if (bytes > 0) {
            read(scope.queue(), compact, out, bytes);
        }
        if (packed != null) {
            scope.reclaim(OP, (ClStorage) packed.storage());
        }
    }

    /** {@code src}'s elements, packed, through {@code peer} (the service scope of {@code src}'s own backend). */
    private static ByteBuffer readPacked(DeviceScope peer, TensorRead src) {
        ByteBuffer staged = HostStaging.allocate(src);
        Tensor host = null;
        Operand there = Operand.of(src);
        if (there.size() == 0) {
            return staged;
        }
        Operand compact = there;
        if (!there.isCompact()) {
            host = peer.allocate(OP, src.dtype(), src.shape());
            compact = Operand.of(host);
            ElementLaunches.copy(peer, OP, there, compact);
        }
        peer.synchronize(OP);
        check(CL.clEnqueueReadBuffer(peer.queue(), compact.memory(), CL.CL_TRUE, compact.base()
                * src.dtype().byteSize(), staged.capacity(), Pointer.to(staged), 0, null, null));
        if (host != null) {
            peer.reclaim(OP, (ClStorage) host.storage());
        }
        return staged;
    }

    /** A blocking read of compact device operand {@code src} into host tensor {@code out}. */
    static void read(cl_command_queue queue, Operand src, TensorWrite out, long bytes) {
        long at = src.base() * src.dtype().byteSize();
        if (HostStaging.inPlace(out)) {
            check(CL.clEnqueueReadBuffer(queue, src.memory(), CL.CL_TRUE, at, bytes, HostStaging.pointer(out), 0, null,
                    null));
            return;
        }
        ByteBuffer staged = HostStaging.allocate(out);
        check(CL.clEnqueueReadBuffer(queue, src.memory(), CL.CL_TRUE, at, bytes, Pointer.to(staged), 0, null, null));
        HostStaging.unpack(staged, out);
    }

    private static void check(int status) {
        org.ferrite.opencl.internal.cl.Cl.check(OP, "clEnqueueReadBuffer", status);
    }
}
