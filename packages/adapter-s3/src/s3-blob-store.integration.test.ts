import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SimplaneError } from '@simplane/core';
import { describeBlobStoreConformance } from '@simplane/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3BlobStore } from './s3-blob-store.js';
import { loopbackClient, startTestS3Server, TEST_BUCKET, type TestS3Server } from './testing/test-s3-server.js';

const MIB = 1024 * 1024;

let server: TestS3Server;
let stores = 0;

beforeAll(async () => {
  server = await startTestS3Server();
});
afterAll(async () => {
  await server.close();
});

/** A store of its own in the shared bucket, under a fresh prefix. */
function freshStore(): S3BlobStore {
  stores += 1;
  return new S3BlobStore({ bucket: TEST_BUCKET, prefix: `store-${stores}`, client: server.client() });
}

// A collection before each measurement makes it count live bytes, not garbage not yet collected.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Bytes of Buffers still reachable, the test server's included. Two collections: the first
 * frees dead ArrayBuffers' memory in the background, the second waits for it.
 */
function liveBuffers(): number {
  collect();
  collect();
  return process.memoryUsage().arrayBuffers;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as { port: number };
  await new Promise((resolve) => listener.close(resolve));
  return port;
}

describeBlobStoreConformance('S3BlobStore (s3rver)', freshStore);

describe('S3BlobStore', () => {
  it('works from connection settings as from a client', async () => {
    const store = new S3BlobStore({ bucket: TEST_BUCKET, prefix: 'from-config', ...server.connection });
    try {
      await store.put('specs/a', Buffer.from('made its own client'));
      expect(Buffer.from((await store.get('specs/a'))!).toString()).toBe('made its own client');
    } finally {
      store.close();
    }
  });

  it('uploads an object larger than one part in parts and reads it back', async () => {
    const client = server.client();
    const commands: string[] = [];
    client.middlewareStack.add(
      (next, context) => (args) => {
        commands.push(context.commandName ?? '');
        return next(args);
      },
      { step: 'initialize' },
    );
    const store = new S3BlobStore({ bucket: TEST_BUCKET, prefix: 'multipart', client });
    const bytes = Buffer.alloc(20 * MIB);
    for (let i = 0; i < bytes.length; i += 4096) bytes.writeUInt32BE(i, i);
    await store.put('artifacts/large', bytes);
    expect(commands.filter((name) => name === 'UploadPartCommand')).toHaveLength(3);
    expect(commands).toContain('CompleteMultipartUploadCommand');
    expect(Buffer.from((await store.get('artifacts/large'))!).equals(bytes)).toBe(true);
  });

  it('streams a 64 MiB document in and out without holding it whole', async () => {
    const store = freshStore();
    const written = createHash('sha256');
    const before = liveBuffers();
    let peak = before;
    async function* document(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < 64; i += 1) {
        const chunk = Buffer.alloc(MIB, i);
        written.update(chunk);
        yield chunk;
        if (i % 8 === 7) peak = Math.max(peak, liveBuffers());
      }
    }
    await store.putStream('specs/streamed', document());
    const read = createHash('sha256');
    let chunks = 0;
    for await (const chunk of (await store.getStream('specs/streamed'))!) {
      read.update(chunk);
      chunks += 1;
      if (chunks % 256 === 0) peak = Math.max(peak, liveBuffers());
    }
    expect(chunks).toBeGreaterThan(64);
    expect(read.digest('hex')).toBe(written.digest('hex'));
    // Loose: parts in flight (about 24 MiB) and what the server buffers, well short of 64 MiB.
    expect(peak - before).toBeLessThan(48 * MIB);
    expect(await store.getStream('specs/missing')).toBeNull();
  }, 60_000);

  it('stores empty objects, put whole or streamed', async () => {
    const store = freshStore();
    await store.put('empty', new Uint8Array());
    expect(await store.get('empty')).toEqual(new Uint8Array());
    await store.putStream('streamed-empty', (async function* () {})());
    expect(await store.has('streamed-empty')).toBe(true);
    expect((await store.get('streamed-empty'))!.byteLength).toBe(0);
  });

  it('keeps the old object when a streamed put fails midway', async () => {
    const store = freshStore();
    await store.put('specs/doc', Buffer.from('old'));
    const broken = new Error('client went away');
    async function* source(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < 10; i += 1) yield Buffer.alloc(MIB, i);
      throw broken;
    }
    await expect(store.putStream('specs/doc', source())).rejects.toBe(broken);
    expect(Buffer.from((await store.get('specs/doc'))!).toString()).toBe('old');
  });

  it('keeps two stores with different prefixes in one bucket apart', async () => {
    const a = new S3BlobStore({ bucket: TEST_BUCKET, prefix: 'tenant-a', client: server.client() });
    const b = new S3BlobStore({ bucket: TEST_BUCKET, prefix: 'tenant-a-2/', client: server.client() });
    const whole = new S3BlobStore({ bucket: TEST_BUCKET, client: server.client() });
    await a.put('specs/x', Buffer.from('a'));
    await b.put('specs/x', Buffer.from('b'));
    expect(Buffer.from((await a.get('specs/x'))!).toString()).toBe('a');
    expect(Buffer.from((await b.get('specs/x'))!).toString()).toBe('b');
    expect(Buffer.from((await whole.get('tenant-a/specs/x'))!).toString()).toBe('a');
    await a.delete('specs/x');
    expect(await a.has('specs/x')).toBe(false);
    expect(await b.has('specs/x')).toBe(true);
  });

  it('answers internal_unavailable, naming no endpoint or bucket, when nothing listens', async () => {
    const port = await closedPort();
    const client = loopbackClient({ ...server.connection, endpoint: `http://127.0.0.1:${port}` });
    const store = new S3BlobStore({ bucket: TEST_BUCKET, client });
    try {
      const attempts = [() => store.get('k'), () => store.has('k'), () => store.delete('k'), () => store.put('k', Buffer.from('x')), () => store.getStream('k')];
      for (const attempt of attempts) {
        const error = await attempt().then(() => undefined, (e: unknown) => e);
        expect(SimplaneError.is(error) && error.code).toBe('internal_unavailable');
        const failure = error as SimplaneError;
        expect(failure.retryAfterSeconds).toBe(5);
        expect(failure.cause).toBeDefined();
        for (const secret of [String(port), '127.0.0.1', TEST_BUCKET, 'S3RVER']) expect(failure.detail).not.toContain(secret);
      }
    } finally {
      client.destroy();
    }
  });

  it('answers internal_unavailable when the credentials are refused', async () => {
    const client = loopbackClient({ ...server.connection, credentials: { accessKeyId: 'WRONG', secretAccessKey: 'WRONG' } });
    const store = new S3BlobStore({ bucket: TEST_BUCKET, client });
    try {
      const error = await store.get('k').catch((e: unknown) => e);
      expect(SimplaneError.is(error) && error.code).toBe('internal_unavailable');
      expect((error as SimplaneError).detail).not.toContain('WRONG');
    } finally {
      client.destroy();
    }
  });
});
