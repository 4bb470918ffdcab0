import { mkdirSync, readFileSync, renameSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../load-config.js';
import { writeOnce } from './write-once.js';

/** A data directory this process holds; `release` gives it up (on close). */
export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/**
 * Takes the data directory for this process. PGlite is one process's database: a second server
 * on the same folder would corrupt it, so it is refused with a message naming the holder. The
 * lock is a file holding the owner's PID, created atomically; one whose process is gone (killed,
 * crashed) is taken over, by a rename so two processes taking over together cannot both win.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, 'server.lock');
  if (heldHere.has(path)) throw new ConfigError(`the data directory ${dataDir} is already open in this process`);
  const content = `${process.pid}\n`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (writeOnce(path, content)) return held(path);
    const holder = readHolder(path);
    // Our own PID on a lock this process does not hold is an earlier run's (a container's PID 1).
    if (holder !== null && holder !== process.pid && alive(holder)) {
      throw new ConfigError(
        `the data directory ${dataDir} is in use by another Simplane server (process ${holder}); stop it, or start this one with another SIMPLANE_DATA_DIR, SIMPLANE_DATABASE_URL or --memory`,
      );
    }
    // The holder is gone: move its lock aside; of several processes doing so, one succeeds and
    // the next round's writeOnce decides between them.
    try {
      renameSync(path, `${path}.stale-${process.pid}`);
      unlinkSync(`${path}.stale-${process.pid}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new ConfigError(`the data directory ${dataDir} could not be locked; another server may be starting on it`);
}

/** Lock files this process holds: a second open of one in the same process is refused too. */
const heldHere = new Set<string>();

function held(path: string): DataDirLock {
  let released = false;
  heldHere.add(path);
  return {
    path,
    release() {
      if (released) return;
      released = true;
      heldHere.delete(path);
      // Only our own lock: a takeover after we were presumed dead must not be undone.
      if (readHolder(path) === process.pid) unlinkSync(path);
    },
  };
}

function readHolder(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** True when a process with this PID exists (EPERM: it exists, but is not ours to signal). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
