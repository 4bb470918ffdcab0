import type { Json, StateAccess } from '@simplane/core';

/** A Simulation's state in plain Maps, for tests and benchmarks of the runtime. */
export class MapState implements StateAccess {
  readonly collections = new Map<string, Map<string, Json>>();

  get(collection: string, key: string): Json | undefined {
    return this.collections.get(collection)?.get(key);
  }

  entries(collection: string): Iterable<[string, Json]> {
    return this.collections.get(collection)?.entries() ?? [];
  }

  size(collection: string): number {
    return this.collections.get(collection)?.size ?? 0;
  }

  put(collection: string, key: string, value: Json): void {
    let records = this.collections.get(collection);
    if (!records) {
      records = new Map();
      this.collections.set(collection, records);
    }
    records.set(key, value);
  }

  delete(collection: string, key: string): boolean {
    return this.collections.get(collection)?.delete(key) ?? false;
  }

  /** Every record, for comparing two states. */
  snapshot(): string {
    return JSON.stringify([...this.collections].map(([name, records]) => [name, [...records]]));
  }
}
