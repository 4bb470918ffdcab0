import { parse } from 'qs';
import type { JsonSchema } from '../../../artifact/artifact.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../../json.js';
import { coerce } from '../../checking/coerce.js';
import type { SchemaRegistry } from '../../schemas/schema-registry.js';
import { itemsOf, objectView, schemaTypes } from '../../schemas/schema-view.js';

/** Bracket levels read from a field name (`a[b][c][d]` is three); deeper ones stay part of a key. */
const MAX_BRACKET_DEPTH = 16;
/** The highest array index read as one (`items[999]`); a higher one makes an object key. */
const MAX_ARRAY_INDEX = 1000;

/**
 * Form fields named with brackets, as OpenAPI's `deepObject` style and most form encoders write
 * nested values (`metadata[team]=core`, `items[0][price]=p_1`, `expand[]=customer`), read
 * into one value per top-level name and coerced by the schema (an integer property's text
 * becomes a number). Parsed by `qs`, the parser Express uses for the same notation, with its
 * guards: no prototype keys, bounded depth and array indices.
 */
export function nestedFormFields(registry: SchemaRegistry, properties: Record<string, JsonSchema>, fields: Array<[string, string]>): JsonObject {
  const text = fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  const parsed = parse(text, { depth: MAX_BRACKET_DEPTH, arrayLimit: MAX_ARRAY_INDEX, parameterLimit: fields.length + 1, allowPrototypes: false, allowDots: false }) as Record<string, unknown>;
  const out: JsonObject = {};
  for (const [name, value] of Object.entries(parsed)) setOwn(out, name, coerceDeep(registry, Object.hasOwn(properties, name) ? properties[name]! : null, value));
  return out;
}

/** A parsed value's texts coerced by the schema's types, through objects and arrays. */
function coerceDeep(registry: SchemaRegistry, schema: JsonSchema | null, value: unknown): Json {
  if (typeof value === 'string') return coerceText(registry, schema, value);
  if (Array.isArray(value)) {
    const items = itemsOf(registry, branch(registry, schema, 'array'));
    return value.map((item) => coerceDeep(registry, items, item));
  }
  if (isObject(value)) {
    const objectSchema = branch(registry, schema, 'object');
    const properties = objectView(registry, objectSchema).properties;
    const resolved = registry.resolve(objectSchema);
    const additional = isObject(resolved) && isObject(resolved.additionalProperties) ? (resolved.additionalProperties as JsonSchema) : null;
    const out: JsonObject = {};
    for (const [key, inner] of Object.entries(value)) setOwn(out, key, coerceDeep(registry, Object.hasOwn(properties, key) ? properties[key]! : additional, inner));
    return out;
  }
  return null;
}

/** Text under a schema that may offer several branches (`anyOf: [integer, enum [""]]`): the first branch it fits. */
function coerceText(registry: SchemaRegistry, schema: JsonSchema | null, text: string): Json {
  for (const option of alternatives(registry, schema)) {
    const value = coerce(registry, option, text);
    if (registry.validate(option, value).ok) return value;
  }
  return coerce(registry, schema, text);
}

/** The branch of an `anyOf`/`oneOf` that takes values of one JSON type, else the schema itself. */
function branch(registry: SchemaRegistry, schema: JsonSchema | null, type: 'object' | 'array'): JsonSchema | null {
  return alternatives(registry, schema).find((option) => schemaTypes(registry, option)?.includes(type) === true) ?? schema;
}

function alternatives(registry: SchemaRegistry, schema: JsonSchema | null): JsonSchema[] {
  const resolved = registry.resolve(schema);
  if (!isObject(resolved)) return [];
  const options = Array.isArray(resolved.anyOf) ? resolved.anyOf : Array.isArray(resolved.oneOf) ? resolved.oneOf : null;
  return options === null ? [schema as JsonSchema] : (options as JsonSchema[]);
}
