/** Where a record's payload is: its segment, its first byte there and its length. */
export interface Place {
  segment: number;
  offset: number;
  length: number;
}

/**
 * What a step log knows of one Simulation without reading its records: where each step's
 * record is (steps are contiguous, from `first`), its snapshots by step and blob key, and
 * `reserved`, the head counting appends accepted but not yet on disk (the next append must
 * follow it).
 */
export class SimulationIndex {
  first = 0;
  readonly places: Place[] = [];
  readonly snapshots: Array<{ step: number; key: string }> = [];
  reserved = 0;

  /** The last step on disk, 0 for none. */
  get lastStep(): number {
    return this.places.length === 0 ? 0 : this.first + this.places.length - 1;
  }

  /** The highest of the last step and the last snapshot on disk. */
  get head(): number {
    return Math.max(this.lastStep, this.snapshots.at(-1)?.step ?? 0);
  }

  /** Adds a step written to disk; one that does not follow the last (never written so) is passed over. */
  addStep(step: number, place: Place): void {
    if (this.places.length === 0) this.first = step;
    if (step === this.first + this.places.length) this.places.push(place);
  }

  /** Adds a snapshot, replacing one at the same step. */
  addSnapshot(step: number, key: string): void {
    const at = this.snapshots.findIndex((s) => s.step >= step);
    if (at === -1) this.snapshots.push({ step, key });
    else if (this.snapshots[at]!.step === step) this.snapshots[at] = { step, key };
    else this.snapshots.splice(at, 0, { step, key });
  }

  /** The places of the steps with `from < step <= to` that are on disk, ascending. */
  placesBetween(from: number, to: number): Array<{ step: number; place: Place }> {
    const found: Array<{ step: number; place: Place }> = [];
    for (let step = Math.max(from + 1, this.first); step <= Math.min(to, this.lastStep); step += 1) found.push({ step, place: this.places[step - this.first]! });
    return found;
  }
}
