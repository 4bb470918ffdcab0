import type { SimResponse } from '@simplane/core';
import type { ArtifactOperation, ErrorFormat, JsonSchema } from '../../../artifact/artifact.js';
import { errorRoleOf, refusalKey, type ErrorRole } from '../../../artifact/error-role.js';
import { mostCommonFormat } from '../../../artifact/most-common-format.js';
import { stableStringify } from '../../../artifact/serialise.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../../json.js';
import type { GenerateContext } from '../../values/generate-value.js';
import type { RuntimeModel } from '../../model.js';
import type { Refusal } from '../../answers/refusal-reason.js';
import { chooseMedia, conform } from '../../answers/conform.js';
import { encode } from '../../answers/encode.js';
import { isJsonMedia } from './request-body.js';
import { itemsOf, objectView, schemaTypes } from '../../schemas/schema-view.js';
import { exampleBody } from './refusal-example.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
};

/**
 * A refusal in the simulated API's own error format: the operation's declared response for the
 * status (or its `4XX`, or its `default`), else the document's usual error format for that
 * status (or its range, or its default), else the format its other errors of that class share,
 * else `{"error": <code>, "message": <sentence>}` as JSON. The fields the build marked in the
 * error schema (ErrorRole: the message, the status, the kind...) are filled from the refusal;
 * the rest come from the generator, and the body validates against the schema.
 * Where the document gives an example of the error (ErrorFormat.example), the answer is that
 * example with the fields the build marked written by the refusal (refusal-example.ts).
 */
export function restRefusal(model: RuntimeModel, operation: ArtifactOperation | null, refusal: Refusal, ctx: GenerateContext): SimResponse {
  const format = errorFormat(model, operation, refusal.status);
  const headers = refusal.headers ?? {};
  if (format === null) return encode(refusal.status, 'application/json', { error: refusal.code, message: refusal.message }, headers);
  const example = format.example;
  const body = example !== undefined && (example.status === null || example.status === refusal.status) ? exampleBody(example, format.schema, refusal, ctx) : errorBody(format.mediaType, format.schema, refusal, ctx);
  return encode(refusal.status, format.mediaType, body, headers);
}

function errorFormat(model: RuntimeModel, operation: ArtifactOperation | null, status: number): ErrorFormat | null {
  const formats = model.artifact.errorFormats;
  const keys = [String(status), `${String(status)[0]}XX`];
  for (const key of keys) {
    const declared = operation?.responses[key];
    const media = chooseMedia(declared ?? null);
    // A declared text answer without a schema (`404: text/plain`) is answered as text too.
    if (media && (media[1].schema !== null || isJsonMedia(media[0]) || isTextMedia(media[0]))) return withExample({ mediaType: media[0], schema: media[1].schema }, formats[key], operation);
  }
  // A `default` declared with another media type is an error format when its schema is an
  // object (Azure's `application/octet-stream` error envelopes); a file or a text is more likely
  // the success answer that `default` stands for.
  const fallback = chooseMedia(operation?.responses.default ?? null);
  if (fallback && fallback[1].schema !== null && (isJsonMedia(fallback[0]) || schemaTypes(model.registry, fallback[1].schema)?.includes('object') === true)) {
    return withExample({ mediaType: fallback[0], schema: fallback[1].schema }, formats.default, operation);
  }
  return formats[String(status)] ?? formats[`${String(status)[0]}XX`] ?? formats.default ?? classFormat(formats, status);
}

/**
 * An operation's own error answer with the document's example of it: the operation's own
 * example where it gives one that differs, else the document's where the operation answers in
 * the same format (media type and schema) as the document's usual one for the status.
 */
function withExample(declared: ErrorFormat, usual: ErrorFormat | undefined, operation: ArtifactOperation | null): ErrorFormat {
  if (usual === undefined || (usual.example === undefined && usual.operationExamples === undefined) || !isJsonMedia(declared.mediaType)) return declared;
  const own = operation !== null && usual.operationExamples !== undefined && Object.hasOwn(usual.operationExamples, operation.id) ? usual.operationExamples[operation.id] : undefined;
  if (own !== undefined) return { ...declared, example: own };
  if (usual.example !== undefined && usual.mediaType === declared.mediaType && canonical(usual.schema) === canonical(declared.schema)) return { ...declared, example: usual.example };
  return declared;
}

/** Schemas by their canonical text, remembered: an operation's declared error schema is compared with the usual one on each refusal. */
const canonicalTexts = new WeakMap<object, string>();

function canonical(schema: JsonSchema | null): string {
  if (typeof schema !== 'object' || schema === null) return stableStringify(schema);
  let text = canonicalTexts.get(schema);
  if (text === undefined) {
    text = stableStringify(schema);
    canonicalTexts.set(schema, text);
  }
  return text;
}

/** Per document: the error format most of its statuses of one class share, by class digit. */
const classFormats = new WeakMap<Record<string, ErrorFormat>, Map<string, ErrorFormat | null>>();

/**
 * For a status the document declares nowhere (a 405 or 415 of a document that declares only its
 * 400s and 404s): the format most of its other statuses of the same class use, so every refusal
 * of an API with one error envelope comes in that envelope. Ties go to the lowest status.
 */
function classFormat(formats: Record<string, ErrorFormat>, status: number): ErrorFormat | null {
  const digit = String(status)[0]!;
  let byClass = classFormats.get(formats);
  if (byClass === undefined) {
    byClass = new Map();
    classFormats.set(formats, byClass);
  }
  const known = byClass.get(digit);
  if (known !== undefined) return known;
  // Another status's format, without the examples of that status.
  const format = mostCommonFormat(
    Object.keys(formats)
      .sort()
      .filter((key) => key[0] === digit)
      .map((key) => ({ mediaType: formats[key]!.mediaType, schema: formats[key]!.schema })),
  );
  byClass.set(digit, format);
  return format;
}

const isTextMedia = (mediaType: string): boolean => /^text\//i.test(mediaType.trim());

function errorBody(mediaType: string, schema: JsonSchema | null, refusal: Refusal, ctx: GenerateContext): Json {
  if (schema === null) return isTextMedia(mediaType) ? refusal.message : { error: refusal.code, message: refusal.message };
  const types = schemaTypes(ctx.registry, schema);
  if (types !== null && !types.includes('object')) return conform(refusal.message, schema, ctx);
  return conform(envelope(schema, refusal, ctx, 0), schema, ctx);
}

/**
 * The fields of an error object the build marked with a role (ErrorRole), filled; an envelope
 * nested in one (`{"Error": {"Message": ...}}`) is filled the same way. An envelope that names
 * no field of its own (AWS documents declare their errors as bare objects) still says why,
 * where it allows the extra field.
 */
function envelope(schema: JsonSchema, refusal: Refusal, ctx: GenerateContext, depth: number): JsonObject {
  const view = objectView(ctx.registry, schema);
  const out: JsonObject = {};
  for (const [name, sub] of Object.entries(view.properties)) {
    const role = roleOf(sub);
    if (role === undefined) continue;
    let value = filled(role, sub, refusal, ctx);
    // A nested envelope missing a required field of its own gets a generated one, not dropped.
    if (value === undefined && depth < 2 && role.nested === true && schemaTypes(ctx.registry, sub)?.includes('object') === true) value = conform(envelope(sub, refusal, ctx, depth + 1), sub, ctx);
    if (value !== undefined && ctx.registry.validate(sub, value).ok) setOwn(out, name, value);
  }
  if (Object.keys(view.properties).length === 0) {
    const said: JsonObject = { ...out, message: refusal.message };
    if (ctx.registry.validate(schema, said).ok) return said;
  }
  return out;
}

/**
 * A field's role. A field two `allOf` parts declare is read as their `allOf` (schema-view.ts),
 * which the artifact does not hold: its role is its parts'.
 */
function roleOf(schema: JsonSchema): ErrorRole | undefined {
  const own = errorRoleOf(schema);
  if (own !== undefined || !isObject(schema) || !Array.isArray(schema.allOf)) return own;
  for (const part of schema.allOf) {
    const role = roleOf(part as JsonSchema);
    if (role !== undefined) return role;
  }
  return undefined;
}

/** What the refusal writes into a field of this role, where the field's schema takes it. */
function filled(role: ErrorRole, schema: JsonSchema, refusal: Refusal, ctx: GenerateContext): Json | undefined {
  const types = schemaTypes(ctx.registry, schema) ?? ['string'];
  switch (role.fill) {
    case 'message':
      return types.includes('string') ? refusal.message : undefined;
    case 'title':
      return types.includes('string') ? (TITLES[refusal.status] ?? refusal.code) : undefined;
    case 'code':
      return types.includes('integer') || types.includes('number') ? refusal.status : refusal.code;
    case 'kind':
      return types.includes('string') ? kindOf(role, schema, refusal, ctx) : undefined;
    case 'field':
      return refusal.field ? refusal.field : undefined;
    case 'entries':
      return types.includes('array') && refusal.field ? [entry(schema, refusal, ctx)] : undefined;
    default:
      return undefined;
  }
}

/** The refusal's kind: a problem type URI, the value of an enum the build chose for it (none: the generator picks), else its code. */
function kindOf(role: ErrorRole, schema: JsonSchema, refusal: Refusal, ctx: GenerateContext): Json | undefined {
  const resolved = ctx.registry.resolve(schema);
  if (isObject(resolved) && resolved.format === 'uri') return `https://example.com/problems/${refusal.code.replace(/_/g, '-')}`;
  if (isObject(resolved) && Array.isArray(resolved.enum)) {
    const key = refusalKey(refusal.status, refusal.code);
    return isObject(role.kinds) && Object.hasOwn(role.kinds, key) ? role.kinds[key] : undefined;
  }
  return refusal.code;
}

/** The one entry of an `errors`-like array: the field the refusal is about, as its item's roles say. */
function entry(schema: JsonSchema, refusal: Refusal, ctx: GenerateContext): Json {
  const item = itemsOf(ctx.registry, schema);
  const out: JsonObject = {};
  for (const [key, sub] of Object.entries(objectView(ctx.registry, item).properties)) {
    const role = roleOf(sub);
    const value = role === undefined ? undefined : filled(role, sub, refusal, ctx);
    if (value !== undefined) setOwn(out, key, value);
  }
  return conform(out, item, ctx);
}
