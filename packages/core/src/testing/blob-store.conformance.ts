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

    it('keeps keys with slashes and colons apart', async () => {
      const store = await makeStore();
      await store.put('artifacts/sha256/ab', Buffer.from('1'));
      await store.put('artifacts/sha256/ab.operations.json', Buffer.from('2'));
      expect(Buffer.from((await store.get('artifacts/sha256/ab'))!).toString()).toBe('1');
    });
  });
}
