import type { JsonSchema } from '../../artifact/artifact.js';
import type { Json, JsonObject } from '../../json.js';

/** The `x-xml` annotation (artifact/soap.ts) a property's schema carries. */
export interface XmlNote {
  name?: string;
  ns?: string;
  attribute?: boolean;
  text?: boolean;
  list?: boolean;
  any?: boolean;
}

/**
 * A schema with `x-xml` facts added to its own (a list's `list: true` stays). A reference keeps
 * its `$ref` with `x-xml` beside it, valid in 2020-12: the SchemaRegistry checks the `$ref` and
 * the value generator follows it, both ignoring the annotation.
 */
export function withXml(schema: JsonSchema, note: XmlNote): JsonObject {
  const base: JsonObject = schema === true ? {} : schema === false ? { not: {} } : schema;
  const known = base['x-xml'];
  const merged: JsonObject = typeof known === 'object' && known !== null && !Array.isArray(known) ? { ...known } : {};
  for (const key in note) {
    const value = note[key as keyof XmlNote];
    if (value !== undefined) merged[key] = value as Json;
  }
  const out = { ...base };
  out['x-xml'] = merged;
  return out;
}

/**
 * A nillable element's schema, which also accepts null (`xsi:nil="true"`): `null` added to a
 * `type` (and to an `enum`), a `{"type": "null"}` branch added to a union, and a reference
 * wrapped as `anyOf: [{$ref}, {type: null}]` (the generator picks the first branch that fits).
 */
export function withNull(schema: JsonObject): JsonObject {
  if (Object.keys(schema).filter((k) => k !== 'x-xml').length === 0) return schema;
  const note = schema['x-xml'];
  const { 'x-xml': _note, ...bare } = schema;
  let out: JsonObject;
  if (typeof bare.type === 'string' && bare.$ref === undefined) {
    out = { ...bare, type: [bare.type, 'null'] };
    if (Array.isArray(bare.enum)) out.enum = [...bare.enum, null];
  } else if (Array.isArray(bare.anyOf) && Object.keys(bare).length === 1) {
    out = { anyOf: [...bare.anyOf, { type: 'null' }] };
  } else {
    out = { anyOf: [bare, { type: 'null' }] };
  }
  if (note !== undefined) out['x-xml'] = note;
  return out;
}
