import { copyBytes, type Snapshot, type StateChange, type StepEntry, type StepLog, type StepView } from '@simplane/core';

/**
 * A step as held: the view as an object (lists read it), the rest as JSON text, as a database
 * would hold it. Text is both the copy the contract asks for and a fraction of the memory of
 * the object graph, which matters with thousands of Simulations in one process.
 */
interface StoredStep {
  view: StepView;
  messages: string;
  changes: string;
}

interface Log {
  /** Steps in order; `steps[i].view.step` ascends with no gaps. */
  steps: StoredStep[];
  snapshots: Snapshot[];
}

/**
 * Steps and snapshots in memory. Steps are found by binary search, so a fork's replay reads
 * only the steps it needs however long the log is.
 */
export class MemoryStepLog implements StepLog {
  private readonly logs = new Map<string, Log>();

  async append(simulationId: string, entry: StepEntry): Promise<boolean> {
    const log = this.log(simulationId);
    if (entry.view.step !== headOf(log) + 1) return false;
    log.steps.push({ view: { ...entry.view }, messages: JSON.stringify([entry.request, entry.response]), changes: JSON.stringify(entry.changes) });
    return true;
  }

  async head(simulationId: string): Promise<number> {
    const log = this.logs.get(simulationId);
    return log === undefined ? 0 : headOf(log);
  }

  async list(simulationId: string, page: { afterStep: number; limit: number }): Promise<StepView[]> {
    const log = this.logs.get(simulationId);
    if (log === undefined) return [];
    const from = firstAfter(log.steps, page.afterStep);
    return log.steps.slice(from, from + page.limit).map((e) => ({ ...e.view }));
  }

  async get(simulationId: string, step: number): Promise<StepEntry | null> {
    const log = this.logs.get(simulationId);
    if (log === undefined) return null;
    const found = log.steps[firstAfter(log.steps, step - 1)];
    return found !== undefined && found.view.step === step ? restore(found) : null;
  }

  async changes(simulationId: string, from: number, to: number): Promise<Array<{ step: number; changes: StateChange[] }>> {
    const log = this.logs.get(simulationId);
    if (log === undefined) return [];
    const start = firstAfter(log.steps, from);
    const end = firstAfter(log.steps, to);
    return log.steps.slice(start, end).map((stored) => ({ step: stored.view.step, changes: JSON.parse(stored.changes) as StateChange[] }));
  }

  async changesJson(simulationId: string, from: number, to: number): Promise<string[]> {
    const log = this.logs.get(simulationId);
    if (log === undefined) return [];
    return log.steps.slice(firstAfter(log.steps, from), firstAfter(log.steps, to)).map((stored) => stored.changes);
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
    this.logs.delete(simulationId);
  }

  private log(simulationId: string): Log {
    let log = this.logs.get(simulationId);
    if (log === undefined) {
      log = { steps: [], snapshots: [] };
      this.logs.set(simulationId, log);
    }
    return log;
  }
}

function restore(stored: StoredStep): StepEntry {
  const [request, response] = JSON.parse(stored.messages) as [StepEntry['request'], StepEntry['response']];
  return { view: { ...stored.view }, request, response, changes: JSON.parse(stored.changes) as StepEntry['changes'] };
}

function headOf(log: Log): number {
  return Math.max(log.steps.at(-1)?.view.step ?? 0, log.snapshots.at(-1)?.step ?? 0);
}

/** Index of the first entry with a step greater than `step`. */
function firstAfter(steps: StoredStep[], step: number): number {
  let lo = 0;
  let hi = steps.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (steps[mid]!.view.step <= step) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
