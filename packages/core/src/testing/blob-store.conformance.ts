import { describe, expect, it } from 'vitest';
import type { BlobStore } from '../blobs/blob-store.port.js';

/** The BlobStore contract. */
export function describeBlobStoreConformance(name: string, makeStore: () => Promise<BlobStore> | BlobStore): void {
  describe(`BlobStore conformance: ${name}`, () => {
    it('stores bytes and gives back equal bytes', async () => {
      const store = await makeStore();
      const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => i % 251);
      await store.put('specs/a', bytes);
      expect(Buffer.from((await store.get('specs/a'))!).equals(Buffer.from(bytes))).toBe(true);
      expect(await store.has('specs/a')).toBe(true);
    });

    it('answers null for a missing key and ignores deleting one', async () => {
      const store = await makeStore();
      expect(await store.get('missing')).toBeNull();
      expect(await store.has('missing')).toBe(false);
      await expect(store.delete('missing')).resolves.toBeUndefined();
    });

    it('replaces on put and forgets on delete', async () => {
      const store = await makeStore();
      await store.put('k', Buffer.from('one'));
      await store.put('k', Buffer.from('two'));
      expect(Buffer.from((await store.get('k'))!).toString()).toBe('two');
      await store.delete('k');
      expect(await store.get('k')).toBeNull();
    });

    it('is not changed by the caller mutating its buffers', async () => {
      const store = await makeStore();
      const bytes = Buffer.from('original');
      await store.put('k', bytes);
      bytes.write('CHANGED!');
      const read = (await store.get('k'))!;
      read[0] = 0;
      expect(Buffer.from((await store.get('k'))!).toString()).toBe('original');
    });

    it('streams an object in and out as chunks, the same bytes as put and get', async () => {
      const store = await makeStore();
      const parts = [0, 1, 2, 3].map((n) => Uint8Array.from({ length: 300_000 + n }, (_, i) => (i * (n + 3)) % 251));
      async function* source(): AsyncGenerator<Uint8Array> {
        for (const part of parts) yield part;
      }
      await store.putStream('snapshots/s/1', source());
      const whole = Buffer.concat(parts);
      expect(Buffer.from((await store.get('snapshots/s/1'))!).equals(whole)).toBe(true);
      const chunks: Buffer[] = [];
      for await (const chunk of (await store.getStream('snapshots/s/1'))!) chunks.push(Buffer.from(chunk));
      expect(Buffer.concat(chunks).equals(whole)).toBe(true);
      expect(await store.getStream('missing')).toBeNull();
    });

    it('keeps the old object when a streamed source fails midway, and throws its error', async () => {
      const store = await makeStore();
      await store.put('specs/kept', Buffer.from('old bytes'));
      const failure = new Error('the upload was cut');
      async function* broken(): AsyncGenerator<Uint8Array> {
        yield Buffer.from('new bytes, part one');
        throw failure;
      }
      await expect(store.putStream('specs/kept', broken())).rejects.toBe(failure);
      expect(Buffer.from((await store.get('specs/kept'))!).toString()).toBe('old bytes');
    });

    it('keeps keys with slashes and colons apart', async () => {
      const store = await makeStore();
      await store.put('artifacts/sha256/ab', Buffer.from('1'));
      await store.put('artifacts/sha256/ab.operations.json', Buffer.from('2'));
      expect(Buffer.from((await store.get('artifacts/sha256/ab'))!).toString()).toBe('1');
    });
  });
}
