package org.ferrite.opencl.internal.device;

/**
 * A window of a {@link Chunk}: {@code bytes} bytes from byte {@code offset}, aligned for every dtype.
 *
 * @param chunk the buffer
 * @param offset the first byte
 * @param bytes the size
 *
 * <p>Thread-safe (immutable). Lifetime: from {@code Arena.allocate} until it is freed.
 */
public record Block(Chunk chunk, long offset, long bytes) {
}
