import type { SimResponse } from '@simplane/core';
import type { ArtifactOperation, ArtifactResponse, JsonSchema, MediaTypeEntry } from '../../artifact/artifact.js';
import { copyOwn, isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import { queryAction, queryAnswerXml } from '../protocols/aws-query/aws-query.js';
import { generateProperty, generateValue, uuidFrom, type GenerateContext } from '../values/generate-value.js';
import { isJsonMedia } from '../protocols/rest/request-body.js';
import { objectView, schemaTypes } from '../schemas/schema-view.js';
import { answerType, encode, withContentType } from './encode.js';

export interface ChosenResponse {
  status: number;
  response: ArtifactResponse | null;
  /** The call of an AWS query-protocol operation, whose XML answers wrap the value in `<CallResponse><CallResult>`. */
  queryAction?: string;
}

/**
 * The declared response for an outcome: the preferred status when declared, else the first
 * declared 2xx, else `2XX` or `default` (answered with the preferred status), else the
 * preferred status undeclared.
 */
export function chooseSuccess(operation: ArtifactOperation, preferred: number): ChosenResponse {
  const chosen = declaredSuccess(operation, preferred);
  const action = queryAction(operation);
  return action === null ? chosen : { ...chosen, queryAction: action };
}

function declaredSuccess(operation: ArtifactOperation, preferred: number): ChosenResponse {
  const responses = operation.responses;
  const exact = responses[String(preferred)];
  if (exact) return { status: preferred, response: exact };
  const declared = Object.keys(responses).filter((s) => /^2\d\d$/.test(s)).sort();
  if (declared.length > 0) return { status: Number(declared[0]), response: responses[declared[0] as string] as ArtifactResponse };
  const range = responses['2XX'] ?? responses.default;
  return { status: preferred, response: range ?? null };
}

/** The media type to answer with: JSON first, then the first declared. */
export function chooseMedia(response: ArtifactResponse | null): [string, MediaTypeEntry] | null {
  if (response === null) return null;
  const entries = Object.entries(response.content);
  // A JSON entry with a schema before one with only examples, as inference reads them (schema-lookup.ts).
  return entries.find(([m, e]) => isJsonMedia(m) && e.schema !== undefined && e.schema !== null) ?? entries.find(([m]) => isJsonMedia(m)) ?? entries[0] ?? null;
}

/**
 * Makes a value fit a schema: kept when it validates; otherwise an object keeps its valid
 * properties, has its object-valued ones made to fit the same way, and gets generated ones for
 * what is missing or wrong; anything else is generated.
 */
export function conform(value: Json, schema: JsonSchema | null, ctx: GenerateContext, answering = false): Json {
  // An answer's value comes from state or is made for the answer; neither changes afterwards,
  // so a pass is remembered (a record read again is not validated again).
  if (schema === null || (answering ? ctx.registry.validateUnchanging(schema, value) : ctx.registry.validate(schema, value)).ok) return value;
  if (isObject(value)) {
    const branch = closestBranch(value, schema, ctx);
    if (branch !== null) {
      const fitted = conform(value, branch, ctx);
      if (ctx.registry.validate(schema, fitted).ok) return fitted;
    }
    const view = objectView(ctx.registry, schema);
    const fixed: JsonObject = {};
    for (const [name, sub] of Object.entries(value)) {
      const propSchema = Object.hasOwn(view.properties, name) ? view.properties[name] : undefined;
      if (propSchema === undefined || ctx.registry.validate(propSchema, sub).ok) setOwn(fixed, name, sub);
      // A nested object keeps what it holds that fits (an error envelope's `{"error": {...}}`).
      else if (isObject(sub)) setOwn(fixed, name, conform(sub, propSchema, ctx));
      else {
        // The same value in the type this answer writes it in: Jira's record has the id 10000
        // where its create answers `{"id": "10000"}`.
        const retyped = retype(sub);
        if (retyped !== undefined && ctx.registry.validate(propSchema, retyped).ok) setOwn(fixed, name, retyped);
      }
    }
    for (const name of view.required) {
      if (!Object.hasOwn(fixed, name)) setOwn(fixed, name, generateProperty(name, view.properties[name] ?? true, ctx, fixed, view.properties));
    }
    if (ctx.registry.validate(schema, fixed).ok) return fixed;
    const generated = generateValue(schema, ctx);
    if (isObject(generated)) {
      const merged: JsonObject = copyOwn(generated);
      for (const [name, sub] of Object.entries(fixed)) {
        setOwn(merged, name, sub);
        if (ctx.registry.validate(schema, merged).ok) continue;
        // Back to the generated value, or to no field where none was generated (a field the
        // answer does not allow), so one misfit does not fail every field after it.
        if (Object.hasOwn(generated, name)) setOwn(merged, name, generated[name] as Json);
        else delete merged[name];
      }
      if (ctx.registry.validate(schema, merged).ok) return merged;
    }
    return generated;
  }
  return generateValue(schema, ctx);
}

/**
 * For an object and a choice of schemas (`oneOf`, `anyOf`), the object branch naming most of
 * the object's fields: GitHub's contents are a directory (an array), a file, a symlink or a
 * submodule, and a file written is made to fit the file, not the first branch. Null for a
 * schema without a choice, or when no object branch names any of the fields.
 */
function closestBranch(value: JsonObject, schema: JsonSchema, ctx: GenerateContext): JsonSchema | null {
  const resolved = ctx.registry.resolve(schema);
  if (!isObject(resolved)) return null;
  const branches = Array.isArray(resolved.oneOf) ? resolved.oneOf : Array.isArray(resolved.anyOf) ? resolved.anyOf : null;
  if (branches === null) return null;
  const fields = Object.keys(value);
  let best: JsonSchema | null = null;
  let bestShared = 0;
  for (const branch of branches as JsonSchema[]) {
    const types = schemaTypes(ctx.registry, branch);
    if (types !== null && !types.includes('object')) continue;
    const properties = objectView(ctx.registry, branch).properties;
    const shared = fields.filter((field) => Object.hasOwn(properties, field)).length;
    if (shared > bestShared) {
      best = branch;
      bestShared = shared;
    }
  }
  return best;
}

/** A number as its text, or a text that is a plain decimal number as the number; otherwise undefined. */
function retype(value: Json): Json | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && /^-?(0|[1-9][0-9]{0,14})(\.[0-9]{1,15})?$/.test(value)) return Number(value);
  return undefined;
}

export interface AnswerOptions {
  /** Headers added to the answer. */
  headers?: Record<string, string>;
  /**
   * The value is a stored record that is likely read again (a GET by id): its JSON encoding is
   * remembered with it. Records in state never change, so the bytes stay right.
   */
  reread?: boolean;
  /** Told the body an answer made of `value` when it differs from it (fields the answer's schema had generated). */
  conformed?: (body: Json) => void;
}

/** The answer body for a chosen response: from `value` (conformed), else an example, else generated. */
export function answer(chosen: ChosenResponse, value: Json | undefined, ctx: GenerateContext, options: AnswerOptions = {}): SimResponse {
  const media = chooseMedia(chosen.response);
  const headers = requiredHeaders(chosen.response, ctx);
  if (options.headers !== undefined) for (const [name, text] of Object.entries(options.headers)) setOwn(headers, name, text);
  // A query-protocol call always answers its XML envelope, a call without output fields an empty result.
  if (chosen.queryAction !== undefined && media === null) return queryAnswer(chosen.status, chosen.queryAction, {}, headers, ctx);
  if (chosen.status === 204 || chosen.status === 304 || (media === null && chosen.response !== null && value === undefined)) return { status: chosen.status, headers, body: null };
  if (media === null) {
    if (value === undefined) return { status: chosen.status, headers, body: null };
    return encode(chosen.status, 'application/json', value, headers);
  }
  const [mediaType, entry] = media;
  let body: Json | undefined = value;
  if (body !== undefined) {
    body = conform(body, entry.schema, ctx, true);
    if (body !== value) options.conformed?.(body);
  } else body = exampleFor(entry, ctx) ?? generateValue(entry.schema ?? {}, ctx);
  if (chosen.queryAction !== undefined && /xml/i.test(mediaType)) return queryAnswer(chosen.status, chosen.queryAction, body, headers, ctx);
  if (options.reread === true && body === value && isObject(body) && isJsonMedia(mediaType)) return encodeRemembered(chosen.status, mediaType, body, headers);
  return encode(chosen.status, mediaType, body, headers);
}

/** A query-protocol answer: the value in the call's XML envelope, with a request id drawn from the request's randomness. */
function queryAnswer(status: number, action: string, value: Json, headers: Record<string, string>, ctx: GenerateContext): SimResponse {
  return { status, headers: withContentType(headers, 'text/xml'), body: Buffer.from(queryAnswerXml(action, value, uuidFrom(ctx.random))) };
}

/** JSON bytes of a stored record, kept on the record under a symbol JSON and copies never see. */
const ENCODED = Symbol('simplane.encoded');
const utf8 = new TextEncoder();

/**
 * `encode` for a stored record, from its remembered bytes. The bytes are their own array (a
 * small Buffer would pin a shared 8 KiB slab) and are shared by every answer that reads the
 * record; nothing writes into a response body.
 */
function encodeRemembered(status: number, mediaType: string, record: JsonObject, headers: Record<string, string>): SimResponse {
  let bytes = (record as { [ENCODED]?: Uint8Array })[ENCODED];
  if (bytes === undefined) {
    bytes = utf8.encode(JSON.stringify(record));
    Object.defineProperty(record, ENCODED, { value: bytes, writable: false, enumerable: false, configurable: true });
  }
  return { status, headers: withContentType(headers, answerType(mediaType)), body: bytes };
}

export function exampleFor(entry: MediaTypeEntry, ctx: GenerateContext): Json | undefined {
  return entry.examples.find((e) => entry.schema === null || ctx.registry.validate(entry.schema, e.value).ok)?.value;
}

/** Values for the response's required headers, generated from their schemas; a new object each call. */
function requiredHeaders(response: ArtifactResponse | null, ctx: GenerateContext): Record<string, string> {
  const out: Record<string, string> = {};
  if (response === null) return out;
  for (const [name, header] of Object.entries(response.headers)) {
    if (!header.required || name.toLowerCase() === 'content-type') continue;
    const value = generateValue(header.schema ?? { type: 'string' }, ctx);
    setOwn(out, name.toLowerCase(), typeof value === 'string' ? value : JSON.stringify(value));
  }
  return out;
}
