package org.ferrite.offheap.device;

/**
 * A window {@code [offset, offset + bytes)} of a {@link Chunk}, the unit the {@link Arena} hands out and
 * takes back. Thread-safe (immutable). Lifetime: a value.
 *
 * @param chunk the chunk
 * @param offset the first byte
 * @param bytes the length in bytes
 */
record Block(Chunk chunk, int offset, int bytes) {
    /** @return the byte after the window */
    int end() {
        return offset + bytes;
    }
}
