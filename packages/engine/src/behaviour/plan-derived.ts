import type { ArtifactOperation, ArtifactResource } from '../artifact/artifact.js';
import type { DerivedField } from '../artifact/behaviour.js';
import { isObject, type Json, type JsonObject } from '../json.js';
import type { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { objectView } from '../runtime/schemas/schema-view.js';

/**
 * Fields a record's place decides, learned from the document's examples of its records: a URL
 * that is the record's own address (GitHub's `html_url`
 * `https://github.com/octocat/Hello-World/issues/1347` for `/repos/{owner}/{repo}/issues/{issue_number}`,
 * Twilio's `uri` `/2010-04-01/Accounts/AC.../Messages/SM....json`), and a name made of its
 * path's keys (`full_name` `octocat/Hello-World`). An example is read only where it names every
 * parameter of the item path, so no example's own ids are copied into other records, and where
 * what it gives as the record's id is a value of the example record (an address whose last
 * segment is `repos` or `forks` is another resource's, not this record's).
 */
export function planDerived(registry: SchemaRegistry, resource: ArtifactResource, operations: ReadonlyMap<string, ArtifactOperation>): DerivedField[] {
  if (resource.itemPath === null || resource.kind !== 'collection') return [];
  const segments = segmentsOf(resource.itemPath);
  const parameters = segments.flatMap((segment) => parametersOf(segment));
  if (parameters.length === 0) return [];
  const template = segments.map((segment) => ({ text: segment, pattern: segmentPattern(segment), parameters: parametersOf(segment) }));
  const properties = objectView(registry, resource.itemSchema).properties;
  const derived = new Map<string, string>();
  for (const record of exampleRecords(registry, resource, operations)) {
    const values = new Map<string, string>();
    const held = new Set(Object.values(record).flatMap((value) => (typeof value === 'string' || typeof value === 'number' ? [String(value)] : [])));
    for (const [field, value] of Object.entries(record)) {
      if (derived.has(field) || !Object.hasOwn(properties, field) || typeof value !== 'string' || !value.includes('/')) continue;
      const learned = addressTemplate(value, template, parameters);
      if (learned === null || !held.has(learned.values.get(resource.idParameter ?? '') ?? '')) continue;
      derived.set(field, learned.template);
      for (const [name, text] of learned.values) values.set(name, text);
    }
    // A name joined from two or more of the path's keys, in their order (`owner/name`), once the example's keys are known.
    if (values.size !== parameters.length || parameters.length < 2) continue;
    const joined = new Map(['/', ':'].map((separator) => [parameters.map((name) => values.get(name)).join(separator), separator]));
    for (const [field, value] of Object.entries(record)) {
      const separator = typeof value === 'string' ? joined.get(value) : undefined;
      if (separator === undefined || derived.has(field) || !Object.hasOwn(properties, field)) continue;
      derived.set(field, parameters.map((name) => `{${name}}`).join(separator));
    }
  }
  return [...derived].map(([field, text]) => ({ field, template: text }));
}

/** Path segments, without the empty first one. */
function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function parametersOf(segment: string): string[] {
  return [...segment.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
}

/** A segment of the item path, with the pattern that reads it and the parameters it holds. */
interface TemplateSegment {
  text: string;
  pattern: RegExp;
  parameters: string[];
}

/** A segment as text; one that is not valid percent-encoding is read as it is. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A segment of the item path as a pattern capturing its parameters (`{Sid}.json` reads `SM1.json`). */
function segmentPattern(segment: string): RegExp {
  const source = segment.split(/(\{[^}]+\})/).map((part) => (/^\{[^}]+\}$/.test(part) ? '([^/]+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`);
}

/**
 * Where an example value is the record's address: a URL or an absolute path whose last
 * segments follow the item path's with every parameter among them. The template is the
 * example's text with those segments written as the item path's.
 */
function addressTemplate(value: string, template: TemplateSegment[], parameters: string[]): { template: string; values: Map<string, string> } | null {
  let prefix: string;
  let path: string;
  if (/^https?:\/\/[^/]+/i.test(value)) {
    const origin = /^https?:\/\/[^/]+/i.exec(value)![0];
    prefix = origin;
    path = value.slice(origin.length);
  } else if (value.startsWith('/')) {
    prefix = '';
    path = value;
  } else return null;
  if (/[?#]/.test(path)) return null;
  const segments = segmentsOf(path);
  const firstWithParameter = template.findIndex((segment) => segment.parameters.length > 0);
  // The match starts at or before the first segment holding a parameter, so every parameter is covered.
  for (let start = 0; start <= firstWithParameter; start += 1) {
    const tail = template.slice(start);
    if (tail.length > segments.length) continue;
    const offset = segments.length - tail.length;
    const values = new Map<string, string>();
    const fits = tail.every((segment, i) => {
      const match = segment.pattern.exec(decoded(segments[offset + i]!));
      if (match === null) return false;
      segment.parameters.forEach((name, j) => values.set(name, match[j + 1]!));
      return true;
    });
    if (!fits || values.size !== parameters.length) continue;
    const lead = segments.slice(0, offset);
    return { template: `${prefix}${lead.length === 0 ? '' : `/${lead.join('/')}`}/${tail.map((segment) => segment.text).join('/')}`, values };
  }
  return null;
}

/** Example records by resource (a resource belongs to one build and never changes). */
const EXAMPLES = new WeakMap<ArtifactResource, JsonObject[]>();

/**
 * The document's examples of a record: the item schema's own, each property's first example
 * gathered into one record, and the records of its read's, create's and list's documented answers.
 */
export function exampleRecords(registry: SchemaRegistry, resource: ArtifactResource, operations: ReadonlyMap<string, ArtifactOperation>): JsonObject[] {
  // Derived fields, id forms and secrets each read a resource's examples: gathered once.
  const gathered = EXAMPLES.get(resource);
  if (gathered !== undefined) return gathered;
  const records: JsonObject[] = [];
  const item = registry.resolve(resource.itemSchema);
  if (isObject(item) && Array.isArray(item.examples)) records.push(...item.examples.filter(isObject));
  const fromProperties: JsonObject = {};
  for (const [name, schema] of Object.entries(objectView(registry, resource.itemSchema).properties)) {
    const resolved = registry.resolve(schema);
    const examples = isObject(resolved) ? resolved.examples : undefined;
    if (Array.isArray(examples) && examples.length > 0) fromProperties[name] = examples[0] as Json;
  }
  records.push(fromProperties);
  for (const behaviour of ['read', 'create', 'list'] as const) {
    const id = resource.operations[behaviour];
    const op = id === undefined ? undefined : operations.get(id);
    for (const [status, response] of Object.entries(op?.responses ?? {})) {
      if (!/^2/.test(status)) continue;
      for (const media of Object.values(response.content)) for (const { value } of media.examples) records.push(...recordsIn(value, resource, behaviour === 'list'));
    }
  }
  EXAMPLES.set(resource, records);
  return records;
}

/** The records an answer's example holds: itself, the record field it wraps, or a list's items. */
function recordsIn(value: Json, resource: ArtifactResource, listed: boolean): JsonObject[] {
  if (listed) {
    const items = Array.isArray(value) ? value : isObject(value) ? Object.values(value).find(Array.isArray) : undefined;
    return (items ?? []).filter(isObject);
  }
  if (!isObject(value)) return [];
  const wrapped = resource.recordField === undefined ? undefined : value[resource.recordField];
  return [isObject(wrapped) ? wrapped : value];
}
