/**
 * Port: stores immutable byte objects by key (uploaded documents, artifacts, state snapshots).
 * Contract (checked by the conformance suite in `testing`):
 * - `put` replaces any object under the key, atomically: a reader sees the old or new bytes;
 * - `putStream` does the same from chunks, holding no more of them than a part of its own at a
 *   time where the store can (a large document or snapshot is never held twice); a source that
 *   fails midway leaves the old object, and its error is thrown as it is;
 * - `get` answers null for a missing key; `getStream` answers the same bytes in chunks, or null;
 * - `delete` of a missing key is not an error;
 * - a store that cannot answer throws a SimplaneError `internal_unavailable` (retryable).
 */
export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  putStream(key: string, source: AsyncIterable<Uint8Array>): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  getStream(key: string): Promise<AsyncIterable<Uint8Array> | null>;
  delete(key: string): Promise<void>;
  has(key: string): Promise<boolean>;
}
