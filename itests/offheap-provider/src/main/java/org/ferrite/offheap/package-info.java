/**
 * The off-heap provider: a test-only asynchronous device provider written only against the public SPI
 * ({@code org.ferrite.api..}) — tensors in pooled direct buffers on placement {@code other:N} (the
 * backend's device ordinal), reached only through transfers; every operation validated on the caller's
 * thread and run in submission order on the backend's own stream; persistent tensors, events, random
 * numbers generated on the stream, and copies between two devices (two backends). It proves that a device provider (a CUDA one first) fits the API without
 * change, passes every suite of {@code ferrite-testkit}, and registers in OSGi as the bundle
 * {@code org.ferrite.offheap}. Never use it for real work: its kernels are naive.
 */
package org.ferrite.offheap;
