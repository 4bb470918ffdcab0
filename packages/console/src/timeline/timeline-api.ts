/**
 * The record routes the timeline reads: a step's changes and the state after a step, a page
 * of 200 at a time (the API's largest) since the views ask for them in batches.
 */
import type { RecordChange, SimplaneClient, StateRecord } from '@simplane/client';

export type { RecordChange, StateRecord };

const PAGE = 200;

export function stepChanges(client: SimplaneClient, simulationId: string, step: number): AsyncGenerator<RecordChange, void, undefined> {
  return client.simulations.stepChanges(simulationId, step, { limit: PAGE });
}

export function recordsAfter(client: SimplaneClient, simulationId: string, step: number): AsyncGenerator<StateRecord, void, undefined> {
  return client.simulations.records(simulationId, { at_step: step, limit: PAGE });
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
