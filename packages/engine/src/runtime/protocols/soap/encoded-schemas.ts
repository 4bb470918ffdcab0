/**
 * What SOAP encoding (artifact/soap.ts: `SoapMessage.encoding`) needs from a message's schema:
 * whether a value is an encoded array (`x-xml.array`), and which XSD type names a value in
 * `xsi:type`: the `x-xml.type` the compiler kept, else the built-in type its JSON Schema is
 * made from. Walks follow `$ref`s and a nillable value's `anyOf`, a bounded number of steps.
 */
import type { JsonSchema } from '../../../artifact/artifact.js';
import type { XmlQName } from '../../../artifact/soap.js';
import { isObject, type Json, type JsonObject } from '../../../json.js';
import { resolve, typesOf, type Schemas } from './xml-schema.js';

export const SOAP11_ENCODING = 'http://schemas.xmlsoap.org/soap/encoding/';
export const SOAP12_ENCODING = 'http://www.w3.org/2003/05/soap-encoding';
export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';

export interface EncodedArray {
  items: JsonSchema;
  /** The name items are written under. */
  item: string;
  itemType: XmlQName | null;
}

const MAX_STEPS = 8;

/** The schema objects a value's schema stands for: itself through `$ref`s, and each branch of an `anyOf`/`oneOf` (a nillable value's). */
function* reached(schema: JsonSchema | undefined, schemas: Schemas, steps = 0): Generator<JsonObject> {
  const resolved = resolve(schema, schemas);
  if (!isObject(resolved) || steps > MAX_STEPS) return;
  yield resolved;
  for (const key of ['anyOf', 'oneOf']) {
    const branches = resolved[key];
    if (Array.isArray(branches)) for (const branch of branches) yield* reached(branch as JsonSchema, schemas, steps + 1);
  }
}

const qnameOf = (value: Json | undefined): XmlQName | null => (isObject(value) && typeof value.ns === 'string' && typeof value.local === 'string' ? { ns: value.ns, local: value.local } : null);

/** The encoded array a schema is, or null. */
export function encodedArrayOf(schema: JsonSchema | undefined, schemas: Schemas): EncodedArray | null {
  for (const at of reached(schema, schemas)) {
    const note = at['x-xml'];
    if (!isObject(note) || !isObject(note.array)) continue;
    const item = typeof note.array.item === 'string' && note.array.item !== '' ? note.array.item : 'item';
    return { items: (at.items as JsonSchema | undefined) ?? true, item, itemType: qnameOf(note.array.itemType) };
  }
  return null;
}

/** The `x-xml.type` a schema was made from (a property's own first, then what it refers to), or null. */
export function declaredType(schema: JsonSchema | undefined, schemas: Schemas): XmlQName | null {
  if (isObject(schema) && isObject(schema['x-xml'])) {
    const own = qnameOf(schema['x-xml'].type);
    if (own !== null) return own;
  }
  for (const at of reached(schema, schemas)) {
    const named = isObject(at['x-xml']) ? qnameOf(at['x-xml'].type) : null;
    if (named !== null) return named;
  }
  return null;
}

/** The built-in XSD type a simple value's JSON Schema is made from, where nothing names it. */
export function builtinTypeOf(schema: JsonSchema | undefined, schemas: Schemas, value: Json): XmlQName | null {
  const types = typesOf(schema, schemas);
  const local = (): string | null => {
    if (typeof value === 'boolean') return 'boolean';
    if (typeof value === 'number') {
      if (!(types?.has('integer') ?? false) || !Number.isInteger(value)) return 'double';
      const at = [...reached(schema, schemas)].find((s) => typeof s.minimum === 'number' || typeof s.maximum === 'number');
      return at !== undefined && Number(at.minimum) >= -2147483648 && Number(at.maximum) <= 2147483647 ? 'int' : 'long';
    }
    if (typeof value !== 'string') return null;
    const format = [...reached(schema, schemas)].map((s) => s.format).find((f) => typeof f === 'string');
    if (format === 'date-time') return 'dateTime';
    if (format === 'date' || format === 'time' || format === 'duration') return format;
    if ([...reached(schema, schemas)].some((s) => s.contentEncoding === 'base64')) return 'base64Binary';
    return 'string';
  };
  const name = local();
  return name === null ? null : { ns: XSD_NS, local: name };
}

/** What a built-in XSD type (or SOAP 1.1 encoding's of the same name) reads as, for a value whose schema allows anything. */
export function builtinSchema(type: XmlQName): JsonSchema | null {
  if (type.ns !== XSD_NS && type.ns !== SOAP11_ENCODING) return null;
  if (/^(?:int|integer|long|short|byte|unsigned(?:Long|Int|Short|Byte)|(?:non)?(?:Positive|Negative)Integer|positiveInteger|negativeInteger)$/.test(type.local)) return { type: 'integer' };
  if (type.local === 'double' || type.local === 'float' || type.local === 'decimal') return { type: 'number' };
  if (type.local === 'boolean') return { type: 'boolean' };
  return { type: 'string' };
}
