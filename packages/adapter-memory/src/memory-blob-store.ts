import { copyBytes, type BlobStore } from '@simplane/core';

/** Blobs in a Map; copies in and out so callers cannot change stored bytes. */
export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Uint8Array>();

  async put(key: string, bytes: Uint8Array): Promise<void> {
    this.blobs.set(key, copyBytes(bytes));
  }

  async get(key: string): Promise<Uint8Array | null> {
    const found = this.blobs.get(key);
    return found === undefined ? null : copyBytes(found);
  }

  async delete(key: string): Promise<void> {
    this.blobs.delete(key);
  }

  async has(key: string): Promise<boolean> {
    return this.blobs.has(key);
  }

  /** Number of stored objects; lets tests see that nothing was left behind. */
  get size(): number {
    return this.blobs.size;
  }
}
