import { copyBytes, type BlobStore } from '@simplane/core';

/** Bytes per chunk `getStream` yields. */
const STREAM_CHUNK = 1024 * 1024;

/** Blobs in a Map; copies in and out so callers cannot change stored bytes. */
export class MemoryBlobStore implements BlobStore {
  private readonly blobs = new Map<string, Uint8Array>();

  async put(key: string, bytes: Uint8Array): Promise<void> {
    this.blobs.set(key, copyBytes(bytes));
  }

  /** The chunks are gathered before the object is replaced: a failing source changes nothing. */
  async putStream(key: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of source) chunks.push(copyBytes(chunk));
    this.blobs.set(key, Buffer.concat(chunks));
  }

  async getStream(key: string): Promise<AsyncIterable<Uint8Array> | null> {
    const found = await this.get(key);
    if (found === null) return null;
    return (async function* () {
      for (let at = 0; at < found.length; at += STREAM_CHUNK) yield found.subarray(at, at + STREAM_CHUNK);
      if (found.length === 0) yield found;
    })();
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
