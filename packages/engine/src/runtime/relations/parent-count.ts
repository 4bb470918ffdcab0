import type { ArtifactResource } from '../../artifact/artifact.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import { collectionName } from '../records/collections.js';
import type { StateAccess } from '@simplane/core';
import { itemSchema } from '../behaviours/exchange.js';
import { fillServerFields, recordPlan, type FillContext } from '../records/fill-fields.js';
import type { RuntimeModel } from '../model.js';
import { objectView } from '../schemas/schema-view.js';

/**
 * Where a nested record is counted: its parent's record and the parent's field counting records
 * like it. GitHub's issue has `comments`, the number of its comments; a post may have
 * `comment_count`, `num_comments` or `total_replies`.
 */
export interface Counter {
  parent: ArtifactResource;
  parameter: string;
  field: string;
}

/**
 * The parent a resource's records belong to: the one a nested route to a shallower collection
 * names (GitHub's comments are kept per repository, created under an issue), else its own.
 */
export function parentOf(model: RuntimeModel, resource: ArtifactResource): { name: string; parameter: string } | null {
  for (const op of model.operations.values()) {
    if (op.resource === resource.name && op.linkedParent !== undefined && op.linkedParent.parameter !== null) return { name: op.linkedParent.name, parameter: op.linkedParent.parameter };
  }
  return resource.parent === null || resource.parentParameter === null ? null : { name: resource.parent, parameter: resource.parentParameter };
}

/** Where a resource's records are counted (RecordPlan.countedIn), or null where their parent counts nothing of them. */
export function counterOf(model: RuntimeModel, resource: ArtifactResource): Counter | null {
  const counted = recordPlan(resource).countedIn;
  const parent = counted === null ? undefined : model.resources.get(counted.parent);
  return counted === null || parent === undefined ? null : { parent, parameter: counted.parameter, field: counted.field };
}

/**
 * Moves the count of a nested record's parent by `delta` (a comment created on an issue adds
 * one to its `comments`, one deleted takes one away, never below 0), and its update time. The
 * parent is named by the request's path parameters and `route`: those remembered when the
 * record was created under a nested route (GitHub deletes a comment by the repository's route).
 */
/** Where a write happens: the Simulation's state, the scope its path names, and what it fills server-owned fields with. */
export interface WriteScope {
  model: RuntimeModel;
  state: StateAccess;
  path: Readonly<Record<string, string>>;
  fill: FillContext;
}

export function countInParent(ex: WriteScope, counter: Counter | null, delta: 1 | -1, route: Readonly<Record<string, Json>> = {}): void {
  if (counter === null) return;
  const params: Record<string, string> = { ...ex.path };
  for (const [name, value] of Object.entries(route)) if (typeof value === 'string') params[name] = value;
  const key = params[counter.parameter];
  if (key === undefined) return;
  const collection = collectionName(counter.parent, params);
  const record = ex.state.get(collection, key);
  if (!isObject(record) || typeof record[counter.field] !== 'number') return;
  const count = Math.max(0, (record[counter.field] as number) + delta);
  const schema = itemSchema(counter.parent);
  if (!ex.model.registry.validate(objectView(ex.model.registry, schema).properties[counter.field] ?? true, count).ok) return;
  const counted: JsonObject = { ...record };
  setOwn(counted, counter.field, count);
  // The parent changed: its update time moves (GitHub's issue is updated by a new comment).
  ex.state.put(collection, key, fillServerFields(ex.fill, counter.parent, counted, 'write', record));
}
