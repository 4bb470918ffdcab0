import { isUnavailable } from '../sql/sql-errors.js';

interface Waiting<T> {
  item: T;
  resolve: (stored: boolean) => void;
  reject: (error: unknown) => void;
}

/** Steps written in one statement at most: about 2,300 parameters, well under Postgres's 65,535. */
const MAX_BATCH = 256;

/**
 * Group commit for step appends. While one write is in flight, the appends that arrive wait,
 * and are written together in one statement when it returns; an append to an idle log is
 * written at the end of the current turn (a microtask, no timer), with any others of that turn.
 * Under load a round trip carries many steps; alone, a step costs what it did.
 *
 * `write` judges each item as if it were written alone, in order, and answers for each. When a
 * batch fails, each of its items is written again alone, so one bad item fails only its own
 * append; a database that cannot be reached fails them all at once instead.
 */
export class StepBatcher<T> {
  private queue: Array<Waiting<T>> = [];
  private writing = false;

  constructor(
    private readonly write: (items: readonly T[]) => Promise<boolean[]>,
    private readonly maxBatch = MAX_BATCH,
  ) {}

  add(item: T): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.writing) return;
      this.writing = true;
      queueMicrotask(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) await this.settle(this.queue.splice(0, this.maxBatch));
    this.writing = false;
  }

  private async settle(batch: Array<Waiting<T>>): Promise<void> {
    try {
      const stored = await this.write(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(stored[i] === true));
    } catch (error) {
      if (batch.length === 1 || isUnavailable(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
      for (const w of batch) await this.settle([w]);
    }
  }
}
