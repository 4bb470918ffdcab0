import type { SimRequest } from '@simplane/core';
import type { ArtifactOperation, ArtifactParameter, JsonSchema } from '../../artifact/artifact.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import { listsPatchOperations, sentPatch } from '../behaviours/json-patch.js';
import type { RuntimeModel } from '../model.js';
import { headerText, parseCookies, parseQuery, readParameter, type RawInput } from '../protocols/rest/parameters.js';
import type { Refusal } from '../answers/refusal-reason.js';
import { readBody, type UploadedFile } from '../protocols/rest/request-body.js';
import { missingCredentials } from './security.js';
import { protocolOf } from '../protocols/protocols.js';

export interface ValidInput {
  query: Record<string, Json>;
  body: Json | undefined;
  bodyMediaType: string | null;
  /** The files a multipart body carries, by part (request-body.ts). */
  files?: UploadedFile[];
}

const WHERE: Record<string, string> = { path: 'path parameter', query: 'query parameter', header: 'header', cookie: 'cookie' };

/**
 * Checks a routed request in the order a real API usually does: credentials (401), then
 * parameters (400), then the body's media type (415), syntax (400) and schema (422 when the API
 * documents a 422 for it, else 400). Answers the refusal, or the coerced input.
 */
export function validateRequest(model: RuntimeModel, operation: ArtifactOperation, request: SimRequest, pathParams: Record<string, string>, decoded?: Json): ValidInput | Refusal {
  const raw: RawInput = { path: pathParams, query: parseQuery(request.query), headers: request.headers, cookies: parseCookies(request.headers.cookie) };
  const missing = missingCredentials(operation, model.artifact.securitySchemes, raw);
  if (missing !== null) return { status: 401, code: 'unauthorized', message: missing, headers: { 'www-authenticate': challenge(model, operation) } };
  const query: Record<string, Json> = {};
  const protocol = protocolOf(operation);
  for (const param of operation.parameters) {
    const value = protocol.readParameter === undefined ? readParameter(model.registry, param, raw) : protocol.readParameter(model.registry, param, raw);
    if (value === undefined) {
      if (param.required && !credentialSentElsewhere(operation, param, raw)) return { status: 400, code: 'missing_parameter', message: `the ${WHERE[param.in]} ${param.name} is required`, field: param.name };
      continue;
    }
    const verdict = model.registry.validate(param.schema, value, 'request');
    if (!verdict.ok) {
      const detail = verdict.field ? ` (${verdict.problem})` : `: ${verdict.problem?.replace(/^the value /, '') ?? 'is not valid'}`;
      return { status: 400, code: 'invalid_parameter', message: `the ${WHERE[param.in]} ${param.name} is not valid${detail}`, field: param.name };
    }
    if (param.in === 'query') setOwn(query, param.name, value);
  }
  // A body sent to an operation that takes none is ignored, unless the document says the API refuses it with a 415.
  if (decoded === undefined && Object.keys(operation.requestBody?.content ?? {}).length === 0 && request.body !== null && request.body.byteLength > 0 && Object.hasOwn(operation.responses, '415')) {
    return { status: 415, code: 'unsupported_media_type', message: `${operation.method} ${operation.path} takes no request body`, field: null };
  }
  // A body its protocol decoded (SOAP's envelope) is checked against the schema the protocol read it by.
  const body = decoded !== undefined ? decodedBody(operation, decoded) : readBody(model.registry, operation.requestBody, request.body, headerText(request.headers, 'content-type'));
  if (!body.ok && body.status === 'invalid') return { status: declares422(model, operation) ? 422 : 400, code: 'validation_failed', message: `the request body is not valid: ${body.message}`, field: body.field };
  if (!body.ok) return { status: body.status, code: body.status === 415 ? 'unsupported_media_type' : 'invalid_body', message: body.message, field: null };
  if (body.value !== undefined && body.schema !== null) {
    const sent = sentPatch(body.mediaType);
    const mergePatch = operation.write?.patchNulls === true && sent === 'merge-patch';
    const verdict = model.registry.validate(body.schema, mergePatch ? withoutNulls(body.value) : body.value, 'request');
    // A JSON Patch is a list of operations whatever the document calls its body (Kubernetes declares an object).
    const jsonPatch = (operation.write?.patch === 'json-patch' || operation.write?.patch === 'content-type') && sent === 'json-patch';
    if (!verdict.ok && !(jsonPatch && listsPatchOperations(body.value))) {
      const status = declares422(model, operation) ? 422 : 400;
      return { status, code: 'validation_failed', message: `the request body is not valid: ${verdict.problem ?? 'invalid'}`, field: verdict.field };
    }
  }
  return { query, body: body.value, bodyMediaType: body.mediaType, ...('files' in body && body.files !== undefined ? { files: body.files } : {}) };
}

/** A merge patch without the nulls that remove what they name (RFC 7396): what is left must fit the schema. */
function withoutNulls(value: Json): Json {
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [name, member] of Object.entries(value)) if (member !== null) setOwn(out, name, withoutNulls(member));
  return out;
}

function decodedBody(operation: ArtifactOperation, value: Json): { ok: true; value: Json; schema: JsonSchema | null; mediaType: string | null } {
  const [mediaType, entry] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [null, null];
  return { ok: true, value, schema: entry?.schema ?? null, mediaType };
}

/**
 * Whether a required parameter that carries a credential (ArtifactOperation.credentialParameters) is answered by the request's
 * `Authorization` header instead: Slack documents a required `token` header on every method,
 * and its clients send `Authorization: Bearer xoxb-...`, which Slack accepts.
 */
function credentialSentElsewhere(operation: ArtifactOperation, param: ArtifactParameter, raw: RawInput): boolean {
  if (operation.credentialParameters?.includes(param.name) !== true) return false;
  const authorization = headerText(raw.headers, 'authorization');
  return authorization !== undefined && authorization.trim() !== '';
}

function declares422(model: RuntimeModel, operation: ArtifactOperation): boolean {
  return Object.hasOwn(operation.responses, '422') || Object.hasOwn(model.artifact.errorFormats, '422');
}

function challenge(model: RuntimeModel, operation: ArtifactOperation): string {
  const first = operation.security[0]?.[0];
  const scheme = first === undefined ? undefined : model.artifact.securitySchemes[first];
  if (scheme?.type === 'http') return scheme.challenge;
  if (scheme?.type === 'basic') return 'Basic realm="simulation"';
  if (scheme?.type === 'apiKey') return `ApiKey ${scheme.in}="${scheme.name}"`;
  return 'Bearer realm="simulation"';
}
