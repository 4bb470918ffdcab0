/**
 * How the SOAP protocol reads a message's JSON Schema (artifact/soap.ts): which XML element,
 * attribute or text each property is, in what order, and what simple type a value has. The
 * schemas come from a compiler we trust but an Overlay may reshape them, so every walk follows
 * `$ref`s a bounded number of hops, looks through `allOf`/`anyOf`/`oneOf`, and treats a shape
 * it does not know as a plain string.
 */
import type { JsonSchema } from '../../../artifact/artifact.js';
import { isObject, type Json, type JsonObject } from '../../../json.js';
import { resolvePointer } from '../../../normalise/pointer.js';

export type Schemas = Record<string, JsonSchema>;

/** How one property travels in XML, from its schema's `x-xml`. */
export interface XmlPlace {
  /** The JSON property name. */
  key: string;
  /** The property's own schema (before `$ref`s are followed). */
  schema: JsonSchema;
  local: string;
  ns: string;
  kind: 'element' | 'attribute' | 'text' | 'any';
  /** An `xs:list`: one element or attribute holding space-separated items. */
  list: boolean;
  /** A repeated element: the property's value is an array, one element per item. */
  repeated: boolean;
}

/** An object schema's XML view: its places in writing order, and lookups for reading. */
export interface XmlShape {
  places: XmlPlace[];
  /** Element places by local name (the namespace is checked by the reader, leniently). */
  elements: Map<string, XmlPlace[]>;
  attributes: Map<string, XmlPlace[]>;
  text: XmlPlace | null;
  any: XmlPlace | null;
}

const MAX_HOPS = 32;
/** Most schemas one walk looks at: far more than any message type has parts. */
const MAX_VISITS = 4096;

/**
 * Follows `$ref`s into `schemas` (`#/schemas/<Name>`, or a pointer within one), at most
 * MAX_HOPS; a target that is not there, or a chain that does not end, is `true` (anything).
 */
export function resolve(schema: JsonSchema | undefined, schemas: Schemas): JsonSchema {
  let current: JsonSchema = schema ?? true;
  for (let hops = 0; hops < MAX_HOPS && isObject(current); hops += 1) {
    const ref = current.$ref;
    if (typeof ref !== 'string') return current;
    const target = ref.startsWith('#/schemas/') ? resolvePointer({ schemas: schemas as Json }, ref) : undefined;
    current = isObject(target) || typeof target === 'boolean' ? target : true;
  }
  return isObject(current) && typeof current.$ref === 'string' ? true : current;
}

const branchesOf = (schema: JsonObject): JsonSchema[] =>
  ['allOf', 'anyOf', 'oneOf'].flatMap((key) => {
    const list = schema[key];
    return Array.isArray(list) ? (list as JsonSchema[]) : [];
  });

/**
 * What a walk found for each schema object, per schemas table: schemas never change once
 * loaded, and the walks run for every element of a message.
 */
function memo<T>(walk: (schema: JsonSchema | undefined, schemas: Schemas, seen: Set<object>) => T): (schema: JsonSchema | undefined, schemas: Schemas) => T {
  const found = new WeakMap<Schemas, WeakMap<object, { value: T }>>();
  return (schema, schemas) => {
    if (!isObject(schema)) return walk(schema, schemas, new Set());
    let bySchema = found.get(schemas);
    if (bySchema === undefined) found.set(schemas, (bySchema = new WeakMap()));
    let entry = bySchema.get(schema);
    if (entry === undefined) bySchema.set(schema, (entry = { value: walk(schema, schemas, new Set()) }));
    return entry.value;
  };
}

/** The JSON types a schema allows (through `$ref`s and alternatives), or null when it does not say. Callers only read the set. */
export const typesOf = memo(walkTypes);

/** Each walk visits a schema once (`seen`), so a cycle of `allOf`s or a diamond costs no more than the schemas it reaches. */
function walkTypes(schema: JsonSchema | undefined, schemas: Schemas, seen: Set<object>): Set<string> | null {
  const resolved = resolve(schema, schemas);
  if (!isObject(resolved) || seen.has(resolved) || seen.size > MAX_VISITS) return null;
  seen.add(resolved);
  const types = new Set<string>();
  if (typeof resolved.type === 'string') types.add(resolved.type);
  if (Array.isArray(resolved.type)) for (const t of resolved.type) if (typeof t === 'string') types.add(t);
  if (resolved.nullable === true) types.add('null');
  if (types.size === 0 || (types.size === 1 && types.has('null'))) {
    if (isObject(resolved.properties)) types.add('object');
    if (resolved.items !== undefined) types.add('array');
    for (const value of [...(Array.isArray(resolved.enum) ? resolved.enum : []), ...(resolved.const !== undefined ? [resolved.const] : [])]) types.add(jsonType(value));
    for (const branch of branchesOf(resolved)) for (const t of walkTypes(branch, schemas, seen) ?? []) types.add(t);
  }
  if (types.has('integer') && types.has('number')) types.delete('integer');
  return types.size === 0 ? null : types;
}

function jsonType(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export function allowsNull(schema: JsonSchema | undefined, schemas: Schemas): boolean {
  return typesOf(schema, schemas)?.has('null') ?? false;
}

/** An array schema's item schema (through `$ref`s and alternatives), or null when it is not an array. */
export const itemsOf = memo(walkItems);

function walkItems(schema: JsonSchema | undefined, schemas: Schemas, seen: Set<object>): JsonSchema | null {
  const resolved = resolve(schema, schemas);
  if (!isObject(resolved) || seen.has(resolved) || seen.size > MAX_VISITS) return null;
  seen.add(resolved);
  if (resolved.items !== undefined) return resolved.items as JsonSchema;
  if (resolved.type === 'array' || (Array.isArray(resolved.type) && resolved.type.includes('array'))) return true;
  for (const branch of branchesOf(resolved)) {
    const items = walkItems(branch, schemas, seen);
    if (items !== null) return items;
  }
  return null;
}

/** Whether a schema is a SOAP-encoded array (`x-xml.array`, artifact/soap.ts), through `$ref`s and alternatives. */
export const isEncodedArray = memo(walkEncodedArray);

function walkEncodedArray(schema: JsonSchema | undefined, schemas: Schemas, seen: Set<object>): boolean {
  const resolved = resolve(schema, schemas);
  if (!isObject(resolved) || seen.has(resolved) || seen.size > MAX_VISITS) return false;
  seen.add(resolved);
  if (isObject(resolved['x-xml']) && isObject(resolved['x-xml'].array)) return true;
  return branchesOf(resolved).some((branch) => walkEncodedArray(branch, schemas, seen));
}

/** A property schema's `x-xml` (on itself, else on a wrapper's branch or an array's items), or null. */
function annotationOf(schema: JsonSchema, depth = 0): JsonObject | null {
  if (!isObject(schema) || depth > 4) return null;
  const own = schema['x-xml'];
  if (isObject(own) && ['name', 'ns', 'attribute', 'text', 'any', 'list'].some((key) => own[key] !== undefined)) return own;
  for (const branch of [...branchesOf(schema), ...(schema.items !== undefined ? [schema.items as JsonSchema] : [])]) {
    const inner = annotationOf(branch, depth + 1);
    if (inner !== null) return inner;
  }
  return null;
}

function placeOf(key: string, schema: JsonSchema, schemas: Schemas): XmlPlace {
  const note = annotationOf(schema) ?? {};
  const kind = note.any === true ? 'any' : note.text === true || (key === '$value' && note.name === undefined) ? 'text' : note.attribute === true ? 'attribute' : 'element';
  const list = note.list === true;
  const items = itemsOf(schema, schemas);
  // An xs:list is one element holding an array, unless it repeats (an array of lists); a SOAP-encoded array is one element holding its items.
  const repeated = items !== null && (kind === 'element' || kind === 'any') && (!list || itemsOf(items, schemas) !== null) && !isEncodedArray(schema, schemas);
  const local = typeof note.name === 'string' && note.name !== '' ? note.name : key.replace(/^@/, '');
  return { key, schema, local, ns: typeof note.ns === 'string' ? note.ns : '', kind, list, repeated };
}

interface Collected {
  properties: Map<string, JsonSchema>;
  order: string[];
}

function collect(schema: JsonSchema | undefined, schemas: Schemas, into: Collected, seen: Set<object>): void {
  const resolved = resolve(schema, schemas);
  if (!isObject(resolved) || seen.has(resolved) || seen.size > MAX_VISITS) return;
  seen.add(resolved);
  const parts = Array.isArray(resolved.allOf) ? resolved.allOf : [];
  // allOf first: an XSD extension writes its base's elements before its own.
  for (const part of parts) collect(part as JsonSchema, schemas, into, seen);
  if (isObject(resolved.properties)) {
    for (const [key, sub] of Object.entries(resolved.properties)) if (!into.properties.has(key)) into.properties.set(key, sub as JsonSchema);
  }
  const note = resolved['x-xml'];
  if (isObject(note) && Array.isArray(note.order)) for (const key of note.order) if (typeof key === 'string') into.order.push(key);
  for (const key of ['anyOf', 'oneOf']) {
    const branches = resolved[key];
    if (Array.isArray(branches)) for (const branch of branches) collect(branch as JsonSchema, schemas, into, seen);
  }
}

/** Shapes by schema object, per schemas table: schemas never change once loaded. */
const shapes = new WeakMap<Schemas, WeakMap<object, XmlShape>>();

/** The XML view of an object schema (properties merged across `$ref`, `allOf` and alternatives). */
export function shapeOf(schema: JsonSchema, schemas: Schemas): XmlShape {
  let bySchema = shapes.get(schemas);
  if (bySchema === undefined) shapes.set(schemas, (bySchema = new WeakMap()));
  const key = isObject(schema) ? schema : schema ? TRUE_KEY : FALSE_KEY;
  let shape = bySchema.get(key);
  if (shape === undefined) {
    shape = buildShape(schema, schemas);
    bySchema.set(key, shape);
  }
  return shape;
}
const TRUE_KEY = {};
const FALSE_KEY = {};

function buildShape(schema: JsonSchema, schemas: Schemas): XmlShape {
  const collected: Collected = { properties: new Map(), order: [] };
  collect(schema, schemas, collected, new Set());
  const keys = new Set<string>();
  for (const key of collected.order) if (collected.properties.has(key)) keys.add(key);
  for (const key of collected.properties.keys()) keys.add(key);
  const shape: XmlShape = { places: [], elements: new Map(), attributes: new Map(), text: null, any: null };
  for (const key of keys) {
    const place = placeOf(key, collected.properties.get(key)!, schemas);
    shape.places.push(place);
    if (place.kind === 'text') shape.text ??= place;
    else if (place.kind === 'any') shape.any ??= place;
    else {
      const table = place.kind === 'attribute' ? shape.attributes : shape.elements;
      const known = table.get(place.local);
      if (known === undefined) table.set(place.local, [place]);
      else known.push(place);
    }
  }
  return shape;
}

/** Whether a schema's content is elements and attributes (an object), rather than simple text. */
export function isObjectSchema(schema: JsonSchema, schemas: Schemas): boolean {
  if (shapeOf(schema, schemas).places.length > 0) return true;
  return typesOf(schema, schemas)?.has('object') ?? false;
}

/**
 * Whether a schema says nothing of its content (`xs:anyType`, read as `{}`): no type, no
 * properties, no items. Such an element's child elements are kept as their XML text.
 */
export function saysNothing(schema: JsonSchema, schemas: Schemas): boolean {
  return typesOf(schema, schemas) === null && itemsOf(schema, schemas) === null && shapeOf(schema, schemas).places.length === 0;
}
