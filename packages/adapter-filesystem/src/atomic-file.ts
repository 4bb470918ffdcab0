import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Writes `path` so that a reader sees the old file or the new one, never part of either, and a
 * crash leaves at most a stray temporary file: the bytes go to a temporary file in the same
 * folder (a rename is atomic only within one file system), are flushed to disk, and the file is
 * renamed over `path`. On failure the temporary file is removed and `path` is untouched.
 */
export async function writeAtomically(path: string, write: (file: FileHandle) => Promise<void>): Promise<void> {
  const folder = dirname(path);
  await mkdir(folder, { recursive: true });
  const temporary = join(folder, `.${randomUUID()}.tmp`);
  const file = await open(temporary, 'wx');
  try {
    try {
      await write(file);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncFolder(folder);
}

/**
 * Flushes the folder's entry for the renamed file, so the rename survives a power cut. Best
 * effort: the object is already in place, and some platforms (Windows) cannot open a folder.
 */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Nothing to undo: readers already see the new object.
  }
}
