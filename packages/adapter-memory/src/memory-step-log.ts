import { copyBytes, type ChunkedSnapshot, type KeptMessage, type Snapshot, type StateChange, type StepEntry, type StepLog, type StepView } from '@simplane/core';
import { IntColumn, TextArena } from './text-arena.js';

/**
 * The parts of a step, written one after the other into its log's arena: its view, its
 * messages' heads (JSON texts), the request's and the response's body bytes as they were, its
 * changes (JSON text).
 */
const VIEW = 0;
const HEADS = 1;
const REQUEST_BODY = 2;
const RESPONSE_BODY = 3;
const CHANGES = 4;
type Part = typeof VIEW | typeof HEADS | typeof REQUEST_BODY | typeof RESPONSE_BODY | typeof CHANGES;
/** Where a step's parts lie in its log's arena: its chunk, then the start of the first part and the end of each. */
const FIELDS = 7;

/** A message's head as a JSON array (cheaper to write than an object): every field but the body's bytes. */
type Head = [method: string | null, path: string | null, query: string | null, status: number | null, headers: KeptMessage['headers'], bodyBytes: number, hasBody: boolean];

function headOf(message: KeptMessage | null): Head | null {
  if (message === null) return null;
  return [message.method ?? null, message.path ?? null, message.query ?? null, message.status ?? null, message.headers, message.body_bytes, message.body !== null];
}

function messageOf(head: Head | null, body: Uint8Array): KeptMessage | null {
  if (head === null) return null;
  const [method, path, query, status, headers, bodyBytes, hasBody] = head;
  // In the order keepMessage makes them, so a step reads back as it was recorded.
  const message: Partial<KeptMessage> = {};
  if (method !== null) message.method = method;
  if (path !== null) message.path = path;
  if (query !== null) message.query = query;
  if (status !== null) message.status = status;
  return Object.assign(message, { headers, body: hasBody ? body : null, body_bytes: bodyBytes });
}

/**
 * One Simulation's log. A step is held as its parts written one after the other into the
 * log's arena (a list of steps reads only the views; a replay only the changes), as a database
 * would hold it: the copy the contract asks for, a fraction of the memory of the object graph,
 * and outside the collected heap (text-arena). Bodies are copied as bytes: decoding, escaping
 * and encoding them again as JSON strings cost more than all the rest of a step. Steps have
 * consecutive numbers from `first`, so a step is found by arithmetic however long the log is.
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
        this.write(JSON.stringify(entry.view), JSON.stringify([headOf(entry.request), headOf(entry.response)]), entry.request?.body ?? null, entry.response?.body ?? null, JSON.stringify(entry.changes));
      } catch (cause) {
        this.broken ??= new Error(`step ${entry.view.step} could not be encoded`, { cause });
        this.write('', '', null, null, '');
      }
    }
    if (this.broken !== null) throw this.broken;
  }

  private write(view: string, heads: string, requestBody: Uint8Array | null, responseBody: Uint8Array | null, changes: string): void {
    const chunk = this.arena.reserve(view.length + heads.length + changes.length, (requestBody?.byteLength ?? 0) + (responseBody?.byteLength ?? 0));
    this.places.push(chunk);
    this.places.push(this.arena.offset);
    this.places.push(this.arena.write(view));
    this.places.push(this.arena.write(heads));
    this.places.push(this.arena.writeBytes(requestBody));
    this.places.push(this.arena.writeBytes(responseBody));
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

  /** The text of part `part` of the step at `index`. */
  text(index: number, part: Part): string {
    const at = index * FIELDS;
    return this.arena.read(this.places.at(at), this.places.at(at + 1 + part), this.places.at(at + 2 + part));
  }

  /** A copy of the bytes of part `part` of the step at `index`. */
  bytes(index: number, part: Part): Uint8Array {
    const at = index * FIELDS;
    return this.arena.readBytes(this.places.at(at), this.places.at(at + 1 + part), this.places.at(at + 2 + part));
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

  async heads(simulationIds: readonly string[]): Promise<Map<string, number>> {
    return new Map(simulationIds.map((id) => [id, this.logs.get(id)?.head ?? 0]));
  }

  async list(simulationId: string, page: { afterStep: number; limit: number }): Promise<StepView[]> {
    const log = this.logs.get(simulationId);
    if (log === undefined) return [];
    return this.range(log, log.indexAfter(page.afterStep), page.limit, (i) => JSON.parse(log.text(i, VIEW)) as StepView);
  }

  async get(simulationId: string, step: number): Promise<StepEntry | null> {
    const log = this.logs.get(simulationId);
    const index = log?.indexOf(step) ?? null;
    if (log === undefined || index === null) return null;
    const [request, response] = JSON.parse(log.text(index, HEADS)) as [Head | null, Head | null];
    return {
      view: JSON.parse(log.text(index, VIEW)) as StepView,
      request: messageOf(request, log.bytes(index, REQUEST_BODY)),
      response: messageOf(response, log.bytes(index, RESPONSE_BODY)),
      changes: JSON.parse(log.text(index, CHANGES)) as StateChange[],
    };
  }

  async changes(simulationId: string, from: number, to: number): Promise<Array<{ step: number; changes: StateChange[] }>> {
    const log = this.logs.get(simulationId);
    if (log === undefined) return [];
    const start = log.indexAfter(from);
    return this.range(log, start, log.indexAfter(to) - start, (i) => ({ step: log.stepAt(i), changes: JSON.parse(log.text(i, CHANGES)) as StateChange[] }));
  }

  async changesJson(simulationId: string, from: number, to: number): Promise<string[]> {
    const log = this.logs.get(simulationId);
    if (log === undefined) return [];
    const start = log.indexAfter(from);
    return this.range(log, start, log.indexAfter(to) - start, (i) => log.text(i, CHANGES));
  }

  async putSnapshot(simulationId: string, given: Snapshot | ChunkedSnapshot): Promise<void> {
    const snapshot = 'chunks' in given ? { step: given.step, bytes: Buffer.concat(given.chunks) } : given;
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
