import type { Artifact, ArtifactOperation, ArtifactResource, ErrorFormat } from '../artifact/artifact.js';
import { planExample } from '../infer/error-example-plan.js';
import { SchemaLookup } from '../infer/schema-lookup.js';
import { learnedForm } from '../behaviour/plan-ids.js';
import { isObject, type Json, type JsonObject } from '../json.js';
import { chooseMedia } from '../runtime/answers/conform.js';
import { chooseSuccess } from '../runtime/answers/respond.js';
import { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { withIdForm } from '../entities/entity.js';
import { listedRecords, type ProbeRequest } from './probe-plan.js';

/** What the real system answered one probe: its status and its body read as JSON (undefined where it was none). */
export interface ProbeAnswer {
  probe: ProbeRequest;
  status: number;
  body: Json | undefined;
}

/** Something a build noticed of the real system: an answer the document does not describe, kept as a build warning. */
export interface ProbeFinding {
  operation: string;
  message: string;
}

/** How many of a resource's real records are kept: the Simulation seeds at most `sample_records` of them. */
const KEPT_PER_RESOURCE = 20;

/**
 * The artifact with what the real system's answers taught it (docs/credentials.md): the records
 * that validate against the document become each resource's learned records
 * (RecordPlan.learned), their ids the resource's id form where they agree on one, and an answer
 * of no resource that validates the operation's first example. An answer that does not validate
 * is a finding naming the operation and the first mismatch, and is not used.
 */
export function learnFrom(artifact: Artifact, answers: readonly ProbeAnswer[]): { artifact: Artifact; findings: ProbeFinding[] } {
  const registry = new SchemaRegistry(artifact);
  const operations = new Map(artifact.operations.map((op) => [op.id, op]));
  const resources = new Map(artifact.resources.map((resource) => [resource.name, resource]));
  const findings: ProbeFinding[] = [];
  const learned = new Map<string, { operation: string; records: JsonObject[] }>();
  const examples = new Map<string, Json>();
  let notFound: ErrorFormat | undefined;
  for (const { probe, status, body } of answers) {
    const op = operations.get(probe.operation);
    if (op !== undefined && probe.purpose === 'missing') {
      notFound ??= notFoundFormat(artifact, op, status, body);
      continue;
    }
    if (op === undefined || status < 200 || status > 299 || body === undefined) continue;
    const schema = chooseMedia(chooseSuccess(op, status).response)?.[1].schema ?? null;
    const verdict = registry.validate(schema, body);
    if (!verdict.ok) {
      findings.push({ operation: op.id, message: `the real system's answer to ${probe.path} does not fit the document: ${mismatch(verdict)}; it is not used` });
      continue;
    }
    const resource = probe.resource === null ? undefined : resources.get(probe.resource);
    if (probe.purpose === 'answer' || resource === undefined) {
      if (!examples.has(op.id)) examples.set(op.id, body);
      continue;
    }
    const records = probe.purpose === 'list' && op.list !== null ? listedRecords(op.list, body) : [unwrapped(resource, body)];
    for (const record of records) {
      const fits = isObject(record) && (resource.itemSchema === null || registry.validate(resource.itemSchema, record).ok);
      if (!fits) {
        findings.push({ operation: op.id, message: `a record in the real system's answer to ${probe.path} does not fit ${resource.name}'s schema; it is not used` });
        continue;
      }
      const kept = learned.get(resource.name) ?? { operation: op.id, records: [] };
      if (kept.records.length < KEPT_PER_RESOURCE && !kept.records.some((other) => sameRecord(resource, other, record))) kept.records.push(structuredClone(record));
      learned.set(resource.name, kept);
    }
  }
  return {
    artifact: {
      ...artifact,
      ...(notFound === undefined ? {} : { errorFormats: { ...artifact.errorFormats, '404': notFound } }),
      resources: artifact.resources.map((resource) => withLearned(resource, learned.get(resource.name))),
      operations: artifact.operations.map((op) => withExample(op, examples.get(op.id))),
    },
    findings,
  };
}

/**
 * The real system's answer to a read of a record that does not exist, as the document's 404
 * error format where the document leaves it unclear (no format for 404 of its own, none on the
 * read): the answer as the example refusals start from, the fields a refusal writes marked as
 * a document's example's are (infer/error-example-plan.ts).
 */
function notFoundFormat(artifact: Artifact, op: ArtifactOperation, status: number, body: Json | undefined): ErrorFormat | undefined {
  const declared = ['404', '4XX'].some((key) => Object.values(op.responses[key]?.content ?? {}).some((media) => media.schema !== null));
  if (status !== 404 || !isObject(body) || Object.hasOwn(artifact.errorFormats, '404') || declared) return undefined;
  const example = planExample(body, '404', null, new SchemaLookup(artifact.schemas));
  return { mediaType: 'application/json', schema: null, ...(example === null ? {} : { example }) };
}

/** A resource with its learned records, and the id form its real ids agree on. */
function withLearned(resource: ArtifactResource, learned: { operation: string; records: JsonObject[] } | undefined): ArtifactResource {
  if (learned === undefined || learned.records.length === 0 || resource.records === undefined) return resource;
  const idField = resource.idField;
  const ids = idField === null ? [] : learned.records.flatMap((record) => (typeof record[idField] === 'string' ? [record[idField] as string] : []));
  const form = ids.length === 0 ? null : learnedForm(ids);
  const idForm = form === null ? resource.records.idForm : { ...form, from: 'system' as const };
  const records = { ...resource.records, learned, idForm };
  return { ...resource, records, ...(resource.entity === undefined ? {} : { entity: withIdForm(resource.entity, idForm) }) };
}

/** An operation whose answer of no resource the real system gave, as its first example. */
function withExample(op: ArtifactOperation, example: Json | undefined): ArtifactOperation {
  if (example === undefined) return op;
  const chosen = chooseSuccess(op, 200);
  const media = chooseMedia(chosen.response);
  if (media === null) return op;
  const [mediaType, entry] = media;
  const response = op.responses[String(chosen.status)];
  if (response === undefined) return op;
  const content = { ...response.content, [mediaType]: { ...entry, examples: [{ name: 'learned', value: example }, ...entry.examples] } };
  return { ...op, responses: { ...op.responses, [String(chosen.status)]: { ...response, content } } };
}

/** A read's record, out of the field that wraps it where reads wrap it (ArtifactResource.recordField). */
function unwrapped(resource: ArtifactResource, body: Json): Json {
  const field = resource.recordField;
  return field !== undefined && isObject(body) && isObject(body[field]) ? body[field] : body;
}

function sameRecord(resource: ArtifactResource, a: JsonObject, b: JsonObject): boolean {
  const idField = resource.idField;
  return idField !== null && a[idField] !== undefined && a[idField] === b[idField];
}

function mismatch(verdict: { problem?: string | null; field?: string | null }): string {
  const at = verdict.field ? `${verdict.field}: ` : '';
  return `${at}${verdict.problem ?? 'not valid'}`;
}
