import type { ArtifactOperation, ArtifactResource, JsonSchema } from '../artifact/artifact.js';
import type { IdForm } from '../artifact/behaviour.js';
import { isObject } from '../json.js';
import type { Era } from './plan-writes.js';
import { exampleRecords } from './plan-derived.js';
import { idExample } from '../runtime/records/example-id.js';
import { idSchemaFor } from '../runtime/records/ids.js';
import type { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { schemaTypes } from '../runtime/schemas/schema-view.js';

/** A pattern of decimal digits and nothing else. */
const DIGITS_ONLY = /^\^?(\\d|\[0-9\])[+*]\$?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Fewer drawn characters than this would make ids collide in a large collection. */
const LEAST_DRAWN = 10;

/**
 * How a resource's new ids look. The id's schema decides first, as the engine of version 3
 * decided while requests ran: a closed list, integers, digits as text, a UUID, a pattern, the
 * schema's own example. Where it says none of these, version 4 learns the form from the ids of
 * the document's examples of the record (the item schema's, the read's, create's and list's
 * answers): their common prefix (`cus_`, `SM`, `gid://shopify/Product/`), the characters after
 * it and how many.
 */
export function planIdForm(registry: SchemaRegistry, resource: ArtifactResource, operations: ReadonlyMap<string, ArtifactOperation>, era: Era): IdForm | null {
  const idSchema = idSchemaFor(registry, resource, operationsOf(operations, resource.name));
  const form = schemaForm(registry, idSchema);
  if (era < 4 || resource.idField === null || (form !== null && form.kind !== 'named')) return form;
  return learnedForm(exampleIds(registry, resource, operations)) ?? form;
}

/** Each resource's operations, gathered once per build: a document may have thousands of both. */
const BY_RESOURCE = new WeakMap<ReadonlyMap<string, ArtifactOperation>, Map<string, ArtifactOperation[]>>();

function operationsOf(operations: ReadonlyMap<string, ArtifactOperation>, resource: string): ArtifactOperation[] {
  let byResource = BY_RESOURCE.get(operations);
  if (byResource === undefined) {
    byResource = new Map();
    for (const op of operations.values()) {
      if (op.resource === null) continue;
      const list = byResource.get(op.resource);
      if (list === undefined) byResource.set(op.resource, [op]);
      else list.push(op);
    }
    BY_RESOURCE.set(operations, byResource);
  }
  return byResource.get(resource) ?? [];
}

/** The form an id schema asks for, or null where it asks for nothing but an id. */
function schemaForm(registry: SchemaRegistry, idSchema: JsonSchema | null): IdForm | null {
  const schema = flatten(registry, idSchema);
  const types = schemaTypes(registry, schema) ?? ['string'];
  const at = isObject(schema) ? schema : {};
  const values = Array.isArray(at.enum) ? at.enum.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number') : [];
  const pattern = typeof at.pattern === 'string' ? at.pattern : null;
  const example = idExample(at.examples);
  const length = Math.max(Math.min(12, numberOr(at, 'maxLength', 12)), numberOr(at, 'minLength', 1));
  // What is tried when the id so made does not satisfy the schema: the pattern, the example, then `length` characters.
  const fallbacks: Partial<IdForm> = { ...(pattern === null ? {} : { pattern }), ...(example === null ? {} : { example }), ...(length === 12 ? {} : { length }) };
  if (values.length > 0) return { kind: 'values', values };
  if (types.includes('integer') || (types.includes('number') && !types.includes('string'))) return { kind: 'integer' };
  if (pattern !== null && DIGITS_ONLY.test(pattern)) return { kind: 'digits', ...fallbacks };
  if (at.format === 'uuid') return { kind: 'uuid' };
  if (pattern !== null) return { kind: 'pattern', ...fallbacks };
  if (example !== null) return { kind: 'example', ...fallbacks };
  return length === 12 ? null : { kind: 'named', length };
}

function numberOr(schema: Record<string, unknown>, keyword: string, fallback: number): number {
  const value = schema[keyword];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : fallback;
}

/** One object with the keywords of a schema and its `allOf` parts (later parts win). */
function flatten(registry: SchemaRegistry, schema: JsonSchema | null): JsonSchema | null {
  const resolved = registry.resolve(schema);
  if (!isObject(resolved) || !Array.isArray(resolved.allOf)) return resolved;
  return Object.assign({}, ...resolved.allOf.map((part) => flatten(registry, part as JsonSchema)).filter(isObject)) as JsonSchema;
}

/** The text ids of the document's examples of the record, each once. */
function exampleIds(registry: SchemaRegistry, resource: ArtifactResource, operations: ReadonlyMap<string, ArtifactOperation>): string[] {
  const field = resource.idField;
  if (field === null) return [];
  const ids = exampleRecords(registry, resource, operations).flatMap((record) => (Object.hasOwn(record, field) ? [record[field]] : []));
  return [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
}

/** An id split into the prefix every id of its resource shares and the part drawn for each. */
interface SplitId {
  prefix: string;
  body: string;
}

/**
 * The prefix of an id: letters and separators ending in a separator (`cus_`, `pi_`,
 * `gid://shopify/Product/`), or two or three capitals before at least 16 lower-case hex digits
 * (Twilio's `SM`, `AC`). Null where the id is not one an API mints: a placeholder word
 * (`string`), a space, or a part after the prefix that is not letters and digits.
 */
function splitId(id: string): SplitId | null {
  if (id.length === 0 || id.length > 128 || !/^[\x21-\x7e]+$/.test(id)) return null;
  const capitals = /^([A-Z]{2,3})([0-9a-f]{16,})$/.exec(id);
  const separated = /^([A-Za-z][A-Za-z:/._-]*[:/._-])([A-Za-z0-9]+)$/.exec(id);
  const [, prefix = '', body = id] = capitals ?? separated ?? [];
  if (!/^[A-Za-z0-9]+$/.test(body)) return null;
  // A placeholder (`string`, `abc`) holds no digit and no prefix before a long part.
  return /[0-9]/.test(body) || (prefix !== '' && body.length >= 8) ? { prefix, body } : null;
}

/**
 * The form the examples' ids agree on: a UUID where they all are; else their shared prefix
 * and the characters of their other parts (lower- or upper-case hex where every one is hex,
 * else the digits and letters they hold), as long as the longest (and at least ten). Null where
 * they disagree on the prefix, or none looks minted.
 */
export function learnedForm(ids: string[]): IdForm | null {
  if (ids.length > 0 && ids.every((id) => UUID.test(id))) return { kind: 'uuid', from: 'examples' };
  return prefixedForm(ids, 'examples');
}

/** Ids of one system's records agree on fewer characters than a drawn part needs: below this their form is not followed. */
const LEAST_SYSTEM = 6;

/**
 * The form a real system's ids agree on (a credential-backed build): as learnedForm, but true
 * to what they hold, since they are the system's own and not a writer's illustration: digits
 * alone where they hold only digits, and as long as the longest (at least six).
 */
export function systemForm(ids: string[]): IdForm | null {
  if (ids.length > 0 && ids.every((id) => UUID.test(id))) return { kind: 'uuid', from: 'system' };
  const form = prefixedForm(ids, 'system');
  if (form === null || form.kind !== 'prefixed') return form;
  const bodies = ids.map(splitId).flatMap((part) => (part === null ? [] : [part.body]));
  const longest = Math.max(...bodies.map((body) => body.length));
  const digitsOnly = bodies.every((body) => /^[0-9]+$/.test(body));
  return { ...form, alphabet: digitsOnly ? DIGITS : form.alphabet, length: Math.max(longest, LEAST_SYSTEM) };
}

function prefixedForm(ids: string[], from: 'examples' | 'system'): IdForm | null {
  // A placeholder beside real ids (a property's `example: string`) says nothing of their form.
  const parts = ids.map(splitId).filter((id): id is SplitId => id !== null);
  if (parts.length === 0) return null;
  const prefix = parts[0]!.prefix;
  if (parts.some((part) => part.prefix !== prefix)) return null;
  const bodies = parts.map((part) => part.body);
  const longest = Math.max(...bodies.map((body) => body.length));
  return { kind: 'prefixed', prefix, alphabet: alphabetOf(bodies, longest), length: Math.max(longest, LEAST_DRAWN), from };
}

/** The characters the examples' drawn parts come from. */
function alphabetOf(bodies: string[], longest: number): string {
  const all = bodies.join('');
  const digits = /[0-9]/.test(all);
  // Hex holds digits; a long run of a–f alone (Twilio's `SMaaaa…`) is hex too.
  if (/^[0-9a-f]+$/.test(all) && (digits || longest >= 16)) return `${DIGITS}abcdef`;
  if (/^[0-9A-F]+$/.test(all) && (digits || longest >= 16) && /[A-F]/.test(all)) return `${DIGITS}ABCDEF`;
  return (digits ? DIGITS : '') + (/[a-z]/.test(all) ? LOWER : '') + (/[A-Z]/.test(all) ? UPPER : '');
}
