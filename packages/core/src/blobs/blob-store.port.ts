/**
 * Port: stores immutable byte objects by key (uploaded documents, artifacts, state snapshots).
 * Contract (checked by the conformance suite in `testing`):
 * - `put` replaces any object under the key, atomically: a reader sees the old or new bytes;
 * - `get` answers null for a missing key;
 * - `delete` of a missing key is not an error;
 * - a store that cannot answer throws a SimplaneError `internal_unavailable` (retryable).
 */
export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
  has(key: string): Promise<boolean>;
}
