// A scratch database of its own on the Postgres server (BENCH_POSTGRES_URL, else the machine's own
// at 127.0.0.1:5432), for benches that run `serve` on Postgres; dropped when the bench is done,
// its connections closed with it.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

// The pg driver the Postgres adapter itself loads.
const pg = createRequire(new URL('../packages/adapter-postgres/package.json', import.meta.url))('pg');
const SERVER_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database: its URL, and `drop()`. */
export async function createScratchDatabase() {
  const name = `simplane_bench_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
