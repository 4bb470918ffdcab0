import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';

/** Editors write a file in bursts (truncate, write, rename): one rebuild follows a burst this quiet. */
const SETTLE_MS = 150;

/**
 * Calls `changed` after each save of the file. The folder is watched, not the file: an editor
 * that saves by writing a new file and renaming it over the old one leaves a watch on the old
 * file looking at nothing.
 */
export function watchFile(path: string, changed: () => void): { close(): void } {
  const name = basename(path);
  let timer: NodeJS.Timeout | undefined;
  const watcher: FSWatcher = watch(dirname(path), { persistent: true }, (_event, file) => {
    if (file !== null && file !== name) return;
    clearTimeout(timer);
    timer = setTimeout(changed, SETTLE_MS);
  });
  return {
    close: () => {
      clearTimeout(timer);
      watcher.close();
    },
  };
}

/**
 * Runs `work` once per call, one at a time: a call while it runs asks for one more run after it,
 * however many calls came meanwhile (the file is read again then, at its latest).
 */
export function serialised(work: () => Promise<void>, failed: (error: unknown) => void): { run(): void; idle(): Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): void => {
    if (running !== null) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await work();
      } while (again);
    })()
      .catch(failed)
      .finally(() => {
        running = null;
      });
  };
  return { run, idle: async () => running ?? undefined };
}
