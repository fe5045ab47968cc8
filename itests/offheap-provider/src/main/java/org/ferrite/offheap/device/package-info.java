/**
 * The off-heap provider's device: memory ({@code Arena}, {@code Chunk}, {@code OffHeapStorage}), the
 * stream, per-session scopes, and the naive kernels that run on the stream. Private to the bundle.
 */
package org.ferrite.offheap.device;
