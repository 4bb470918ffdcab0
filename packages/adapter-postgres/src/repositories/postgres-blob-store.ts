import { watchSource, type BlobStore } from '@simplane/core';
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

  /**
   * Writes the chunks as they come, a part of at most 1 MiB held at a time, in one transaction:
   * a source that fails rolls it back and the old object stays.
   */
  async putStream(key: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    // The source's own failure is the caller's to see as it is, not as a database error.
    const watched = watchSource(source);
    try {
      await this.write(key, watched.chunks);
    } catch (error) {
      throw watched.failure()?.error ?? error;
    }
  }

  private async write(key: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    let attempted = false;
    await this.db.transaction(async (tx) => {
      // A source is read once: a transaction run again (a deadlock) would store what is left of it.
      if (attempted) throw new Error('a streamed put cannot be run again');
      attempted = true;
      await tx.query('INSERT INTO blobs (key, size, chunks) VALUES ($1, 0, 0) ON CONFLICT (key) DO UPDATE SET size = 0, chunks = 0', [key]);
      await tx.query('DELETE FROM blob_chunks WHERE key = $1', [key]);
      let size = 0;
      let seq = 0;
      let part: Uint8Array[] = [];
      let held = 0;
      const flush = async () => {
        await tx.query('INSERT INTO blob_chunks (key, seq, bytes) VALUES ($1, $2, $3)', [key, seq, Buffer.concat(part, held)]);
        seq += 1;
        part = [];
        held = 0;
      };
      for await (const chunk of source) {
        let at = 0;
        while (at < chunk.length) {
          const take = Math.min(CHUNK_BYTES - held, chunk.length - at);
          part.push(chunk.subarray(at, at + take));
          held += take;
          at += take;
          size += take;
          if (held === CHUNK_BYTES) await flush();
        }
      }
      if (held > 0 || seq === 0) await flush();
      await tx.query('UPDATE blobs SET size = $2, chunks = $3 WHERE key = $1', [key, size, seq]);
    });
  }

  /** The chunks as stored, read in one statement (the old or the new object, never a mix) and handed out one by one. */
  async getStream(key: string): Promise<AsyncIterable<Uint8Array> | null> {
    const rows = await this.chunks(key);
    if (rows === null) return null;
    return (async function* () {
      for (const row of rows) yield row.bytes;
    })();
  }

  private async chunks(key: string): Promise<Array<{ size: number; bytes: Uint8Array }> | null> {
    const { rows } = await this.db.query<{ size: number; bytes: Uint8Array }>(
      'SELECT b.size, c.bytes FROM blobs b JOIN blob_chunks c ON c.key = b.key WHERE b.key = $1 ORDER BY c.seq',
      [key],
    );
    return rows.length === 0 ? null : rows;
  }

  async get(key: string): Promise<Uint8Array | null> {
    const rows = await this.chunks(key);
    if (rows === null) return null;
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
