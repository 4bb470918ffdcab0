import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileBlobStore } from './file-blob-store.js';

const MIB = 1024 * 1024;

// A collection before each measurement makes it count live bytes, not garbage not yet collected.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Bytes of Buffers and other ArrayBuffers still reachable (they live outside the heap). Two
 * collections: the first frees dead ArrayBuffers' memory in the background, the second waits.
 */
function liveBuffers(): number {
  collect();
  collect();
  return process.memoryUsage().arrayBuffers;
}

/** 64 MiB made one MiB at a time, each MiB different; notes the most memory held meanwhile. */
async function* document(hash: ReturnType<typeof createHash>, seen: { peak: number }): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < 64; i += 1) {
    const chunk = Buffer.alloc(MIB, i);
    hash.update(chunk);
    yield chunk;
    if (i % 8 === 7) seen.peak = Math.max(seen.peak, liveBuffers());
  }
}

describe('FileBlobStore streaming', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'simplane-stream-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('round-trips a 64 MiB document in chunks without holding it whole', async () => {
    const store = new FileBlobStore(root);
    const written = createHash('sha256');
    const before = liveBuffers();
    const seen = { peak: before };
    await store.putStream('specs/large', document(written, seen));
    expect((await stat(join(root, 'specs', 'large.blob'))).size).toBe(64 * MIB);

    const read = createHash('sha256');
    let chunks = 0;
    let bytes = 0;
    for await (const chunk of (await store.getStream('specs/large'))!) {
      read.update(chunk);
      chunks += 1;
      bytes += chunk.byteLength;
      if (chunks % 32 === 0) seen.peak = Math.max(seen.peak, liveBuffers());
    }
    expect(bytes).toBe(64 * MIB);
    expect(chunks).toBeGreaterThanOrEqual(64);
    expect(read.digest('hex')).toBe(written.digest('hex'));
    // Loose: a few chunks in flight, far from the 64 MiB a whole copy would hold.
    expect(seen.peak - before).toBeLessThan(8 * MIB);
  });
});
