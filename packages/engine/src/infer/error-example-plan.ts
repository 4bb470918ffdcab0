import type { ErrorExample, JsonSchema } from '../artifact/artifact.js';
import { isObject, type Json, type JsonObject } from '../json.js';
import { ERROR_PARAMETER_FIELDS, ERROR_STATUS_FIELDS, ERROR_TEXT_FIELDS } from '../vocabulary/errors.js';
import type { SchemaLookup } from './schema-lookup.js';

export type ExamplePath = (string | number)[];
type Fill = ErrorExample['fills'][number];

/** How deep an example's fields are read: an envelope (`{"error": {...}}`) and an `errors` array inside it. */
const MAX_DEPTH = 4;

/**
 * What a refusal writes in one error example of the format keyed `key` (a status, a range or
 * `default`): its status fields, the field it is about, and its message unless the example's
 * own text may stand (`keepsText`). Null for an example that is not a JSON object.
 */
export function planExample(value: Json, key: string, schema: JsonSchema | null, lookup: SchemaLookup): ErrorExample | null {
  if (!isObject(value)) return null;
  const keyStatus = /^[1-5]\d\d$/.test(key) ? Number(key) : null;
  const leaves = leavesOf(value);
  // A `default` or a range documents the status its example's status field names, where it has one.
  const status = keyStatus ?? leaves.map(({ name, value: leaf }) => (isStatusName(name) ? statusValue(leaf) : null)).find((s) => s !== null) ?? null;
  const fills: Fill[] = [];
  for (const { path, name, value: leaf } of leaves) {
    const lower = name.toLowerCase();
    if (status !== null && statusValue(leaf) === status && (isStatusName(name) || keyStatus !== null)) fills.push({ path, with: 'status' });
    else if (typeof leaf === 'string' && isTextName(name) && !(status !== null && keepsText(leaf))) fills.push({ path, with: 'message' });
    else if (typeof leaf === 'string' && ERROR_PARAMETER_FIELDS.includes(lower)) fills.push({ path, with: 'field', ...(isOptional(schema, path, lookup) ? { optional: true as const } : {}) });
  }
  return { value, status, fills };
}

/** The example's message fields: those a refusal writes, and those whose text it keeps. */
export function textPaths(example: ErrorExample): ExamplePath[] {
  return (isObject(example.value) ? leavesOf(example.value) : [])
    .filter(({ name, value }) => typeof value === 'string' && isTextName(name))
    .map(({ path }) => path);
}

/**
 * Whether an example's message may answer any refusal of its status as it stands: it names
 * nothing particular to one request. A text that quotes something, holds a figure or an
 * identifier (`cus_123`, `AC123`, a UUID, a balance; a word in snake or camel case, as a field
 * is named), a path, a URL or an address, or ends in one value after a colon (`Missing
 * required param: amount.`), names another request's record, field or value.
 */
export function keepsText(text: string): boolean {
  return !PARTICULAR.some((pattern) => pattern.test(text));
}

const PARTICULAR: readonly RegExp[] = [
  /(^|[\s:([])(['"`‘“]).+?['"`’”](?=$|[\s.,;:!?)\]])/u,
  /\d/,
  /\b[a-z]+_[a-z0-9_]*[a-z0-9]\b|\b[a-z]+[A-Z][A-Za-z]*\b/,
  /(^|\s)\/\S|\w:\/\//,
  /\S@\S+\.\S/,
  /:\s*\S+[.!]?\s*$/,
];

/** The field of an error holding its sentence: `message`, `detail`, `error_description`, and those named with a qualifier (`UserMessage`). */
export function isTextName(name: string): boolean {
  const lower = name.toLowerCase();
  const squashed = lower.replace(/[_-]/g, '');
  return ERROR_TEXT_FIELDS.includes(lower) || squashed.endsWith('message') || squashed === 'errordescription';
}

function isStatusName(name: string): boolean {
  return ERROR_STATUS_FIELDS.includes(name.toLowerCase().replace(/[_-]/g, ''));
}

/** A value an HTTP status is written as: `404` or `"404"`. */
function statusValue(value: Json): number | null {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599) return value;
  return typeof value === 'string' && /^[1-5]\d\d$/.test(value) ? Number(value) : null;
}

interface Leaf {
  path: ExamplePath;
  /** The property holding the value (an array item's is its array's). */
  name: string;
  value: Json;
}

/** The scalar values of an example, with their paths, in the example's order. */
export function leavesOf(value: JsonObject): Leaf[] {
  const out: Leaf[] = [];
  const walk = (node: Json, path: ExamplePath, name: string): void => {
    if (isObject(node)) {
      if (path.length < MAX_DEPTH) for (const [key, sub] of Object.entries(node)) walk(sub, [...path, key], key);
    } else if (Array.isArray(node)) {
      if (path.length < MAX_DEPTH) node.forEach((item, index) => walk(item, [...path, index], name));
    } else if (path.length > 0) out.push({ path, name, value: node });
  };
  walk(value, [], '');
  return out;
}

/** Whether the schema lets the field at `path` be left out; false where the path leads nowhere the schema says. */
export function isOptional(schema: JsonSchema | null, path: ExamplePath, lookup: SchemaLookup): boolean {
  let node: Json | undefined = schema ?? undefined;
  for (const step of path.slice(0, -1)) {
    node = typeof step === 'number' ? (lookup.arrayItems(node) ?? undefined) : lookup.properties(node).get(step);
    if (node === undefined) return false;
  }
  const last = path[path.length - 1];
  return typeof last === 'string' && lookup.properties(node).has(last) && !requiredOf(node, lookup).has(last);
}

/** The fields an object schema requires, its `allOf` members' too. */
function requiredOf(schema: Json | undefined, lookup: SchemaLookup, depth = 0): Set<string> {
  const node = lookup.deref(schema);
  const out = new Set<string>();
  if (node === null || depth > 8) return out;
  if (Array.isArray(node['required'])) for (const name of node['required']) if (typeof name === 'string') out.add(name);
  if (Array.isArray(node['allOf'])) for (const member of node['allOf']) for (const name of requiredOf(member, lookup, depth + 1)) out.add(name);
  return out;
}
