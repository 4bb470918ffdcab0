import { appendFile, copyFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeStepLogConformance, sampleStepEntry } from '@simplane/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { FileBlobStore } from '../file-blob-store.js';
import { FileStepLog, type FileStepLogOptions } from './file-step-log.js';

const folders: string[] = [];
const opened: FileStepLog[] = [];

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'simplane-steps-'));
  folders.push(folder);
  return folder;
}

/** A log in `folder` (its blobs beside it), closed after the file's tests. */
async function openLog(folder: string, options?: FileStepLogOptions): Promise<FileStepLog> {
  const log = await FileStepLog.open(join(folder, 'steps'), new FileBlobStore(join(folder, 'blobs')), options);
  opened.push(log);
  return log;
}

/** The one segment file of a log in `folder`. */
async function onlySegment(folder: string): Promise<string> {
  const names = await readdir(join(folder, 'steps'));
  expect(names).toEqual(['00000001.log']);
  return join(folder, 'steps', names[0]!);
}

afterAll(async () => {
  await Promise.all(opened.map((log) => log.close()));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describeStepLogConformance('FileStepLog', async () => openLog(await tempFolder()));

describe('FileStepLog recovery', () => {
  it('keeps steps, snapshots and deletions across a reopening', async () => {
    const folder = await tempFolder();
    const log = await openLog(folder);
    for (let step = 1; step <= 3; step += 1) expect(await log.append('sim_a', sampleStepEntry(step))).toBe(true);
    await log.putSnapshot('sim_a', { step: 2, bytes: new TextEncoder().encode('{"two":2}') });
    await log.append('sim_b', sampleStepEntry(1));
    await log.deleteAll('sim_b');
    await log.append('sim_b', sampleStepEntry(1));
    await log.close();

    const again = await openLog(folder);
    expect(again.recovery).toEqual({ ignoredBytes: 0, moved: false });
    expect(await again.heads(['sim_a', 'sim_b'])).toEqual(new Map([['sim_a', 3], ['sim_b', 1]]));
    expect(await again.get('sim_a', 3)).toEqual(sampleStepEntry(3));
    expect(new TextDecoder().decode((await again.latestSnapshot('sim_a', 3))!.bytes)).toBe('{"two":2}');
    expect(await again.append('sim_a', sampleStepEntry(4))).toBe(true);
    expect(await again.append('sim_a', sampleStepEntry(4))).toBe(false);
  });

  it('acknowledges appends from many Simulations as they come, each kept in order across a reopening and segments', async () => {
    const folder = await tempFolder();
    const options = { segmentBytes: 4096 };
    const log = await openLog(folder, options);
    const ids = Array.from({ length: 8 }, (_, i) => `sim_${i}`);
    // Each Simulation appends its next step once the last is acknowledged: groups meet in flight.
    const answers = await Promise.all(
      ids.map(async (id) => {
        const stored: boolean[] = [];
        for (let step = 1; step <= 25; step += 1) stored.push(await log.append(id, sampleStepEntry(step)));
        return stored;
      }),
    );
    expect(answers.flat().filter(Boolean)).toHaveLength(200);
    await log.close();
    const again = await openLog(folder, options);
    expect([...(await again.heads(ids)).values()]).toEqual(ids.map(() => 25));
    for (const id of ids) expect((await again.list(id, { afterStep: 0, limit: 100 })).map((v) => v.step)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('ignores a torn record at the end of the segment and appends after the last whole one', async () => {
    const folder = await tempFolder();
    const log = await openLog(folder);
    for (let step = 1; step <= 3; step += 1) await log.append('sim_a', sampleStepEntry(step));
    await log.close();
    const segment = await onlySegment(folder);
    const whole = (await stat(segment)).size;
    // A fourth step whose write stopped part-way: its frame says more bytes than follow.
    const fourth = await openLog(await tempFolder());
    await fourth.append('sim_a', sampleStepEntry(1));
    await fourth.close();
    const record = await readFile(join(folders.at(-1)!, 'steps', '00000001.log'));
    await appendFile(segment, record.subarray(0, record.length - 5));

    const again = await openLog(folder);
    expect(again.recovery.ignoredBytes).toBe(record.length - 5);
    expect(await again.head('sim_a')).toBe(3);
    expect((await again.list('sim_a', { afterStep: 0, limit: 10 })).map((s) => s.step)).toEqual([1, 2, 3]);
    expect((await stat(segment)).size).toBe(whole);
    expect(await again.append('sim_a', sampleStepEntry(4))).toBe(true);
    await again.close();
    const third = await openLog(folder);
    expect(third.recovery.ignoredBytes).toBe(0);
    expect(await third.head('sim_a')).toBe(4);
    expect(await third.get('sim_a', 4)).toEqual(sampleStepEntry(4));
  });

  it('ignores a last record whose checksum does not match, keeping the steps before it', async () => {
    const folder = await tempFolder();
    const log = await openLog(folder);
    for (let step = 1; step <= 3; step += 1) await log.append('sim_a', sampleStepEntry(step));
    await log.close();
    const segment = await onlySegment(folder);
    const bytes = await readFile(segment);
    const lastStart = segmentRecordStarts(bytes).at(-1)!;
    // One byte of the last record's payload flipped: its length is right, its checksum is not.
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0xff;
    await writeFile(segment, bytes);

    const again = await openLog(folder);
    expect(again.recovery.ignoredBytes).toBe(bytes.length - lastStart);
    expect(await again.head('sim_a')).toBe(2);
    expect(await again.get('sim_a', 2)).toEqual(sampleStepEntry(2));
    expect(await again.get('sim_a', 3)).toBeNull();
    expect(await again.append('sim_a', sampleStepEntry(3))).toBe(true);
  });

  it('ignores a zeroed tail (a file extended but never written)', async () => {
    const folder = await tempFolder();
    const log = await openLog(folder);
    await log.append('sim_a', sampleStepEntry(1));
    await log.close();
    const segment = await onlySegment(folder);
    const whole = (await stat(segment)).size;
    await appendFile(segment, Buffer.alloc(4096));
    const again = await openLog(folder);
    expect(again.recovery.ignoredBytes).toBe(4096);
    expect(await again.head('sim_a')).toBe(1);
    expect((await stat(segment)).size).toBe(whole);
  });

  it('moves to a new segment when one is full, and reads across them', async () => {
    const folder = await tempFolder();
    const log = await openLog(folder, { segmentBytes: 1024 });
    for (let step = 1; step <= 20; step += 1) expect(await log.append('sim_a', sampleStepEntry(step))).toBe(true);
    await log.close();
    expect((await readdir(join(folder, 'steps'))).length).toBeGreaterThan(1);
    const again = await openLog(folder, { segmentBytes: 1024 });
    expect(await again.changes('sim_a', 0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => ({ step: i + 1, changes: sampleStepEntry(i + 1).changes })));
  });

  it('compacts away a deleted Simulation on opening, keeping every other step and snapshot', async () => {
    const folder = await tempFolder();
    const options = { segmentBytes: 1024, compactAfterBytes: 0 };
    const log = await openLog(folder, options);
    // The deleted Simulation's records outweigh the kept one's: that is when a log is compacted.
    for (let step = 1; step <= 30; step += 1) {
      if (step <= 10) await log.append('sim_kept', sampleStepEntry(step));
      await log.append('sim_gone', sampleStepEntry(step));
    }
    await log.putSnapshot('sim_kept', { step: 5, bytes: new TextEncoder().encode('five') });
    await log.deleteAll('sim_gone');
    await log.close();
    const before = await readdir(join(folder, 'steps'));
    const last = Math.max(...before.map((name) => Number.parseInt(name, 10)));

    const again = await openLog(folder, options);
    const after = await readdir(join(folder, 'steps'));
    expect(after.every((name) => Number.parseInt(name, 10) > last)).toBe(true);
    expect(after.length).toBeLessThan(before.length);
    expect(await again.heads(['sim_kept', 'sim_gone'])).toEqual(new Map([['sim_kept', 10], ['sim_gone', 0]]));
    expect(await again.changes('sim_kept', 0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => ({ step: i + 1, changes: sampleStepEntry(i + 1).changes })));
    expect(new TextDecoder().decode((await again.latestSnapshot('sim_kept', 10))!.bytes)).toBe('five');
    expect(await again.append('sim_kept', sampleStepEntry(11))).toBe(true);
  });

  it('reads a log the same when a compaction stopped before removing the old segments (copies after their originals)', async () => {
    const folder = await tempFolder();
    const log = await openLog(folder);
    for (let step = 1; step <= 3; step += 1) await log.append('sim_a', sampleStepEntry(step));
    await log.putSnapshot('sim_a', { step: 2, bytes: new TextEncoder().encode('two') });
    await log.close();
    await copyFile(await onlySegment(folder), join(folder, 'steps', '00000002.log'));

    const again = await openLog(folder);
    expect(await again.head('sim_a')).toBe(3);
    expect((await again.list('sim_a', { afterStep: 0, limit: 10 })).map((s) => s.step)).toEqual([1, 2, 3]);
    expect(await again.append('sim_a', sampleStepEntry(4))).toBe(true);
    expect(await again.get('sim_a', 4)).toEqual(sampleStepEntry(4));
  });

  it('makes a new log from moved records once, and never reads them again', async () => {
    const folder = await tempFolder();
    let reads = 0;
    const moveIn = async function* () {
      reads += 1;
      yield { simulationId: 'sim_old', entry: sampleStepEntry(1) };
      yield { simulationId: 'sim_old', entry: sampleStepEntry(2) };
      yield { simulationId: 'sim_fork', snapshot: { step: 7, key: 'snapshots/sim_fork/7' } };
    };
    const log = await openLog(folder, { moveIn });
    expect(log.recovery.moved).toBe(true);
    expect(await log.heads(['sim_old', 'sim_fork'])).toEqual(new Map([['sim_old', 2], ['sim_fork', 7]]));
    expect(await log.get('sim_old', 2)).toEqual(sampleStepEntry(2));
    await log.close();
    const again = await openLog(folder, { moveIn });
    expect(again.recovery.moved).toBe(false);
    expect(reads).toBe(1);
    expect(await again.head('sim_old')).toBe(2);
  });

  it('makes no log when moving the records fails, so the next opening moves them again', async () => {
    const folder = await tempFolder();
    const failing = async function* () {
      yield { simulationId: 'sim_old', entry: sampleStepEntry(1) };
      throw new Error('the old store could not be read');
    };
    await expect(openLog(folder, { moveIn: failing })).rejects.toThrow('could not be read');
    expect(await readdir(folder)).not.toContain('steps');
    const log = await openLog(folder, { moveIn: async function* () { yield { simulationId: 'sim_old', entry: sampleStepEntry(1) }; } });
    expect(await log.head('sim_old')).toBe(1);
  });
});

/** Where each record of a segment starts, read from the length prefixes. */
function segmentRecordStarts(bytes: Buffer): number[] {
  const starts: number[] = [];
  for (let at = 0; at + 8 <= bytes.length; at += 8 + bytes.readUInt32LE(at)) starts.push(at);
  return starts;
}
