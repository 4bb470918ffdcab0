import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../load-config.js';
import { lockDataDir } from './data-dir-lock.js';

const scratch = mkdtempSync(join(tmpdir(), 'simplane-lock-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The PID of a process that has exited: nobody holds it now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the data directory lock', () => {
  it('creates the folder, holds it with this PID, and lets it go on release', () => {
    const dir = join(scratch, 'fresh', 'data');
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    lockDataDir(dir).release();
  });

  it('refuses a folder a live process holds, naming the process, and leaves its lock alone', () => {
    const dir = join(scratch, 'held');
    const lock = lockDataDir(dir);
    lock.release();
    // Another live process's lock: the parent of this one (always alive while we run).
    writeFileSync(lock.path, `${process.ppid}\n`);
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`in use by another Simplane server (process ${process.ppid})`);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.ppid));
    expect(existsSync(lock.path)).toBe(true);
  });

  it('refuses a second open in the same process, and takes over an earlier run\'s lock that bears this PID', () => {
    const dir = join(scratch, 'same-process');
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(/already open in this process/);
    lock.release();
    // A container restarted with the same PID finds its predecessor's lock: not held here, so stale.
    writeFileSync(join(dir, 'server.lock'), `${process.pid}\n`);
    lockDataDir(dir).release();
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = join(scratch, 'stale');
    lockDataDir(dir).release();
    writeFileSync(join(dir, 'server.lock'), `${deadPid()}\n`);
    const lock = lockDataDir(dir);
    expect(readFileSync(lock.path, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });
});
