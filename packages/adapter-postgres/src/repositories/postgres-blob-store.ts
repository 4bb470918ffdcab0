import type { BlobStore } from '@simplane/core';
import type { Database } from '../sql/database.js';

/** Bytes per stored chunk: large documents never become one giant parameter or value. */
const CHUNK_BYTES = 1024 * 1024;

/**
 * Blobs in the database (a deployment that has Postgres but no S3). A put replaces an object's
 * chunks in one transaction and a get reads them in one statement, so a reader sees the old or
 * the new bytes, never a mix.
 */
export class PostgresBlobStore implements BlobStore {
  constructor(private readonly db: Database) {}

  async put(key: string, bytes: Uint8Array): Promise<void> {
    await this.db.transaction(async (tx) => {
      const chunks = Math.max(1, Math.ceil(bytes.length / CHUNK_BYTES));
      // The object's row first: it holds puts of the same key from other connections until this
      // one commits, so their chunks never collide; the later put then replaces these.
      await tx.query(
        'INSERT INTO blobs (key, size, chunks) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET size = EXCLUDED.size, chunks = EXCLUDED.chunks',
        [key, bytes.length, chunks],
      );
      await tx.query('DELETE FROM blob_chunks WHERE key = $1', [key]);
      for (let seq = 0; seq < chunks; seq += 1) {
        await tx.query('INSERT INTO blob_chunks (key, seq, bytes) VALUES ($1, $2, $3)', [key, seq, bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES)]);
      }
    });
  }

  async get(key: string): Promise<Uint8Array | null> {
    const { rows } = await this.db.query<{ size: number; bytes: Uint8Array }>(
      'SELECT b.size, c.bytes FROM blobs b JOIN blob_chunks c ON c.key = b.key WHERE b.key = $1 ORDER BY c.seq',
      [key],
    );
    if (rows.length === 0) return null;
    const out = new Uint8Array(rows[0]!.size);
    let at = 0;
    for (const row of rows) {
      out.set(row.bytes, at);
      at += row.bytes.length;
    }
    return out;
  }

  async delete(key: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM blob_chunks WHERE key = $1', [key]);
      await tx.query('DELETE FROM blobs WHERE key = $1', [key]);
    });
  }

  async has(key: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM blobs WHERE key = $1', [key]);
    return rows.length > 0;
  }
}
