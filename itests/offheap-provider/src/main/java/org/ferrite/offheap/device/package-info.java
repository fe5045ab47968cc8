/**
 * The off-heap provider's device: memory ({@code Arena}, {@code Chunk}, {@code OffHeapStorage}, the
 * backend-owned part in {@code DeviceContext}), the stream, per-session scopes (with their events), and
 * the naive kernels that run on the stream (the random kernel among them). Private to the bundle.
 */
package org.ferrite.offheap.device;
