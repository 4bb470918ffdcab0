import type { ArtifactOperation, ArtifactResource, JsonSchema } from '../../artifact/artifact.js';
import { singular, words } from '../../infer/naming.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import type { Exchange } from './exchange.js';
import type { RuntimeModel } from '../model.js';
import { chooseMedia } from '../answers/conform.js';
import { answer, chooseSuccess } from '../answers/respond.js';
import { objectView, schemaTypes } from '../schemas/schema-view.js';

/** A count of a collection's records by the value of one of their enumerated fields. */
export interface Tally {
  resource: ArtifactResource;
  field: string;
  values: string[];
}

/** Tallies by operation, found on an operation's first request: a large Simulator pays only for what is called. */
const found = new WeakMap<RuntimeModel, Map<string, Tally | null>>();

/**
 * The tally a read-only operation answers, or null. It is one whose success answer is a map of
 * integers and nothing else (the pet store's `GET /store/inventory`, "pets per status"), and
 * whose texts (path, operationId, tags, summary, response descriptions) name a top-level
 * collection: the map counts that collection's records by the enumerated field the texts name,
 * else by its `status`, else by its only enumerated field. Such an answer from the generator
 * would count nothing the Simulation holds.
 */
export function tallyFor(model: RuntimeModel, operation: ArtifactOperation): Tally | null {
  let byOperation = found.get(model);
  if (byOperation === undefined) found.set(model, (byOperation = new Map()));
  let tally = byOperation.get(operation.id);
  if (tally === undefined) {
    tally = findTally(model, operation);
    byOperation.set(operation.id, tally);
  }
  return tally;
}

function findTally(model: RuntimeModel, operation: ArtifactOperation): Tally | null {
  if (operation.method !== 'GET' || operation.behaviour !== 'static' || operation.path.includes('{')) return null;
  const success = chooseSuccess(operation, 200);
  const schema = chooseMedia(success.response)?.[1].schema ?? null;
  if (success.status !== 200 || !isCountMap(model, schema)) return null;
  const texts = [operation.path, operation.operationId ?? '', operation.summary ?? '', ...operation.tags, ...Object.values(operation.responses).map((r) => r.description)];
  const said = new Set(texts.flatMap(words));
  for (const resource of model.artifact.resources) {
    if (resource.kind !== 'collection' || resource.scopeParameters.length > 0 || resource.itemSchema === null) continue;
    const name = words(resource.name).at(-1) ?? '';
    if (!said.has(name) && !said.has(singular(name))) continue;
    const enums = enumeratedFields(model, resource.itemSchema);
    const field = enums.find(([f]) => said.has(f.toLowerCase())) ?? enums.find(([f]) => f === 'status') ?? (enums.length === 1 ? enums[0] : undefined);
    if (field !== undefined) return { resource, field: field[0], values: field[1] };
  }
  return null;
}

/** True for an object schema with no properties of its own whose every other value is an integer. */
function isCountMap(model: RuntimeModel, schema: JsonSchema | null): boolean {
  const resolved = model.registry.resolve(schema);
  if (!isObject(resolved) || Object.keys(objectView(model.registry, resolved).properties).length > 0) return false;
  if (!(schemaTypes(model.registry, resolved)?.includes('object') ?? false)) return false;
  const values = resolved.additionalProperties;
  return isObject(values) && (schemaTypes(model.registry, values as JsonSchema)?.includes('integer') ?? false);
}

/** The item's string fields with an enum, each with its values in the document's order. */
function enumeratedFields(model: RuntimeModel, itemSchema: JsonSchema): Array<[string, string[]]> {
  const fields: Array<[string, string[]]> = [];
  for (const [name, sub] of Object.entries(objectView(model.registry, itemSchema).properties)) {
    const resolved = model.registry.resolve(sub);
    if (!isObject(resolved) || !Array.isArray(resolved.enum)) continue;
    const values = resolved.enum.filter((v): v is string => typeof v === 'string');
    if (values.length > 0) fields.push([name, values]);
  }
  return fields;
}

/**
 * Answers the tally from state: every enumerated value with its count (0 when no record holds
 * it), in the document's order, then any other value records hold.
 */
export function answerTally(ex: Exchange, tally: Tally) {
  const counts: JsonObject = {};
  for (const value of tally.values) setOwn(counts, value, 0);
  for (const [, record] of ex.state.entries(tally.resource.name)) {
    const value = isObject(record) ? record[tally.field] : undefined;
    if (typeof value !== 'string') continue;
    setOwn(counts, value, ((Object.hasOwn(counts, value) ? counts[value] : 0) as number) + 1);
  }
  return answer(chooseSuccess(ex.operation, 200), counts as Json, ex.gen);
}
