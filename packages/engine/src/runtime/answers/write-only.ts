import type { JsonSchema } from '../../artifact/artifact.js';
import { SCHEMA_DATA } from '../../artifact/json-schema.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import type { SchemaRegistry } from '../schemas/schema-registry.js';
import { itemsOf, objectView } from '../schemas/schema-view.js';


/** Per schema: whether a `writeOnly` property can be met anywhere in what it describes. */
const carries = new WeakMap<object, boolean>();

/**
 * An answer without the properties its schema marks `writeOnly` (a password, a card number the
 * client sent): OpenAPI's properties a server takes but never sends back (OAS 3.0 section
 * 4.7.25). A schema that has none, as most have, is known as such after its first answer, and
 * the value is answered as it is.
 */
export function withoutWriteOnly(registry: SchemaRegistry, schema: JsonSchema | null, value: Json): Json {
  if (!isObject(schema) || !mayCarry(registry, schema)) return value;
  return strip(registry, schema, value, 0);
}

function mayCarry(registry: SchemaRegistry, schema: JsonSchema): boolean {
  if (!isObject(schema)) return false;
  let known = carries.get(schema);
  if (known === undefined) {
    known = marks(registry, schema, new Set());
    carries.set(schema, known);
  }
  return known;
}

/** Whether `writeOnly: true` stands anywhere in a schema or the components it refers to, each component read once. */
function marks(registry: SchemaRegistry, schema: Json, seen: Set<string>): boolean {
  if (Array.isArray(schema)) return schema.some((s) => marks(registry, s, seen));
  if (!isObject(schema)) return false;
  if (schema.writeOnly === true) return true;
  if (typeof schema.$ref === 'string') {
    if (seen.has(schema.$ref)) return false;
    seen.add(schema.$ref);
    if (marks(registry, registry.resolve({ $ref: schema.$ref }) as Json, seen)) return true;
  }
  // Keywords that hold data, not schemas, are passed over: a `writeOnly` inside an example marks nothing.
  for (const [key, child] of Object.entries(schema)) if (!SCHEMA_DATA.has(key) && marks(registry, child, seen)) return true;
  return false;
}

function strip(registry: SchemaRegistry, schema: JsonSchema, value: Json, depth: number): Json {
  if (depth > 16) return value;
  if (Array.isArray(value)) {
    const items = itemsOf(registry, schema);
    if (!isObject(items) || !mayCarry(registry, items)) return value;
    return value.map((item) => strip(registry, items, item, depth + 1));
  }
  if (!isObject(value)) return value;
  const { properties } = objectView(registry, schema);
  const out: JsonObject = {};
  for (const [name, member] of Object.entries(value)) {
    const sub = Object.hasOwn(properties, name) ? properties[name] : undefined;
    if (registry.marked(sub as Json | undefined, 'writeOnly')) continue;
    setOwn(out, name, isObject(sub) && mayCarry(registry, sub) ? strip(registry, sub, member, depth + 1) : member);
  }
  return out;
}
