import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileBlobStore } from '@simplane/adapter-filesystem';
import { migrate, PgliteDatabase, PostgresStepLog } from '@simplane/adapter-postgres';
import { sampleStepEntry } from '@simplane/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../load-config.js';
import { openStores } from './open-stores.js';

const scratch = mkdtempSync(join(tmpdir(), 'simplane-embedded-steps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const snapshotBytes = new TextEncoder().encode('{"v":1,"collections":[]}');

/** A data directory as the version before kept it: steps and the snapshots' index rows in PGlite, the snapshots' bytes in files. */
async function dataDirWithStepsInPglite(dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const db = await PgliteDatabase.open(join(dir, 'pgdata'));
  try {
    await migrate(db);
    const before = new PostgresStepLog(db, new FileBlobStore(join(dir, 'blobs')));
    for (let step = 1; step <= 3; step += 1) expect(await before.append('sim_old', sampleStepEntry(step))).toBe(true);
    await before.putSnapshot('sim_old', { step: 2, bytes: snapshotBytes });
    await before.putSnapshot('sim_fork', { step: 7, bytes: snapshotBytes });
  } finally {
    await db.close();
  }
}

async function stepRowsInPglite(dir: string): Promise<number> {
  const db = await PgliteDatabase.open(join(dir, 'pgdata'));
  try {
    const { rows } = await db.query<{ n: number }>('SELECT (SELECT count(*) FROM steps)::int + (SELECT count(*) FROM snapshots)::int AS n');
    return rows[0]!.n;
  } finally {
    await db.close();
  }
}

describe('the embedded default step log', () => {
  it('moves the steps a data directory of the version before kept in PGlite, once, with their snapshots', { timeout: 60_000 }, async () => {
    const dir = join(scratch, 'before');
    await dataDirWithStepsInPglite(dir);
    expect(await stepRowsInPglite(dir)).toBe(5);
    const config = parseConfig({ storage: { kind: 'embedded', data_dir: dir } });
    const stores = await openStores(config);
    try {
      expect(await stores.steps.heads(['sim_old', 'sim_fork'])).toEqual(new Map([['sim_old', 3], ['sim_fork', 7]]));
      expect(await stores.steps.get('sim_old', 3)).toEqual(sampleStepEntry(3));
      expect(new TextDecoder().decode((await stores.steps.latestSnapshot('sim_old', 3))!.bytes)).toBe('{"v":1,"collections":[]}');
      expect(await stores.steps.append('sim_old', sampleStepEntry(4))).toBe(true);
      expect(await stores.steps.append('sim_fork', sampleStepEntry(8))).toBe(true);
      expect(readdirSync(join(dir, 'steps'))).toEqual(['00000001.log']);
    } finally {
      await stores.close();
    }
    expect(await stepRowsInPglite(dir)).toBe(0);
    const again = await openStores(config);
    try {
      expect(await again.steps.heads(['sim_old', 'sim_fork'])).toEqual(new Map([['sim_old', 4], ['sim_fork', 8]]));
      expect((await again.steps.list('sim_old', { afterStep: 0, limit: 10 })).map((s) => s.step)).toEqual([1, 2, 3, 4]);
    } finally {
      await again.close();
    }
  });
});
