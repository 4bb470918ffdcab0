import { isUnavailable } from '../sql/sql-errors.js';

interface Waiting<T> {
  item: T;
  resolve: (stored: boolean) => void;
  reject: (error: unknown) => void;
}

/** Steps written in one statement at most: about 2,300 parameters, well under Postgres's 65,535. */
const MAX_BATCH = 256;

/** Statements in flight at once: while one commits, the next batch is on its way. */
const MAX_IN_FLIGHT = 2;

/**
 * Group commit for step appends. While a write is in flight, the appends that arrive wait,
 * and are written together in one statement when it returns; an append to an idle log is
 * written at the end of the current turn (a microtask, no timer), with any others of that turn.
 * Under load a round trip carries many steps; alone, a step costs what it did.
 *
 * Up to `maxInFlight` statements run at once, but never two holding items of one key (a
 * Simulation): its steps are written in order, each batch after the one before has committed,
 * as each is judged against the head the earlier ones moved. Items of other keys go ahead of a
 * key that waits.
 *
 * `write` judges each item as if it were written alone, in order, and answers for each. When a
 * batch fails, each of its items is written again alone, so one bad item fails only its own
 * append; a database that cannot be reached fails them all at once instead.
 */
export class StepBatcher<T> {
  private queue: Array<Waiting<T>> = [];
  private readonly busy = new Set<string>();
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly write: (items: readonly T[]) => Promise<boolean[]>,
    private readonly keyOf: (item: T) => string = () => '',
    private readonly maxBatch = MAX_BATCH,
    private readonly maxInFlight = MAX_IN_FLIGHT,
  ) {}

  add(item: T): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      queueMicrotask(() => {
        this.scheduled = false;
        this.pump();
      });
    });
  }

  /** Starts batches while there is room in flight and items whose key is not being written. */
  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch: Array<Waiting<T>> = [];
      const keys = new Set<string>();
      const rest: Array<Waiting<T>> = [];
      for (const waiting of this.queue) {
        const key = this.keyOf(waiting.item);
        if (batch.length < this.maxBatch && !this.busy.has(key)) {
          batch.push(waiting);
          keys.add(key);
        } else {
          rest.push(waiting);
        }
      }
      if (batch.length === 0) return;
      this.queue = rest;
      for (const key of keys) this.busy.add(key);
      this.inFlight += 1;
      void this.settle(batch).finally(() => {
        for (const key of keys) this.busy.delete(key);
        this.inFlight -= 1;
        this.pump();
      });
    }
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
