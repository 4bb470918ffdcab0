import type { Artifact, ArtifactOperation, ArtifactResource, ErrorFormat } from '../artifact/artifact.js';
import type { IdForm } from '../artifact/behaviour.js';
import { planExample } from '../infer/error-example-plan.js';
import { SchemaLookup } from '../infer/schema-lookup.js';
import { systemForm } from '../behaviour/plan-ids.js';
import { isObject, type Json, type JsonObject } from '../json.js';
import { chooseMedia } from '../runtime/answers/conform.js';
import { declaredSuccess } from '../runtime/answers/respond.js';
import { SchemaRegistry, type Verdict } from '../runtime/schemas/schema-registry.js';
import { withIdForm } from '../entities/entity.js';
import { listedRecords, probeName, type ProbeRequest } from './probe-plan.js';
import type { Lessons } from './lessons.js';

/** What the real system answered one probe: its status and its body read as JSON (undefined where it was none). */
export interface ProbeAnswer {
  probe: ProbeRequest;
  status: number;
  body: Json | undefined;
}

/**
 * Something a build noticed of the real system, kept as a build warning: an answer the
 * document does not describe (`system_drift`), or a request that got no answer it could use
 * (`probe_failed`).
 */
export interface ProbeFinding {
  code: 'system_drift' | 'probe_failed';
  operation: string;
  message: string;
}

/** How many of a resource's real records are kept: the Simulation seeds at most `sample_records` of them. */
const KEPT_PER_RESOURCE = 20;

/**
 * What the real system's answers teach the artifact (docs/credentials.md): the records that
 * validate against the document, per resource; the answer of each operation of no resource
 * that validates, as its example; the real not-found error. An answer that does not validate
 * is a finding naming the operation and the first mismatch, and is not used.
 */
export function lessonsFrom(artifact: Artifact, answers: readonly ProbeAnswer[]): { lessons: Lessons; findings: ProbeFinding[] } {
  const registry = new SchemaRegistry(artifact);
  const operations = new Map(artifact.operations.map((op) => [op.id, op]));
  const resources = new Map(artifact.resources.map((resource) => [resource.name, resource]));
  const findings: ProbeFinding[] = [];
  const learned = new Map<string, { operation: string; records: JsonObject[] }>();
  const examples = new Map<string, Json>();
  let notFound: Lessons['notFound'] = null;
  for (const { probe, status, body } of answers) {
    const op = operations.get(probe.operation);
    if (op !== undefined && probe.purpose === 'missing') {
      if (notFound === null && status === 404 && body !== undefined) notFound = { operation: op.id, body };
      continue;
    }
    if (op === undefined || status < 200 || status > 299 || body === undefined) continue;
    const schema = chooseMedia(declaredSuccess(op, status).response)?.[1].schema ?? null;
    const verdict = registry.validate(schema, body);
    if (!verdict.ok) {
      findings.push({ code: 'system_drift', operation: op.id, message: `the real system's answer to ${probeName(probe)} does not fit the document: ${mismatch(verdict)}; it is not used` });
      continue;
    }
    const resource = probe.resource === null ? undefined : resources.get(probe.resource);
    if (probe.purpose === 'answer' || resource === undefined) {
      if (!examples.has(op.id)) examples.set(op.id, body);
      continue;
    }
    const records = probe.purpose === 'list' && op.list !== null ? listedRecords(op.list, body) : [unwrapped(resource, body)];
    for (const record of records) {
      const verdict: Verdict = !isObject(record) ? { ok: false, problem: 'not an object', field: null } : resource.itemSchema === null ? { ok: true, problem: null, field: null } : registry.validate(resource.itemSchema, record);
      if (!verdict.ok || !isObject(record)) {
        findings.push({ code: 'system_drift', operation: op.id, message: `a record in the real system's answer to ${probeName(probe)} does not fit ${resource.name}'s schema: ${mismatch(verdict)}; it is not used` });
        continue;
      }
      const kept = learned.get(resource.name) ?? { operation: op.id, records: [] };
      if (kept.records.length < KEPT_PER_RESOURCE && !kept.records.some((other) => sameRecord(resource, other, record))) kept.records.push(structuredClone(record));
      learned.set(resource.name, kept);
    }
  }
  return {
    lessons: {
      records: [...learned].map(([resource, kept]) => ({ resource, ...kept })),
      examples: [...examples].map(([operation, value]) => ({ operation, value })),
      notFound,
    },
    findings,
  };
}

/**
 * The artifact with what the real system taught it: each resource's learned records
 * (RecordPlan.learned) where they still fit its schema, their ids' form where they agree on
 * one, the examples of operations of no resource, the not-found error format where the
 * document leaves it unclear. An incremental build applies its parent's lessons the same way
 * to the artifact its Overlay changed; what no longer fits is a finding and is dropped.
 */
export function applyLessons(artifact: Artifact, lessons: Lessons): { artifact: Artifact; findings: ProbeFinding[] } {
  const registry = new SchemaRegistry(artifact);
  const findings: ProbeFinding[] = [];
  const learned = new Map<string, { operation: string; records: JsonObject[] }>();
  for (const kept of lessons.records) {
    const resource = artifact.resources.find((r) => r.name === kept.resource);
    if (resource === undefined) continue;
    const records = kept.records.filter((record) => resource.itemSchema === null || registry.validate(resource.itemSchema, record).ok);
    if (records.length < kept.records.length) {
      findings.push({ code: 'system_drift', operation: kept.operation, message: `${kept.records.length - records.length} of the records learned for ${resource.name} no longer fit its schema; they are not used` });
    }
    learned.set(resource.name, { operation: kept.operation, records });
  }
  const examples = new Map(lessons.examples.map(({ operation, value }) => [operation, value]));
  const missingOp = lessons.notFound === null ? undefined : artifact.operations.find((op) => op.id === lessons.notFound?.operation);
  const notFound = missingOp === undefined || lessons.notFound === null ? undefined : notFoundFormat(artifact, missingOp, 404, lessons.notFound.body);
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

/** The artifact with what the answers teach it, in one step: lessonsFrom, then applyLessons. */
export function learnFrom(artifact: Artifact, answers: readonly ProbeAnswer[]): { artifact: Artifact; findings: ProbeFinding[]; lessons: Lessons } {
  const { lessons, findings } = lessonsFrom(artifact, answers);
  const applied = applyLessons(artifact, lessons);
  return { artifact: applied.artifact, findings: [...findings, ...applied.findings], lessons };
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
  const current = resource.records.idForm;
  const form = ids.length === 0 || stated(current) ? null : systemForm(ids);
  const idForm = form ?? current;
  const records = { ...resource.records, learned, idForm };
  return { ...resource, records, ...(resource.entity === undefined ? {} : { entity: withIdForm(resource.entity, idForm) }) };
}

/**
 * A form the document states (an enum, an integer, digits, a UUID, a pattern in the id's schema)
 * or an override gave: the real ids fit it, and it stays. A form guessed from examples or names
 * gives way to the real ids'.
 */
function stated(form: IdForm | null): boolean {
  if (form === null || form.from === 'examples' || form.from === 'system') return false;
  return form.from === 'override' || ['values', 'integer', 'digits', 'uuid', 'pattern'].includes(form.kind);
}

/** An operation whose answer of no resource the real system gave, as its first example. */
function withExample(op: ArtifactOperation, example: Json | undefined): ArtifactOperation {
  if (example === undefined) return op;
  const chosen = declaredSuccess(op, 200);
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

/** The first mismatch, as `/path: message`. */
function mismatch(verdict: Verdict): string {
  return verdict.problem ?? 'not valid';
}
