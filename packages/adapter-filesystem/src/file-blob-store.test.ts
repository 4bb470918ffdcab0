import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { SimplaneError } from '@simplane/core';
import { describeBlobStoreConformance } from '@simplane/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { FileBlobStore } from './file-blob-store.js';

const folders: string[] = [];

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'simplane-blobs-'));
  folders.push(folder);
  return folder;
}

/** Every file under `folder`, as paths relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(folder, join(entry.parentPath, entry.name)));
}

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describeBlobStoreConformance('FileBlobStore', async () => new FileBlobStore(join(await tempFolder(), 'blobs')));

describe('FileBlobStore', () => {
  it('keeps keys that try to climb out inside its root', async () => {
    const base = await tempFolder();
    const store = new FileBlobStore(join(base, 'root'));
    const keys = ['../escape', '../../escape', '/tmp/absolute', '..', '.', '', 'a/../../b', '..\\..\\back', 'C:\\drive', 'nul\0byte', 'a//b'];
    for (const [i, key] of keys.entries()) await store.put(key, Buffer.from(`value ${i}`));
    for (const [i, key] of keys.entries()) expect(Buffer.from((await store.get(key))!).toString()).toBe(`value ${i}`);
    expect((await filesUnder(base)).every((path) => path.startsWith('root/'))).toBe(true);
    expect(await filesUnder(join(base, 'root'))).toHaveLength(keys.length);
  });

  it('keeps a key and a key below it apart', async () => {
    const store = new FileBlobStore(await tempFolder());
    await store.put('snapshots/sim', Buffer.from('parent'));
    await store.put('snapshots/sim/1', Buffer.from('child'));
    expect(Buffer.from((await store.get('snapshots/sim'))!).toString()).toBe('parent');
    expect(Buffer.from((await store.get('snapshots/sim/1'))!).toString()).toBe('child');
    await store.delete('snapshots/sim');
    expect(await store.has('snapshots/sim')).toBe(false);
    expect(await store.has('snapshots/sim/1')).toBe(true);
  });

  it('leaves the old object and no temporary file when a streamed put fails midway', async () => {
    const root = await tempFolder();
    const store = new FileBlobStore(root);
    await store.put('specs/doc', Buffer.from('old'));
    const broken = new Error('client went away');
    async function* source(): AsyncGenerator<Uint8Array> {
      yield Buffer.alloc(1024 * 1024, 1);
      throw broken;
    }
    await expect(store.putStream('specs/doc', source())).rejects.toBe(broken);
    expect(Buffer.from((await store.get('specs/doc'))!).toString()).toBe('old');
    expect(await filesUnder(root)).toEqual(['specs/doc.blob']);
  });

  it('removes its temporary file when the final rename fails', async () => {
    const root = await tempFolder();
    const store = new FileBlobStore(root);
    // A folder where the object file should go: the write succeeds, the rename over it cannot.
    await mkdir(join(root, 'specs', 'doc.blob', 'inner'), { recursive: true });
    const error = await store.put('specs/doc', Buffer.alloc(100_000, 1)).catch((e: unknown) => e);
    expect(SimplaneError.is(error) && error.code).toBe('internal_unavailable');
    expect(await filesUnder(root)).toEqual([]);
    expect(await readdir(join(root, 'specs'))).toEqual(['doc.blob']);
  });

  it('shows readers the old or the new bytes while puts replace them', async () => {
    const store = new FileBlobStore(await tempFolder());
    const one = Buffer.alloc(300_000, 1);
    const two = Buffer.alloc(200_000, 2);
    await store.put('k', one);
    const writes = Array.from({ length: 20 }, (_, i) => store.put('k', i % 2 === 0 ? two : one));
    const reads = Array.from({ length: 40 }, () => store.get('k'));
    await Promise.all(writes);
    for (const read of await Promise.all(reads)) {
      const bytes = Buffer.from(read!);
      expect(bytes.equals(one) || bytes.equals(two)).toBe(true);
    }
  });

  it('answers internal_unavailable, naming no path, when its folder cannot be used', async () => {
    const base = await tempFolder();
    const root = join(base, 'not-a-folder');
    await writeFile(root, 'a file where the root should be');
    const store = new FileBlobStore(root);
    const error = await store.put('specs/a', Buffer.from('x')).catch((e: unknown) => e);
    expect(SimplaneError.is(error) && error.code).toBe('internal_unavailable');
    const failure = error as SimplaneError;
    expect(failure.retryAfterSeconds).toBe(5);
    expect(failure.detail).not.toContain(base);
    expect(failure.cause).toBeDefined();
    expect(await readFile(root, 'utf8')).toBe('a file where the root should be');
  });

  it('stores empty objects, put whole or streamed', async () => {
    const store = new FileBlobStore(await tempFolder());
    await store.put('empty', new Uint8Array());
    expect((await store.get('empty'))!.byteLength).toBe(0);
    await store.putStream('streamed-empty', (async function* () {})());
    expect(await store.has('streamed-empty')).toBe(true);
    const chunks = [];
    for await (const chunk of (await store.getStream('streamed-empty'))!) chunks.push(chunk);
    expect(chunks).toEqual([]);
  });

  it('answers null for streaming a missing key', async () => {
    const store = new FileBlobStore(await tempFolder());
    expect(await store.getStream('missing')).toBeNull();
  });
});
