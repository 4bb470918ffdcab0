/**
 * A plain Uint8Array copy of bytes that shares nothing with the original, in one memory copy.
 * `Uint8Array.from` goes through the iterator protocol element by element: milliseconds for a
 * state snapshot of a few megabytes.
 */
export function copyBytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice();
}
