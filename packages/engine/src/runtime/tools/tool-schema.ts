/**
 * A tool's JSON Schema as a client reads it: the root the build wrote and the definitions it
 * carries (ToolSchema), kept once in the artifact for all tools, put together as `$defs`.
 */
import type { ToolDefinitions, ToolSchema } from '../../artifact/tool.js';
import { isObject, type Json, type JsonObject } from '../../json.js';

const DEFS_REF = '#/$defs/';

export function standaloneSchema(schema: ToolSchema, definitions: ToolDefinitions): JsonObject {
  if (schema.defs.length === 0) return schema.root;
  const kept = new Set(schema.defs);
  const defs: JsonObject = {};
  for (const name of schema.defs) {
    const definition = Object.hasOwn(definitions, name) ? definitions[name]! : {};
    const value = schema.trimmed === true ? withoutLeftOut(definition, kept) : definition;
    Object.defineProperty(defs, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return { ...schema.root, $defs: defs };
}

/**
 * For a tool some of whose definitions the build left out for size: `value` with every
 * reference to one left out turned into a schema that accepts anything, saying which it was
 * (the build writes the tool's root so, and the definitions are written so here).
 */
export function withoutLeftOut(value: Json, kept: ReadonlySet<string>): Json {
  if (Array.isArray(value)) return value.map((item) => withoutLeftOut(item, kept));
  if (!isObject(value)) return value;
  const ref = value['$ref'];
  const name = typeof ref === 'string' && ref.startsWith(DEFS_REF) ? ref.slice(DEFS_REF.length).replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
  if (name !== undefined && !kept.has(name)) {
    const { $ref: _dropped, ...rest } = value;
    return { ...rest, description: `A ${name} of the API's document (its schema is left out here for size).` };
  }
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) Object.defineProperty(out, key, { value: withoutLeftOut(item, kept), enumerable: true, writable: true, configurable: true });
  return out;
}
