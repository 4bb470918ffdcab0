import type { ArtifactOperation, ArtifactResource, ArtifactTally, JsonSchema } from '../artifact/artifact.js';
import { isObject } from '../json.js';
import { singular, words } from '../infer/naming.js';
import type { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { objectView, schemaTypes } from '../runtime/schemas/schema-view.js';
import { chooseMedia } from '../runtime/answers/conform.js';
import { declaredSuccess } from '../runtime/answers/respond.js';

/**
 * The tally a read-only operation answers, or null: one whose success answer is a map of
 * integers and nothing else (the pet store's `GET /store/inventory`, "pets per status"), and
 * whose texts (path, operationId, tags, summary, response descriptions) name a top-level
 * collection. The map counts that collection's records by the enumerated field the texts name,
 * else by its `status`, else by its only enumerated field. Such an answer from the generator
 * would count nothing the Simulation holds.
 */
export function planTally(registry: SchemaRegistry, operation: ArtifactOperation, resources: readonly ArtifactResource[]): ArtifactTally | null {
  if (operation.method !== 'GET' || operation.behaviour !== 'static' || operation.path.includes('{')) return null;
  const success = declaredSuccess(operation, 200);
  const schema = chooseMedia(success.response)?.[1].schema ?? null;
  if (success.status !== 200 || !isCountMap(registry, schema)) return null;
  const texts = [operation.path, operation.operationId ?? '', operation.summary ?? '', ...operation.tags, ...Object.values(operation.responses).map((r) => r.description)];
  const said = new Set(texts.flatMap(words));
  for (const resource of resources) {
    if (resource.kind !== 'collection' || resource.scopeParameters.length > 0 || resource.itemSchema === null) continue;
    const name = words(resource.name).at(-1) ?? '';
    if (!said.has(name) && !said.has(singular(name))) continue;
    const enums = enumeratedFields(registry, resource.itemSchema);
    const field = enums.find(([f]) => said.has(f.toLowerCase())) ?? enums.find(([f]) => f === 'status') ?? (enums.length === 1 ? enums[0] : undefined);
    if (field !== undefined) return { resource: resource.name, field: field[0], values: field[1] };
  }
  return null;
}

/** True for an object schema with no properties of its own whose every other value is an integer. */
function isCountMap(registry: SchemaRegistry, schema: JsonSchema | null): boolean {
  const resolved = registry.resolve(schema);
  if (!isObject(resolved) || Object.keys(objectView(registry, resolved).properties).length > 0) return false;
  if (!(schemaTypes(registry, resolved)?.includes('object') ?? false)) return false;
  const values = resolved.additionalProperties;
  return isObject(values) && (schemaTypes(registry, values as JsonSchema)?.includes('integer') ?? false);
}

/** The item's string fields with an enum, each with its values in the document's order. */
function enumeratedFields(registry: SchemaRegistry, itemSchema: JsonSchema): Array<[string, string[]]> {
  const fields: Array<[string, string[]]> = [];
  for (const [name, sub] of Object.entries(objectView(registry, itemSchema).properties)) {
    const resolved = registry.resolve(sub);
    if (!isObject(resolved) || !Array.isArray(resolved.enum)) continue;
    const values = resolved.enum.filter((v): v is string => typeof v === 'string');
    if (values.length > 0) fields.push([name, values]);
  }
  return fields;
}
