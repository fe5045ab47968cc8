package org.ferrite.cpu.internal.kernel;

import org.ferrite.api.tensor.DType;
import org.ferrite.api.tensor.TensorRead;
import org.ferrite.cpu.internal.kernel.stride.StridedLayout;

/**
 * Pre-checks on I32/I64 operands that integer kernels need before their first write: is any element
 * zero (a divisor), or negative (an exponent)? Uses the session's primary layout, so it must run
 * before the kernel builds its own. Thread-safe (stateless); it has no instances and holds no resources.
 */
final class IntegerScan {
    /** Tests {@code v == 0}. */
    static final int ZERO = 0;
    /** Tests {@code v < 0}. */
    static final int NEGATIVE = 1;

    private IntegerScan() {
    }

    /**
     * @param ctx the running session (its primary layout is used)
     * @param t an I32 or I64 host tensor
     * @param test {@link #ZERO} or {@link #NEGATIVE}
     * @return true if some element passes the test
     */
    static boolean any(KernelContext ctx, TensorRead t, int test) {
        StridedLayout l = ctx.layouts().primary().begin(t, 1).operand(0, t, 1);
        if (!l.finish(0)) {
            return false;
        }
        int n = l.innerExtent();
        int s = l.innerStride(0);
        boolean zero = test == ZERO;
        if (t.dtype() == DType.I32) {
            int[] a = (int[]) t.storage();
            do {
                int p = l.pos(0);
                for (int i = 0; i < n; i++, p += s) {
                    if (zero ? a[p] == 0 : a[p] < 0) {
                        return true;
                    }
                }
            } while (l.next());
        } else {
            long[] a = (long[]) t.storage();
            do {
                int p = l.pos(0);
                for (int i = 0; i < n; i++, p += s) {
                    if (zero ? a[p] == 0 : a[p] < 0) {
                        return true;
                    }
                }
            } while (l.next());
        }
        return false;
    }
}
