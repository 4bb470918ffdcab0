import { open, readFile, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { resolve } from 'node:path';
import { watchSource, type BlobStore } from '@simplane/core';
import { writeAtomically } from './atomic-file.js';
import { blobPath } from './blob-path.js';
import { isNotFound, unavailable } from './file-errors.js';

/** Size of the chunks `getStream` yields: many per large object, few system calls each. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Blobs as files under a root folder (created on first write); see `blobPath` for how keys
 * become paths that never leave it. Writes are atomic (temporary file, fsync, rename). Empty
 * folders are left behind by `delete`: removing them would race a concurrent `put` into them.
 * Keys that differ only in letter case collide on a case-insensitive file system (macOS and
 * Windows defaults); Simplane's own keys never do.
 */
export class FileBlobStore implements BlobStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = blobPath(this.root, key);
    try {
      await writeAtomically(path, (file) => writeFile(file, bytes));
    } catch (error) {
      throw unavailable(error);
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    const path = blobPath(this.root, key);
    try {
      return await readFile(path);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable(error);
    }
  }

  async delete(key: string): Promise<void> {
    const path = blobPath(this.root, key);
    try {
      await rm(path);
    } catch (error) {
      if (!isNotFound(error)) throw unavailable(error);
    }
  }

  async has(key: string): Promise<boolean> {
    const path = blobPath(this.root, key);
    try {
      return (await stat(path)).isFile();
    } catch (error) {
      if (isNotFound(error)) return false;
      throw unavailable(error);
    }
  }

  /**
   * Stores what `source` yields under `key`, a chunk at a time, so a large document is never
   * held whole. Atomic as `put`: until the source ends, readers see the old object, and if the
   * source throws, the old object stays and the source's error is rethrown as it is.
   */
  async putStream(key: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    const path = blobPath(this.root, key);
    const watched = watchSource(source);
    try {
      await writeAtomically(path, (file) => writeFile(file, watched.chunks));
    } catch (error) {
      const failure = watched.failure();
      throw failure === undefined ? unavailable(error) : failure.error;
    }
  }

  /**
   * The object's bytes in chunks, or null for a missing key. The file is opened now, so the
   * chunks are all of the object as it was, even if a `put` replaces it meanwhile. Iterate to
   * the end or break out of the loop: either closes the file.
   */
  async getStream(key: string): Promise<AsyncIterable<Uint8Array> | null> {
    const path = blobPath(this.root, key);
    let file: FileHandle;
    try {
      file = await open(path, 'r');
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable(error);
    }
    return readChunks(file);
  }
}

async function* readChunks(file: FileHandle): AsyncGenerator<Uint8Array> {
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      let bytesRead: number;
      try {
        ({ bytesRead } = await file.read(chunk, 0, CHUNK_BYTES, null));
      } catch (error) {
        throw unavailable(error);
      }
      if (bytesRead === 0) return;
      yield chunk.subarray(0, bytesRead);
    }
  } finally {
    await file.close().catch(() => undefined);
  }
}
