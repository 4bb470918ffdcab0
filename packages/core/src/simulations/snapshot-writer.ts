import type { Json } from '../runtime/runtime.port.js';

/**
 * A collection as a snapshot writer holds it: its keys and records in two arrays. Copying a
 * Map's keys and values is a fraction of copying its entries (a pair per record: 13–68 ms for
 * 100,000 records, on the request that starts the snapshot); pairs are made a slice at a time.
 */
export interface SnapshotCollection {
  name: string;
  keys: readonly string[];
  values: readonly Json[];
}

/**
 * Serialises a state snapshot a slice of records at a time, so a large state can be saved in
 * pieces instead of stalling every Simulation in the process for the whole of it. It holds a
 * shallow copy of the collections taken when it is made: records in state are never changed,
 * only replaced, so that copy is the state at that moment however the Simulation goes on. The
 * bytes equal `JSON.stringify({ ...head, collections })`, the format `SimulationState.toSnapshot`
 * writes in one go.
 */
export class SnapshotWriter {
  private readonly chunks: Buffer[] = [];
  private collection = 0;
  private record = 0;
  private finished = false;

  /** `head`: the snapshot's fields before its collections (its version first). */
  constructor(
    head: { v: number } & Record<string, Json>,
    private readonly collections: ReadonlyArray<SnapshotCollection>,
  ) {
    this.chunks.push(Buffer.from(`${JSON.stringify(head).slice(0, -1)},"collections":[`));
  }

  /** Serialises up to `records` more records; true once the snapshot is complete. */
  write(records: number): boolean {
    if (this.finished) return true;
    let budget = Math.max(1, records);
    let text = '';
    while (this.collection < this.collections.length && budget > 0) {
      const { name, keys, values } = this.collections[this.collection]!;
      if (this.record === 0) text += `${this.collection > 0 ? ',' : ''}[${JSON.stringify(name)},[`;
      const end = Math.min(keys.length, this.record + budget);
      for (let i = this.record; i < end; i += 1) text += (i > 0 ? ',' : '') + JSON.stringify([keys[i], values[i]]);
      budget -= end - this.record;
      this.record = end;
      if (this.record === keys.length) {
        text += ']]';
        this.collection += 1;
        this.record = 0;
      }
    }
    this.finished = this.collection === this.collections.length;
    if (this.finished) text += ']}';
    this.chunks.push(Buffer.from(text));
    return this.finished;
  }

  /** The snapshot's bytes; writes whatever is left first. */
  bytes(): Uint8Array {
    return Buffer.concat(this.pieces());
  }

  /** The snapshot as the pieces it was written in, not joined: a streaming store keeps them as they are. */
  pieces(): readonly Uint8Array[] {
    while (!this.finished) this.write(Number.MAX_SAFE_INTEGER);
    return this.chunks;
  }
}
