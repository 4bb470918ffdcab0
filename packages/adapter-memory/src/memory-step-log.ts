import { copyBytes, type Snapshot, type StateChange, type StepEntry, type StepLog, type StepView } from '@simplane/core';
import { IntColumn, TextArena } from './text-arena.js';

/** Where a step's texts lie in its log's arena: its chunk, then the start of each text and the end of the last. */
const FIELDS = 5;

/**
 * One Simulation's log. A step is held as three JSON texts written one after the other
 * into the log's arena (its view, its two messages, its changes: a list of steps reads only
 * the views), as a database would hold it: the text is the copy the contract asks for, a fraction of the memory of the object graph, and
 * outside the collected heap (text-arena). Steps have consecutive numbers from `first`, so a
 * step is found by arithmetic however long the log is.
 *
 * Appended steps are encoded together once the event loop's turn is over (or at the next read
 * of the log): encoding one step between two requests' socket work cost several times what
 * encoding the turn's steps in one go does.
 */
class Log {
  readonly snapshots: Snapshot[] = [];
  private readonly arena = new TextArena();
  private readonly places = new IntColumn();
  private pending: StepEntry[] = [];
  private broken: Error | null = null;
  private first = 0;
  private count = 0;

  /** Steps held. */
  get size(): number {
    this.settle();
    return this.count;
  }

  get head(): number {
    const steps = this.count + this.pending.length;
    return Math.max(steps === 0 ? 0 : this.first + steps - 1, this.snapshots.at(-1)?.step ?? 0);
  }

  /** Takes the entry over: it is encoded later, and its caller does not change it. */
  append(entry: StepEntry): void {
    if (this.count + this.pending.length === 0) this.first = entry.view.step;
    this.pending.push(entry);
  }

  /**
   * Encodes the steps appended since the last call. A step that cannot be encoded (a value
   * JSON has no text for) breaks this log, not the process: it is held as empty texts, and
   * every later read of the log fails with the cause.
   */
  settle(): void {
    if (this.broken !== null) throw this.broken;
    if (this.pending.length === 0) return;
    const entries = this.pending;
    this.pending = [];
    for (const entry of entries) {
      try {
        this.write(JSON.stringify(entry.view), JSON.stringify([entry.request, entry.response]), JSON.stringify(entry.changes));
      } catch (cause) {
        this.broken ??= new Error(`step ${entry.view.step} could not be encoded`, { cause });
        this.write('', '', '');
      }
    }
    if (this.broken !== null) throw this.broken;
  }

  private write(view: string, messages: string, changes: string): void {
    const chunk = this.arena.reserve(view.length + messages.length + changes.length);
    this.places.push(chunk);
    this.places.push(this.arena.offset);
    this.places.push(this.arena.write(view));
    this.places.push(this.arena.write(messages));
    this.places.push(this.arena.write(changes));
    this.count += 1;
  }

  /** Index of the first step numbered above `step`, clamped to the steps held. */
  indexAfter(step: number): number {
    this.settle();
    return Math.min(Math.max(step + 1 - this.first, 0), this.count);
  }

  indexOf(step: number): number | null {
    this.settle();
    const index = step - this.first;
    return this.count > 0 && index >= 0 && index < this.count ? index : null;
  }

  stepAt(index: number): number {
    return this.first + index;
  }

  /** Text `field` of the step at `index`: 0 its view, 1 its messages, 2 its changes. */
  text(index: number, field: 0 | 1 | 2): string {
    const at = index * FIELDS;
    return this.arena.read(this.places.at(at), this.places.at(at + 1 + field), this.places.at(at + 2 + field));
  }
}

/** Steps and snapshots in memory. */
export class MemoryStepLog implements StepLog {
  private readonly logs = new Map<string, Log>();
  /** Logs with steps not yet encoded, settled together after the turn. */
  private readonly unsettled = new Set<Log>();

  async append(simulationId: string, entry: StepEntry): Promise<boolean> {
    const log = this.log(simulationId);
    if (entry.view.step !== log.head + 1) return false;
    log.append(entry);
    if (this.unsettled.size === 0) setImmediate(() => this.settle());
    this.unsettled.add(log);
    return true;
  }

  /** Settles every log with pending steps; a broken log answers its failure at its next read. */
  private settle(): void {
    for (const log of this.unsettled) {
      try {
        log.settle();
      } catch {
        // Kept in the log (Log.settle) and thrown by its reads.
      }
    }
    this.unsettled.clear();
  }

  async head(simulationId: string): Promise<number> {
    return this.logs.get(simulationId)?.head ?? 0;
  }

  async list(simulationId: string, page: { afterStep: number; limit: number }): Promise<StepView[]> {
    const log = this.logs.get(simulationId);
    if (log === undefined) return [];
    return this.range(log, log.indexAfter(page.afterStep), page.limit, (i) => JSON.parse(log.text(i, 0)) as StepView);
  }

  async get(simulationId: string, step: number): Promise<StepEntry | null> {
    const log = this.logs.get(simulationId);
    const index = log?.indexOf(step) ?? null;
    if (log === undefined || index === null) return null;
    const [request, response] = JSON.parse(log.text(index, 1)) as [StepEntry['request'], StepEntry['response']];
    return { view: JSON.parse(log.text(index, 0)) as StepView, request, response, changes: JSON.parse(log.text(index, 2)) as StateChange[] };
  }

  async changes(simulationId: string, from: number, to: number): Promise<Array<{ step: number; changes: StateChange[] }>> {
    const log = this.logs.get(simulationId);
    if (log === undefined) return [];
    const start = log.indexAfter(from);
    return this.range(log, start, log.indexAfter(to) - start, (i) => ({ step: log.stepAt(i), changes: JSON.parse(log.text(i, 2)) as StateChange[] }));
  }

  async changesJson(simulationId: string, from: number, to: number): Promise<string[]> {
    const log = this.logs.get(simulationId);
    if (log === undefined) return [];
    const start = log.indexAfter(from);
    return this.range(log, start, log.indexAfter(to) - start, (i) => log.text(i, 2));
  }

  async putSnapshot(simulationId: string, snapshot: Snapshot): Promise<void> {
    const log = this.log(simulationId);
    // Taken over (the StepLog contract: callers never change snapshot bytes) when they own their
    // memory; a view into a larger buffer (small Buffers share an 8 KiB pool) is copied, or
    // keeping it would keep the whole pool alive.
    const owned = snapshot.bytes.byteOffset === 0 && snapshot.bytes.byteLength === snapshot.bytes.buffer.byteLength;
    const kept = { step: snapshot.step, bytes: owned ? snapshot.bytes : copyBytes(snapshot.bytes) };
    const at = log.snapshots.findIndex((s) => s.step >= snapshot.step);
    if (at === -1) log.snapshots.push(kept);
    else if (log.snapshots[at]!.step === snapshot.step) log.snapshots[at] = kept;
    else log.snapshots.splice(at, 0, kept);
  }

  async latestSnapshot(simulationId: string, atOrBefore: number): Promise<Snapshot | null> {
    const log = this.logs.get(simulationId);
    if (log === undefined) return null;
    for (let i = log.snapshots.length - 1; i >= 0; i -= 1) {
      const s = log.snapshots[i]!;
      if (s.step <= atOrBefore) return { step: s.step, bytes: copyBytes(s.bytes) };
    }
    return null;
  }

  async deleteAll(simulationId: string): Promise<void> {
    const log = this.logs.get(simulationId);
    if (log !== undefined) this.unsettled.delete(log);
    this.logs.delete(simulationId);
  }

  private log(simulationId: string): Log {
    let log = this.logs.get(simulationId);
    if (log === undefined) {
      log = new Log();
      this.logs.set(simulationId, log);
    }
    return log;
  }

  /** `read` applied to at most `limit` steps from index `start`. */
  private range<T>(log: Log, start: number, limit: number, read: (index: number) => T): T[] {
    const out: T[] = [];
    const end = Math.min(start + limit, log.size);
    for (let i = start; i < end; i += 1) out.push(read(i));
    return out;
  }
}
