import type { ArtifactResource, JsonSchema } from '../artifact/artifact.js';
import { isObject } from '../json.js';
import type { RuntimeModel } from './model.js';
import type { SchemaRegistry } from './schema-registry.js';
import { objectView } from './schema-view.js';

/** Per loaded resource: shared by every Simulation of a Simulator, freed with it. */
const DECLARED = new WeakMap<ArtifactResource, ReadonlySet<string> | null>();

/**
 * The fields a resource's records may hold: its item schema's properties, and those its
 * operations' successful answers declare at the top and one level down (in a `{data: ...}`
 * wrapper or a list's items). A write keeps only these: a real API answers with its own
 * representation, not with the request's other fields (Stripe's `expand[]` and `confirm`,
 * OpenAI's chat `messages`). Null, and a write keeps everything it sends, when the item
 * schema names no properties, or allows others (`additionalProperties`, `patternProperties`).
 */
export function declaredFields(model: RuntimeModel, resource: ArtifactResource): ReadonlySet<string> | null {
  if (DECLARED.has(resource)) return DECLARED.get(resource) ?? null;
  const fields = findDeclared(model, resource);
  DECLARED.set(resource, fields);
  return fields;
}

function findDeclared(model: RuntimeModel, resource: ArtifactResource): ReadonlySet<string> | null {
  const registry = model.registry;
  const item = resource.itemSchema ?? null;
  const itemProperties = Object.keys(objectView(registry, item).properties);
  if (itemProperties.length === 0 || allowsOthers(registry, item, 0)) return null;
  const fields = new Set(itemProperties);
  for (const op of model.operations.values()) {
    if (op.resource !== resource.name) continue;
    for (const [status, response] of Object.entries(op.responses)) {
      if (!/^2/.test(status)) continue;
      for (const entry of Object.values(response.content)) {
        for (const [name, sub] of Object.entries(objectView(registry, entry.schema).properties)) {
          fields.add(name);
          for (const inner of Object.keys(objectView(registry, itemsOrSelf(registry, sub)).properties)) fields.add(inner);
        }
      }
    }
  }
  return fields;
}

/** A schema's items when it is an array, else the schema. */
function itemsOrSelf(registry: SchemaRegistry, schema: JsonSchema): JsonSchema {
  const resolved = registry.resolve(schema);
  return isObject(resolved) && resolved.type === 'array' && (isObject(resolved.items) || typeof resolved.items === 'boolean') ? resolved.items : schema;
}

/** Whether an object schema, or one of its `allOf` parts, allows properties it does not name. */
function allowsOthers(registry: SchemaRegistry, schema: JsonSchema | null, depth: number): boolean {
  const resolved = registry.resolve(schema);
  if (!isObject(resolved) || depth > 8) return false;
  const additional = resolved.additionalProperties;
  if (additional === true || isObject(additional) || isObject(resolved.patternProperties)) return true;
  return Array.isArray(resolved.allOf) && resolved.allOf.some((part) => allowsOthers(registry, part as JsonSchema, depth + 1));
}
