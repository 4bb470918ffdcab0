import { describeBlobStoreConformance } from '@simplane/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresBlobStore } from './repositories/postgres-blob-store.js';
import { PgDatabase } from './sql/pg-database.js';
import { testEngines } from './testing/test-databases.js';

const { pglite, server, dispose } = testEngines();
afterAll(dispose);

describeBlobStoreConformance('postgres (pglite)', async () => new PostgresBlobStore((await pglite()).db));
describeBlobStoreConformance('postgres (server)', async () => new PostgresBlobStore((await server()).db));

describe('PostgresBlobStore', () => {
  it('keeps an object larger than a chunk in several chunks and reads it back whole', async () => {
    const { db } = await server();
    const store = new PostgresBlobStore(db);
    const bytes = new Uint8Array(2.5 * 1024 * 1024).map((_, i) => (i * 7) % 251);
    await store.put('specs/large', bytes);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM blob_chunks WHERE key = $1', ['specs/large']);
    expect(rows[0]!.n).toBe(3);
    expect(Buffer.from((await store.get('specs/large'))!).equals(Buffer.from(bytes))).toBe(true);
    await store.put('specs/large', new Uint8Array([1, 2, 3]));
    expect([...(await store.get('specs/large'))!]).toEqual([1, 2, 3]);
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM blob_chunks WHERE key = $1', ['specs/large']);
    expect(after.rows[0]!.n).toBe(1);
  });

  it('takes puts of one key from several connections at once, the last one kept whole', async () => {
    const { url } = await server();
    const pools = [0, 1, 2, 3].map(() => new PgDatabase({ connectionString: url!, maxConnections: 1 }));
    try {
      const bodies = pools.map((_, i) => new Uint8Array(1.5 * 1024 * 1024).fill(i + 1));
      await Promise.all(pools.map((db, i) => new PostgresBlobStore(db).put('specs/raced', bodies[i]!)));
      const kept = (await new PostgresBlobStore(pools[0]!).get('specs/raced'))!;
      expect(kept.length).toBe(bodies[0]!.length);
      expect(new Set(kept).size).toBe(1);
    } finally {
      for (const db of pools) await db.close();
    }
  });
});
