import type { ArtifactOperation, ArtifactParameter, ArtifactResource, ListShape } from '../artifact/artifact.js';
import { isObject, type Json, type JsonObject } from '../json.js';

/**
 * What a credential-backed build asks the real system (docs/credentials.md), decided from the
 * artifact alone: only reads the artifact proves cannot write, in three waves. First the lists
 * of top-level collections (their first page, as the document pages them), then reads of a few
 * ids those lists answered, then singletons. Only operations whose required parameters can be
 * filled without guessing (a default, the one value of an enum, an example) are asked.
 */
export interface ProbeRequest {
  /** The operation asked. */
  operation: string;
  /** GET over REST; POST of a SOAP envelope (soap-probes.ts). */
  method: 'GET' | 'POST';
  /** Path and query under the base URL (`/customers?limit=10`); empty for the SOAP service address itself. */
  path: string;
  /** For a SOAP probe: its input, as the operation's behaviours read it. */
  input?: JsonObject;
  /** What the answer stands for: a list's records, one record, a singleton's record, an answer of no resource's, the error of a record that does not exist. */
  purpose: 'list' | 'read' | 'singleton' | 'answer' | 'missing';
  /** The resource the answer's records belong to; null for an answer of no resource's. */
  resource: string | null;
}

/** How many ids of each list are read back one by one. */
const READS_PER_RESOURCE = 3;

/** The first wave: the first page of every top-level collection's list, then every singleton's read and every other read of no resource (`GET /account`). */
export function firstProbes(operations: readonly ArtifactOperation[], resources: readonly ArtifactResource[]): ProbeRequest[] {
  const byName = new Map(resources.map((resource) => [resource.name, resource]));
  const lists: ProbeRequest[] = [];
  const singletons: ProbeRequest[] = [];
  for (const op of operations) {
    if (!safe(op)) continue;
    if (op.resource === null && op.behaviour === 'static') {
      const path = filledPath(op, {});
      if (path !== null) singletons.push({ operation: op.id, method: 'GET', path, purpose: 'answer', resource: null });
      continue;
    }
    const resource = op.resource === null ? undefined : byName.get(op.resource);
    if (resource === undefined) continue;
    if (op.behaviour === 'list' && resource.kind === 'collection' && resource.scopeParameters.length === 0 && !lists.some((probe) => probe.resource === resource.name)) {
      const path = filledPath(op, {});
      if (path !== null) lists.push({ operation: op.id, method: 'GET', path, purpose: 'list', resource: resource.name });
    } else if (op.behaviour === 'read' && resource.kind === 'singleton' && resource.scopeParameters.length === 0) {
      const path = filledPath(op, {});
      if (path !== null) singletons.push({ operation: op.id, method: 'GET', path, purpose: 'singleton', resource: resource.name });
    }
  }
  return [...lists, ...singletons];
}

/** The second wave: reads of the first few ids a list answered, by the resource's read. */
export function readProbes(operations: readonly ArtifactOperation[], resource: ArtifactResource, records: readonly Json[]): ProbeRequest[] {
  if (resource.idField === null || resource.idParameter === null) return [];
  const read = operations.find((op) => op.resource === resource.name && op.behaviour === 'read' && safe(op) && op.path === resource.itemPath);
  if (read === undefined) return [];
  const idField = resource.idField;
  const ids = records.flatMap((record) => {
    const id = isObject(record) ? record[idField] : undefined;
    return typeof id === 'string' || typeof id === 'number' ? [String(id)] : [];
  });
  return [...new Set(ids)].slice(0, READS_PER_RESOURCE).flatMap((id) => {
    const path = filledPath(read, { [resource.idParameter!]: id });
    return path === null ? [] : [{ operation: read.id, method: 'GET' as const, path, purpose: 'read' as const, resource: resource.name }];
  });
}

/** An id no real system holds: asked once per resource, its answer is the system's own not-found error. */
export const MISSING_ID = 'simplane-probe-missing-0';

/** The last wave: one read per top-level collection of an id that does not exist, for the real system's 404. */
export function missingProbes(operations: readonly ArtifactOperation[], resources: readonly ArtifactResource[]): ProbeRequest[] {
  return resources.flatMap((resource) => {
    if (resource.kind !== 'collection' || resource.scopeParameters.length > 0 || resource.idParameter === null) return [];
    const read = operations.find((op) => op.resource === resource.name && op.behaviour === 'read' && safe(op) && op.path === resource.itemPath);
    const path = read === undefined ? null : filledPath(read, { [resource.idParameter]: MISSING_ID });
    return path === null || read === undefined ? [] : [{ operation: read.id, method: 'GET' as const, path, purpose: 'missing' as const, resource: resource.name }];
  });
}

/** The records a list's answer holds, where its shape says (ListShape.itemsField, itemsWrapper). */
export function listedRecords(list: ListShape, answer: Json): Json[] {
  const holder = list.itemsWrapper === undefined ? answer : isObject(answer) ? answer[list.itemsWrapper] : undefined;
  const items = list.itemsField === null ? holder : isObject(holder) ? holder[list.itemsField] : undefined;
  return Array.isArray(items) ? items : [];
}

/** A GET over REST that the artifact proves reads only. */
function safe(op: ArtifactOperation): boolean {
  return op.method === 'GET' && op.readOnly && (op.protocol ?? 'rest') === 'rest';
}

/**
 * The operation's path with its path parameters from `known` and its required query
 * parameters filled; null where a required parameter has no value to give (no known value, no
 * default, no single enum value, no example) or is a header or cookie.
 */
function filledPath(op: ArtifactOperation, known: Readonly<Record<string, string>>): string | null {
  let path = op.path;
  const query = new URLSearchParams();
  for (const parameter of op.parameters) {
    const value = Object.hasOwn(known, parameter.name) ? known[parameter.name]! : parameter.required ? givenValue(parameter) : null;
    if (parameter.in === 'path') {
      if (value === null) return null;
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    } else if (parameter.in === 'query') {
      if (value !== null) query.set(parameter.name, value);
      else if (parameter.required) return null;
    } else if (parameter.required) return null;
  }
  // A path the compiler discriminated (`#Action=...`) is not a plain REST path.
  if (path.includes('#') || path.includes('{')) return null;
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** A required parameter's value the document gives: its default, its only enum value, its example. */
function givenValue(parameter: ArtifactParameter): string | null {
  const schema = parameter.schema;
  if (!isObject(schema)) return null;
  const candidates = [schema.default, Array.isArray(schema.enum) && schema.enum.length === 1 ? schema.enum[0] : undefined, Array.isArray(schema.examples) ? schema.examples[0] : undefined];
  const found = candidates.find((value) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean');
  return found === undefined ? null : String(found);
}

/** A probe as a message names it: `GET /customers?limit=10`, or `the SOAP call GetCustomer`. */
export function probeName(probe: ProbeRequest): string {
  return probe.input === undefined ? `GET ${probe.path}` : `the SOAP call ${probe.operation}`;
}
