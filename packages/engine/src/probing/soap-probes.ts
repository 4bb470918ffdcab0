import type { RealSystemRequest } from '@simplane/core';
import type { Artifact, ArtifactOperation, ArtifactResource, JsonSchema } from '../artifact/artifact.js';
import type { SoapOperation } from '../artifact/soap.js';
import { isObject, type Json, type JsonObject } from '../json.js';
import { soapAnswerOf, soapCallOf } from '../runtime/protocols/soap/soap-call.js';
import type { ProbeRequest } from './probe-plan.js';

/** How many ids of each list are read back one by one. */
const READS_PER_RESOURCE = 3;

/**
 * What a credential-backed build asks a SOAP service, for a Simulator built from a WSDL: only
 * operations the artifact proves read-only, in the same waves as over REST. First every list
 * and every read of no record whose input needs nothing (an empty request element), then reads
 * of the ids the lists answered, by the field the read names its record with
 * (ArtifactResource.keyField). Each is POSTed to the Credential's base URL (the service
 * address) as an envelope of the operation's first binding, with its action.
 */
export function soapFirstProbes(artifact: Artifact): ProbeRequest[] {
  const soap = artifact.soap;
  if (soap === undefined) return [];
  const resources = new Map(artifact.resources.map((resource) => [resource.name, resource]));
  const lists: ProbeRequest[] = [];
  const others: ProbeRequest[] = [];
  for (const op of artifact.operations) {
    const described = soap.operations[op.id];
    if (!safeSoap(op) || described === undefined || described.output === null || !asksNothing(described.input.schema, artifact)) continue;
    const resource = op.resource === null ? undefined : resources.get(op.resource);
    if (op.behaviour === 'list' && resource?.kind === 'collection' && !lists.some((probe) => probe.resource === resource.name)) {
      lists.push({ operation: op.id, method: 'POST', path: '', purpose: 'list', resource: resource.name, input: {} });
    } else if (op.behaviour === 'static' && op.resource === null) {
      others.push({ operation: op.id, method: 'POST', path: '', purpose: 'answer', resource: null, input: {} });
    }
  }
  return [...lists, ...others];
}

/** Reads of the first few ids a SOAP list answered, by the resource's read and its key field. */
export function soapReadProbes(artifact: Artifact, resource: ArtifactResource, records: readonly Json[]): ProbeRequest[] {
  const keyField = resource.keyField;
  const idField = resource.idField;
  if (artifact.soap === undefined || keyField === undefined || idField === null) return [];
  const read = artifact.operations.find((op) => op.resource === resource.name && op.behaviour === 'read' && safeSoap(op));
  const described = read === undefined ? undefined : artifact.soap.operations[read.id];
  if (read === undefined || described === undefined || !onlyKey(described, keyField, artifact)) return [];
  const ids = records.flatMap((record) => {
    const id = isObject(record) ? record[idField] : undefined;
    return typeof id === 'string' || typeof id === 'number' ? [String(id)] : [];
  });
  return [...new Set(ids)].slice(0, READS_PER_RESOURCE).map((id) => ({ operation: read.id, method: 'POST' as const, path: '', purpose: 'read' as const, resource: resource.name, input: { [keyField]: id } }));
}

/** The envelope a SOAP probe sends: its input written as the operation's request element, with the binding's action. */
export function soapWireRequest(artifact: Artifact, probe: ProbeRequest, headers: Record<string, string>): RealSystemRequest | null {
  if (probe.input === undefined) return null;
  const call = soapCallOf(artifact, probe.operation, probe.input, headers);
  return call === null ? null : { method: 'POST', path: '', headers: call.headers, body: call.body };
}

/** A SOAP answer's content as the JSON the operation's behaviours answer (runtime/protocols/soap/soap-call.ts). */
export const soapAnswerBody = soapAnswerOf;

function safeSoap(op: ArtifactOperation): boolean {
  return op.readOnly && op.protocol === 'soap';
}

/** An input element that requires nothing: sent empty. */
function asksNothing(schema: JsonSchema, artifact: Artifact): boolean {
  const resolved = resolveRef(schema, artifact);
  return isObject(resolved) && (!Array.isArray(resolved['required']) || resolved['required'].length === 0);
}

/** An input that needs its key field and nothing else. */
function onlyKey(described: SoapOperation, keyField: string, artifact: Artifact): boolean {
  const { input } = described;
  if (input.field !== undefined) return input.field === keyField;
  if (input.record !== undefined) return false;
  const resolved = resolveRef(input.schema, artifact);
  if (!isObject(resolved) || !isObject(resolved['properties']) || !Object.hasOwn(resolved['properties'], keyField)) return false;
  const required = Array.isArray(resolved['required']) ? resolved['required'] : [];
  return required.every((name) => name === keyField);
}

/** A schema, or the artifact schema its one `$ref` names. */
function resolveRef(schema: JsonSchema, artifact: Artifact): JsonObject | null {
  if (!isObject(schema)) return null;
  const ref = schema['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#/schemas/')) return schema;
  const target = artifact.schemas[ref.slice('#/schemas/'.length)];
  return isObject(target) ? target : null;
}
