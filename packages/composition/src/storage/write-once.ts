import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, unlinkSync, writeFileSync } from 'node:fs';

/**
 * Creates `path` with `content` (mode 0600) unless it exists, and answers whether this call
 * created it. The content is written whole to a private file, then linked into place: of two
 * processes starting on a fresh directory exactly one wins, and nobody reads a half-written file.
 */
export function writeOnce(path: string, content: string): boolean {
  const temporary = `${path}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600, flag: 'wx' });
  try {
    chmodSync(temporary, 0o600);
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}
