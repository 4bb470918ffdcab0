import type { SimRequest, SimResponse } from '@simplane/core';
import type { ArtifactOperation } from '../../../artifact/artifact.js';
import type { SoapModel, SoapOperation } from '../../../artifact/soap.js';
import type { Refusal } from '../../answers/refusal-reason.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../../json.js';
import type { RuntimeModel } from '../../model.js';
import type { GenerateContext } from '../../values/generate-value.js';
import { faultDetail } from './fault-detail.js';
import { randomFor } from '../../values/random.js';
import { headerText } from '../rest/parameters.js';
import type { Call, Protocol } from '../protocol.js';
import { contentTypeFor, envelope, faultXml } from './envelope-xml.js';
import { writeElement } from './json-to-xml.js';
import { actionOf, envelopeNamespace, readEnvelope, soapVersionOfContentType } from './read-envelope.js';
import { MultiRefs } from './multi-refs.js';
import { findOperation, soapOperationOf, versionsOf, type SoapVersion } from './soap-operations.js';
import { servedDocument } from './served-documents.js';
import { readMessage, writeMessage } from './message-body.js';
import { notUnderstood } from './must-understand.js';


/**
 * SOAP 1.1 and 1.2 over HTTP, for Simulators built from a WSDL: every POST to the Simulation
 * (any path below it) is an envelope whose operation is found by its action, else by the
 * body's element; `GET ?wsdl` and `?xsd=` serve the documents. Answers are envelopes of the
 * request's version; refusals are Faults, a declared `wsdl:fault` where one fits.
 */
export const soapProtocol: Protocol = {
  name: 'soap',
  namesCallInBody: (model, request) => model.artifact.soap !== undefined && request.method.toUpperCase() === 'POST',
  decode: (model, request, context) => {
    const soap = model.artifact.soap;
    if (soap === undefined) return null;
    const method = request.method.toUpperCase();
    if (method === 'GET' || method === 'HEAD') {
      const served = servedDocument(soap, request, context.endpoint);
      if (served !== null) return { kind: 'answered', response: method === 'HEAD' ? { ...served, body: null } : served };
    }
    if (method !== 'POST') {
      return refused(model, null, { status: 405, code: 'method_not_allowed', message: `${method} is not a SOAP call; POST an envelope, or GET ?wsdl for the service description`, headers: { allow: 'POST' } }, '1.1');
    }
    return decodeEnvelope(model, soap, request);
  },
  callBody: () => undefined,
  encode: (operation, answer, ctx) => {
    const soap = soapOperationOf(operation);
    if (soap === null) return null;
    const version = dialectOf(soap, ctx);
    const output = soap.operation.output;
    if (output === null) return { status: 202, headers: {}, body: null };
    // An answer understood by its one wrapped child (`<GetEmployeeResult>`) goes back inside it.
    const value = output.result === undefined ? answer.value : { [output.result]: answer.value };
    // Each binding answers in its own encoding (a 1.2 binding in SOAP 1.2's); older artifacts name none.
    const binding = soap.operation.bindings.find((b) => b.version === version);
    const style = binding === undefined ? output.encoding : binding.encoding;
    const encoding = style === undefined ? {} : { encoding: { style, envelope: envelopeNamespace(version) } };
    const types = soap.types;
    const body = writeMessage(output, value, soap.schemas, { ...encoding, ...(types === undefined ? {} : { types }) });
    return { status: 200, headers: { ...answer.headers, 'content-type': contentTypeFor(version) }, body: Buffer.from(envelope(version, body)) };
  },
  refuseWrite: (model, operation, dialect) => {
    const soap = soapOperationOf(operation);
    const version: SoapVersion = dialect === '1.1' || dialect === '1.2' ? dialect : '1.1';
    const name = soap?.operation.name ?? operation.operationId ?? operation.id;
    const refusal: Refusal = { status: 403, code: 'simulation_read_only', message: `${name} can change state, and this request is read-only` };
    // No declared fault stands for it, and nothing is generated: the context is never drawn on.
    return faultAnswer(model, null, refusal, { registry: model.registry, random: randomFor('read-only'), now: new Date(0) }, version);
  },
  refuse: (model, operation, refusal, ctx) => {
    const soap = operation === null ? null : soapOperationOf(operation);
    const version: SoapVersion = soap === null ? ((ctx.dialect as SoapVersion | undefined) ?? '1.1') : dialectOf(soap, ctx);
    return faultAnswer(model, soap?.operation ?? null, refusal, ctx, version);
  },
};

function dialectOf(soap: { operation: SoapOperation }, ctx: GenerateContext): SoapVersion {
  const dialect = ctx.dialect;
  return dialect === '1.1' || dialect === '1.2' ? dialect : (versionsOf(soap.operation)[0] ?? '1.1');
}

function refused(_model: RuntimeModel, operation: ArtifactOperation | null, refusal: Refusal, version: SoapVersion): Call {
  return { kind: 'refused', refusal, operation, protocol: soapProtocol, dialect: version };
}

/** A POSTed envelope as the call it makes: the version from its content type and envelope, the operation from its action or body element, the body element's content as JSON. */
function decodeEnvelope(model: RuntimeModel, soap: SoapModel, request: SimRequest): Call {
  const contentType = headerText(request.headers, 'content-type');
  const declared = soapVersionOfContentType(contentType);
  if (declared === null) {
    return refused(model, null, { status: 415, code: 'unsupported_media_type', message: `a SOAP call is sent as text/xml (SOAP 1.1) or application/soap+xml (SOAP 1.2), not ${contentType ?? 'without a content type'}` }, '1.1');
  }
  if (request.body === null || request.body.byteLength === 0) return refused(model, null, { status: 400, code: 'invalid_body', message: 'the request has no SOAP envelope' }, declared);
  const read = readEnvelope(request.body);
  if ('problem' in read) {
    const code = read.problem === 'version_mismatch' ? 'version_mismatch' : 'invalid_body';
    return refused(model, null, { status: 400, code, message: read.message }, declared);
  }
  if (read.version !== declared) {
    return refused(model, null, { status: 400, code: 'version_mismatch', message: `the envelope is SOAP ${read.version} but the content type says SOAP ${declared}` }, declared);
  }
  const found = findOperation(model, soap, read.version, actionOf(request.headers, read.version), read.payload);
  if ('refusal' in found) return refused(model, null, found.refusal, read.version);
  const { operation, soapOperation } = found;
  const label = `SOAP ${soapOperation.name}`;
  const header = notUnderstood(read.version, read.headers, soapOperation);
  if (header !== null) {
    return { kind: 'refused', refusal: { status: 500, code: 'must_understand', message: `the header block ${header.name} must be understood, and ${soapOperation.name} does not take it` }, operation, protocol: soapProtocol, dialect: read.version };
  }
  if (read.payload === null) return { kind: 'refused', refusal: { status: 400, code: 'invalid_body', message: 'the SOAP Body is empty' }, operation, protocol: soapProtocol, dialect: read.version };
  // An encoded body's values may be elsewhere in the Body, referred to by `href` (multi-refs.ts).
  const refs = soapOperation.input.encoding === undefined ? {} : { refs: new MultiRefs(read.payload.parent) };
  const types = soap.types === undefined ? {} : { types: soap.types };
  const input = readMessage(read, soapOperation.input, model.artifact.schemas, { ...refs, ...types });
  if ('problem' in input) {
    return { kind: 'refused', refusal: { status: 400, code: 'validation_failed', message: `the request is not valid: ${input.path === '' ? '' : `${input.path}: `}${input.problem}` }, operation, protocol: soapProtocol, dialect: read.version };
  }
  const body = asBehaviourInput(soapOperation, input.value);
  const query = listParameters(soapOperation, body);
  return { kind: 'call', operation, params: {}, request, body, ...(query === undefined ? {} : { query }), dialect: read.version, label };
}

/**
 * The values of a list's input that its ListShape names (SoapMessage.parameters), where the
 * artifact says they are, as the query parameters a list reads its filters and limits from. An
 * element left out, nil or repeated no times sets nothing.
 */
function listParameters(operation: SoapOperation, body: Json): Record<string, Json> | undefined {
  const located = operation.input.parameters;
  if (located === undefined) return undefined;
  const query: Record<string, Json> = {};
  for (const [name, path] of Object.entries(located)) {
    let value: Json | undefined = body;
    for (const step of path) value = isObject(value) && Object.hasOwn(value, step) ? value[step] : undefined;
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    setOwn(query, name, value);
  }
  return query;
}

/**
 * The input as behaviours read it: a simple value as the one field named after its element, a
 * record held in one element beside simple ones as its fields beside them (SoapMessage).
 */
function asBehaviourInput(operation: SoapOperation, value: Json): Json {
  const { field, record } = operation.input;
  if (field !== undefined) return { [field]: value };
  if (record === undefined || !isObject(value)) return value;
  const held = value[record];
  const body: JsonObject = {};
  for (const [name, inner] of Object.entries(value)) if (name !== record) setOwn(body, name, inner as Json);
  if (isObject(held)) for (const [name, inner] of Object.entries(held)) setOwn(body, name, inner as Json);
  return body;
}

/**
 * A refusal as a Fault: the sender's (Client / Sender) for a 4xx, the receiver's (Server /
 * Receiver) otherwise. A declared `wsdl:fault` whose name says what the refusal is (an unknown
 * id answers the declared not-found fault) carries its detail element, generated from its
 * schema. SOAP 1.1 answers every Fault with 500; 1.2 answers a sender's with 400.
 */
function faultAnswer(model: RuntimeModel, operation: SoapOperation | null, refusal: Refusal, ctx: GenerateContext, version: SoapVersion): SimResponse {
  const sender = refusal.status < 500;
  const meaning = meaningOf(refusal);
  const declared = operation?.faults.find((fault) => fault.meaning !== null && fault.meaning === meaning && fault.element !== null && fault.schema !== null);
  const detail = declared?.element && declared.schema ? writeElement(declared.element, faultDetail(declared.schema, ctx), declared.schema, model.artifact.schemas) : undefined;
  const code = refusal.code === 'version_mismatch' ? 'version_mismatch' : refusal.code === 'must_understand' ? 'must_understand' : sender ? 'client' : 'server';
  const body = envelope(version, faultXml(version, { code, reason: refusal.message, ...(detail === undefined ? {} : { detail }) }));
  const status = version === '1.2' && sender && code === 'client' ? 400 : 500;
  const headers: Record<string, string> = { 'content-type': contentTypeFor(version) };
  if (refusal.status === 405 && refusal.headers?.allow !== undefined) headers.allow = refusal.headers.allow;
  // 405 and 415 are HTTP's own answers; a read-only refusal keeps the platform's 403 (SPEC).
  const kept = refusal.status === 405 || refusal.status === 415 || refusal.code === 'simulation_read_only';
  return { status: kept ? refusal.status : status, headers, body: Buffer.from(body) };
}

function meaningOf(refusal: Refusal): 'not_found' | 'invalid' | 'conflict' | 'unauthorized' | null {
  if (refusal.status === 404) return 'not_found';
  if (refusal.status === 409) return 'conflict';
  if (refusal.status === 401 || refusal.status === 403) return 'unauthorized';
  if (refusal.status === 400 || refusal.status === 422) return 'invalid';
  return null;
}
