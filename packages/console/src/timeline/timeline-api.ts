/**
 * The two record routes the timeline reads, typed here once: a step's changes and the state
 * after a step. Values are `unknown` on purpose: the views print and diff them, nothing more.
 */
import type { SimplaneClient } from '@simplane/client';

/** A record a step created, updated or deleted, as `GET .../steps/{step}/changes` answers it. */
export interface RecordChange {
  resource: string;
  collection: string;
  key: string;
  change: 'created' | 'updated' | 'deleted';
  before: unknown;
  after: unknown;
  /** The top-level fields that differ, for `updated`. */
  fields: string[];
}

/** A record of the state after a step, as `GET .../records?at_step=` answers it. */
export interface StateRecord {
  resource: string;
  collection: string;
  key: string;
  value: unknown;
}

export function stepChanges(client: SimplaneClient, simulationId: string, step: number): AsyncGenerator<RecordChange, void, undefined> {
  return client.simulations.stepChanges(simulationId, step);
}

export function recordsAfter(client: SimplaneClient, simulationId: string, step: number): AsyncGenerator<StateRecord, void, undefined> {
  return client.simulations.records(simulationId, { at_step: step });
}

/** Items grouped by resource, the groups in the order their first item came. */
export function byResource<T extends { resource: string }>(items: readonly T[]): Array<[string, T[]]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.resource);
    if (group) group.push(item);
    else groups.set(item.resource, [item]);
  }
  return [...groups];
}
