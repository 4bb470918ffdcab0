import type { ArtifactOperation, ArtifactResource } from '../artifact/artifact.js';
import type { RecordPlan } from '../artifact/behaviour.js';
import { requestSchema, type SchemaLookup, successSchema } from '../infer/schema-lookup.js';
import type { Json } from '../json.js';
import { has, type OverrideChecks, type RecordFacts } from './override-checks.js';
import { overrideRecords } from './override-records.js';

const RESOURCE_KEYS = ['idField', 'records', 'keyField', 'recordField', 'bodyField'] as const;

const PATHS = 'follows from the paths of the document; an override cannot change it';
/** Decisions of a resource that an override cannot change, and why. */
const REFUSED: Record<string, string> = Object.fromEntries([
  ...['name', 'kind', 'collectionPath', 'itemPath', 'idParameter', 'parent', 'parentParameter', 'scopeParameters', 'operations', 'actions', 'tenant'].map((key) => [key, `gives \`${key}\`, which ${PATHS}`]),
  ['itemSchema', 'gives `itemSchema`: change the schema itself with the Overlay instead'],
  ['entity', 'gives `entity`, which follows from the item schema and the id field'],
  ['lifecycle', 'gives `lifecycle`: declare what time does with `x-simplane-lifecycle` on the item schema (docs/clock.md)'],
  ['values', "gives `values`: correct a field's value hint with `x-simplane-value` on the field's own schema (docs/behaviour.md)"],
]);

/** What checking a resource's override needs beside the override. */
export interface ResourceContext {
  checks: OverrideChecks;
  facts: RecordFacts;
  /** The resource's operations. */
  operations: readonly ArtifactOperation[];
  lookup: SchemaLookup;
}

/** An empty plan, for a resource whose artifact keeps none yet: an override gives it what it says. */
const NO_RECORDS: RecordPlan = { fields: [], state: null, fresh: {}, settled: [], kept: [], keptUnlessGiven: [], aliases: [], alternateKeys: [], catalog: false, deleted: null, maps: [], derived: [], naming: [], countedIn: null, references: {}, namedIds: {}, inherits: [], moves: [], secrets: [], idForm: null };

/** The resource with an item schema's `x-simplane-behaviour` applied to its decisions. */
export function overrideResource(resource: ArtifactResource, value: Json, context: ResourceContext): ArtifactResource {
  const { checks, facts, operations, lookup } = context;
  const given = checks.object(value, [], RESOURCE_KEYS, REFUSED);
  if (given === undefined) return resource;
  const out: ArtifactResource = { ...resource };
  if (has(given, 'idField')) {
    if (resource.kind !== 'collection') checks.invalid(['idField'], `gives \`idField\` to ${resource.name}, a single record without ids`);
    else out.idField = checks.field(given['idField'], ['idField'], facts) ?? resource.idField;
  }
  if (has(given, 'records')) out.records = overrideRecords(resource.records ?? NO_RECORDS, given['records'] as Json, checks, facts);
  const fieldsOf = (schemas: Array<Json | null>) => new Set(schemas.flatMap((schema) => (schema === null ? [] : [...lookup.properties(schema).keys()])));
  const bodyFields = fieldsOf(operations.map(requestSchema));
  const optional = (key: 'keyField' | 'recordField' | 'bodyField', allowed: Set<string>, where: string) => {
    if (!has(given, key)) return;
    const chosen = checks.textOrNull(given[key], [key], (text) => (allowed.has(text) ? null : `names \`${text}\` in \`${key}\`, which is not ${where}`));
    if (chosen === null) delete out[key];
    else if (chosen !== undefined) out[key] = chosen;
  };
  const query = new Set(operations.flatMap((op) => op.parameters.filter((p) => p.in === 'query').map((p) => p.name)));
  optional('keyField', new Set([...query, ...bodyFields]), `a query parameter or a body field of ${resource.name}'s operations`);
  optional('recordField', fieldsOf(operations.map(successSchema)), `a field of an answer of ${resource.name}'s operations`);
  optional('bodyField', bodyFields, `a body field of ${resource.name}'s operations`);
  return out;
}
