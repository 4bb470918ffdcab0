import type { Json, StateAccess, StateChange } from '../runtime/runtime.port.js';
import { SnapshotWriter } from './snapshot-writer.js';

const SNAPSHOT_VERSION = 1;
const NEWLINE_BYTE = 0x0a;
const NEWLINE = Buffer.from([NEWLINE_BYTE]);

/**
 * A Simulation's state: named collections of JSON records by key, in insertion order. Every
 * `put` and `delete` is recorded, so a request's changes can be stored as its step and
 * replayed onto a snapshot to rebuild (or fork) the state exactly.
 */
export class SimulationState implements StateAccess {
  private readonly collections = new Map<string, Map<string, Json>>();
  private recorded: StateChange[] = [];

  get(collection: string, key: string): Json | undefined {
    return this.collections.get(collection)?.get(key);
  }

  entries(collection: string): Iterable<[string, Json]> {
    return this.collections.get(collection)?.entries() ?? [];
  }

  size(collection: string): number {
    return this.collections.get(collection)?.size ?? 0;
  }

  /** Records across every collection. */
  recordCount(): number {
    let count = 0;
    for (const records of this.collections.values()) count += records.size;
    return count;
  }

  put(collection: string, key: string, value: Json): void {
    this.write(collection).set(key, value);
    this.recorded.push({ op: 'put', collection, key, value });
  }

  delete(collection: string, key: string): boolean {
    const existed = this.collections.get(collection)?.delete(key) ?? false;
    if (existed) this.recorded.push({ op: 'delete', collection, key });
    return existed;
  }

  /** The changes recorded since the last call, and a fresh record. */
  takeChanges(): StateChange[] {
    const taken = this.recorded;
    this.recorded = [];
    return taken;
  }

  /** Replays recorded changes, without recording them again. */
  apply(changes: readonly StateChange[]): void {
    for (const change of changes) {
      if (change.op === 'put') this.write(change.collection).set(change.key, change.value);
      else this.collections.get(change.collection)?.delete(change.key);
    }
  }

  /**
   * The whole state as JSON bytes; collections and records keep their order. A snapshot is
   * one line of JSON, optionally followed by lines of changes to apply to it (`withChanges`).
   */
  toSnapshot(): Uint8Array {
    const collections = [...this.collections].map(([name, records]) => [name, [...records]]);
    return Buffer.from(JSON.stringify({ v: SNAPSHOT_VERSION, collections }));
  }

  /** The state now, to be serialised later, a slice at a time (see SnapshotWriter). */
  snapshotWriter(): SnapshotWriter {
    return new SnapshotWriter(SNAPSHOT_VERSION, [...this.collections].map(([name, records]) => ({ name, keys: [...records.keys()], values: [...records.values()] })));
  }

  /**
   * A snapshot of the state after steps' changes are applied to `snapshot`, without reading
   * either: the bytes are copied and each step's changes (the JSON text of its array, as the
   * step log holds it) appended as one more line. A fork saves its starting state this way, in
   * time independent of the state's size. JSON without indentation never holds a raw newline
   * byte (not in strings, not inside a UTF-8 sequence), so the lines split unambiguously.
   */
  static withChanges(snapshot: Uint8Array, changeLines: readonly string[]): Uint8Array {
    if (changeLines.length === 0) return snapshot;
    return Buffer.concat([snapshot, NEWLINE, Buffer.from(changeLines.join('\n'))]);
  }

  static fromSnapshot(bytes: Uint8Array): SimulationState {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let end = text.indexOf(NEWLINE_BYTE);
    if (end === -1) end = text.byteLength;
    const parsed = JSON.parse(text.toString('utf8', 0, end)) as { v: number; collections: Array<[string, Array<[string, Json]>]> };
    if (parsed.v !== SNAPSHOT_VERSION) throw new Error(`unknown snapshot version ${String(parsed.v)}`);
    const state = new SimulationState();
    for (const [name, records] of parsed.collections) state.collections.set(name, new Map(records));
    while (end < text.byteLength) {
      const start = end + 1;
      end = text.indexOf(NEWLINE_BYTE, start);
      if (end === -1) end = text.byteLength;
      state.apply(JSON.parse(text.toString('utf8', start, end)) as StateChange[]);
    }
    return state;
  }

  private write(collection: string): Map<string, Json> {
    let records = this.collections.get(collection);
    if (records === undefined) {
      records = new Map();
      this.collections.set(collection, records);
    }
    return records;
  }
}
