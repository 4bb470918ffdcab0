import type { Json, Seeder, StateAccess, StateChange } from '../runtime/runtime.port.js';
import { SnapshotWriter } from './snapshot-writer.js';

/** A snapshot of a state seeded at once (or before seeding was lazy): every part is in it. */
const SEEDED_SNAPSHOT = 1;
/** A snapshot of a state seeded a part at a time: it names the parts seeded so far. */
const LAZY_SNAPSHOT = 2;
const NEWLINE_BYTE = 0x0a;
const NEWLINE = Buffer.from([NEWLINE_BYTE]);

/**
 * A Simulation's state: named collections of JSON records by key, in insertion order. Every
 * `put` and `delete` is recorded, so a request's changes can be stored as its step and
 * replayed onto a snapshot to rebuild (or fork) the state exactly.
 *
 * With a seeder, sample records are written a part at a time, when a collection of the part is
 * first read or written, and not recorded: they are not a step's changes, and a replay seeds
 * them again at the same point, since a recorded change to a part comes after its seeding.
 */
export class SimulationState implements StateAccess {
  private readonly collections = new Map<string, Map<string, Json>>();
  private recorded: StateChange[] = [];
  /** Parts not written yet; empty when every part is, or without a seeder. */
  private readonly unseeded: Set<string>;
  private seeding = false;

  constructor(
    private readonly seeder: Seeder | null = null,
    seeded: readonly string[] = [],
  ) {
    const done = new Set(seeded);
    this.unseeded = new Set(seeder === null ? [] : seeder.parts.filter((part) => !done.has(part)));
  }

  get(collection: string, key: string): Json | undefined {
    if (this.unseeded.size > 0) this.seedFor(collection, key);
    return this.collections.get(collection)?.get(key);
  }

  entries(collection: string): Iterable<[string, Json]> {
    if (this.unseeded.size > 0) this.seedFor(collection);
    return this.collections.get(collection)?.entries() ?? [];
  }

  size(collection: string): number {
    if (this.unseeded.size > 0) this.seedFor(collection);
    return this.collections.get(collection)?.size ?? 0;
  }

  /** Records across every collection written so far. */
  recordCount(): number {
    let count = 0;
    for (const records of this.collections.values()) count += records.size;
    return count;
  }

  /** Every collection written so far, in the order each was first written. */
  collectionNames(): string[] {
    return [...this.collections.keys()];
  }

  /** Seeds every part not written yet, so that every collection with records is among `collectionNames`. */
  seedAll(): void {
    if (this.unseeded.size > 0) this.seedParts([...this.unseeded]);
  }

  put(collection: string, key: string, value: Json): void {
    if (this.unseeded.size > 0) this.seedFor(collection, key);
    this.write(collection).set(key, value);
    if (!this.seeding) this.recorded.push({ op: 'put', collection, key, value });
  }

  delete(collection: string, key: string): boolean {
    if (this.unseeded.size > 0) this.seedFor(collection, key);
    const existed = this.collections.get(collection)?.delete(key) ?? false;
    if (existed && !this.seeding) this.recorded.push({ op: 'delete', collection, key });
    return existed;
  }

  /** Seeds the parts not yet written that `collection` (or its record `key`) belongs to. */
  private seedFor(collection: string, key?: string): void {
    this.seedParts(this.seeder!.partsFor(collection, key));
  }

  private seedParts(parts: readonly string[]): void {
    for (const part of parts) {
      if (!this.unseeded.delete(part)) continue;
      const outer = this.seeding;
      this.seeding = true;
      try {
        this.seeder!.seed(part, this);
      } finally {
        this.seeding = outer;
      }
    }
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
      if (this.unseeded.size > 0) this.seedFor(change.collection, change.key);
      if (change.op === 'put') this.write(change.collection).set(change.key, change.value);
      else this.collections.get(change.collection)?.delete(change.key);
    }
  }

  /**
   * The whole state as JSON bytes; collections and records keep their order. A snapshot is
   * one line of JSON, optionally followed by lines of changes to apply to it (`withChanges`).
   * A state with a seeder names the parts seeded so far; the others are seeded when reached.
   */
  toSnapshot(): Uint8Array {
    const collections = [...this.collections].map(([name, records]) => [name, [...records]]);
    return Buffer.from(JSON.stringify({ ...this.snapshotHead(), collections }));
  }

  /** The state now, to be serialised later, a slice at a time (see SnapshotWriter). */
  snapshotWriter(): SnapshotWriter {
    return new SnapshotWriter(
      this.snapshotHead(),
      [...this.collections].map(([name, records]) => ({ name, keys: [...records.keys()], values: [...records.values()] })),
    );
  }

  private snapshotHead(): { v: number; seeded?: string[] } {
    return this.seeder === null ? { v: SEEDED_SNAPSHOT } : { v: LAZY_SNAPSHOT, seeded: this.seeder.parts.filter((part) => !this.unseeded.has(part)) };
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

  /**
   * The state a snapshot holds. A snapshot of a state seeded a part at a time needs the
   * Simulation's seeder, to seed the parts it does not hold when they are reached.
   */
  static fromSnapshot(bytes: Uint8Array, seeder: Seeder | null = null): SimulationState {
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let end = text.indexOf(NEWLINE_BYTE);
    if (end === -1) end = text.byteLength;
    const parsed = JSON.parse(text.toString('utf8', 0, end)) as { v: number; seeded?: string[]; collections: Array<[string, Array<[string, Json]>]> };
    let state: SimulationState;
    if (parsed.v === SEEDED_SNAPSHOT) state = new SimulationState();
    else if (parsed.v === LAZY_SNAPSHOT) {
      if (seeder === null) throw new Error('this snapshot is seeded a part at a time: reading it needs the Simulation\'s seeder');
      state = new SimulationState(seeder, parsed.seeded ?? []);
    } else throw new Error(`unknown snapshot version ${String(parsed.v)}`);
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
