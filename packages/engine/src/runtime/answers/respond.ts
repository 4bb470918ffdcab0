import { isHeaderName, isHeaderValue, type SimResponse } from '@simplane/core';
import type { AnswerArray, ArtifactOperation, ArtifactResponse, MediaTypeEntry } from '../../artifact/artifact.js';
import { withAnswerArrays } from './answer-arrays.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import { protocolOf } from '../protocols/protocols.js';
import type { Protocol } from '../protocols/protocol.js';
import { generateValue, type GenerateContext } from '../values/generate-value.js';
import { isJsonMedia } from '../protocols/rest/request-body.js';
import { chooseMedia, conform } from './conform.js';
import { answerType, encode, withContentType } from './encode.js';
import { withoutWriteOnly } from './write-only.js';

export interface ChosenResponse {
  status: number;
  response: ArtifactResponse | null;
  /** The operation and its protocol, when the protocol wraps its answers in an envelope of its own (AWS query's `<CallResponse><CallResult>`). */
  envelope?: { operation: ArtifactOperation; protocol: Protocol };
}

/**
 * The declared response for an outcome: the preferred status when declared, else the first
 * declared 2xx, else `2XX` or `default` (answered with the preferred status), else the first
 * response the operation declares (a redirect, an error: what the API answers, and all an
 * operation that declares no success does: handle-request.ts), else the preferred status undeclared.
 */
export function chooseSuccess(operation: ArtifactOperation, preferred: number): ChosenResponse {
  let chosen = declaredSuccess(operation, preferred);
  if (chosen.response === null) {
    const first = firstDeclared(operation.responses);
    if (first !== null) chosen = { status: first.status, response: operation.responses[first.key] as ArtifactResponse };
  }
  const protocol = protocolOf(operation);
  return protocol.encode === undefined ? chosen : { ...chosen, envelope: { operation, protocol } };
}

/**
 * The success response alone (`chooseSuccess` without its fall-back to other statuses), for
 * what the build plans from an operation's success answer: an error's schema is no record's.
 */
export function declaredSuccess(operation: ArtifactOperation, preferred: number): ChosenResponse {
  const responses = operation.responses;
  const exact = responses[String(preferred)];
  if (exact) return { status: preferred, response: exact };
  const declared = Object.keys(responses).filter((s) => /^2\d\d$/.test(s)).sort();
  if (declared.length > 0) return { status: Number(declared[0]), response: responses[declared[0] as string] as ArtifactResponse };
  const range = responses['2XX'] ?? responses.default;
  return { status: preferred, response: range ?? null };
}

/** Per loaded operation: whether it declares responses, none of them a success. */
const noSuccess = new WeakMap<ArtifactOperation, boolean>();

/** Whether an operation declares responses and no success among them (no 2xx, `2XX` or `default`): it answers the first it declares. */
export function declaresNoSuccess(operation: ArtifactOperation): boolean {
  let known = noSuccess.get(operation);
  if (known === undefined) {
    known = declaredSuccess(operation, 200).response === null && firstDeclared(operation.responses) !== null;
    noSuccess.set(operation, known);
  }
  return known;
}

/** The lowest 3xx, 4xx or 5xx an operation declares (`3XX` standing for 300): documents list their responses in that order. */
function firstDeclared(responses: Record<string, ArtifactResponse>): { key: string; status: number } | null {
  let first: { key: string; status: number } | null = null;
  for (const key of Object.keys(responses)) {
    const status = /^[3-5]\d\d$/.test(key) ? Number(key) : /^[3-5]XX$/.test(key) ? Number(key[0]) * 100 : null;
    if (status !== null && (first === null || status < first.status)) first = { key, status };
  }
  return first;
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
  /** For a computed answer: the lists it fills (ArtifactOperation.answerArrays). */
  arrays?: readonly AnswerArray[];
}

/** The answer body for a chosen response: from `value` (conformed), else an example, else generated. */
export function answer(chosen: ChosenResponse, value: Json | undefined, ctx: GenerateContext, options: AnswerOptions = {}): SimResponse {
  const media = chooseMedia(chosen.response, ctx.accept);
  const headers = requiredHeaders(chosen.response, ctx);
  if (options.headers !== undefined) for (const [name, text] of Object.entries(options.headers)) setOwn(headers, name, text);
  // A protocol with an envelope of its own always answers in it, a call without output fields with an empty one.
  const envelope = chosen.envelope;
  if (envelope !== undefined && media === null) {
    const wrapped = envelope.protocol.encode?.(envelope.operation, { status: chosen.status, mediaType: null, value: {}, headers }, ctx);
    if (wrapped) return wrapped;
  }
  if (chosen.status === 204 || chosen.status === 304 || (media === null && chosen.response !== null && value === undefined)) return { status: chosen.status, headers, body: null };
  if (media === null) {
    if (value === undefined) return { status: chosen.status, headers, body: null };
    return encode(chosen.status, 'application/json', value, headers);
  }
  const [mediaType, entry] = media;
  let body: Json | undefined = value;
  if (body !== undefined) {
    body = withAnswerArrays(conform(body, entry.schema, ctx, true), entry.schema, options.arrays, ctx);
    if (body !== value) options.conformed?.(body);
  } else body = withAnswerArrays(exampleFor(entry, ctx) ?? generateValue(entry.schema ?? {}, ctx), entry.schema, options.arrays, ctx);
  body = withoutWriteOnly(ctx.registry, entry.schema, body);
  if (envelope !== undefined) {
    const wrapped = envelope.protocol.encode?.(envelope.operation, { status: chosen.status, mediaType, value: body, headers }, ctx);
    if (wrapped) return wrapped;
  }
  if (options.reread === true && body === value && isObject(body) && isJsonMedia(mediaType)) return encodeRemembered(chosen.status, mediaType, body, headers);
  return encode(chosen.status, mediaType, body, headers);
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

/**
 * Values for the response's required headers, generated from their schemas; a new object each
 * call. A value no header can carry (a pattern that draws a line break) is left out: written,
 * it would fail the whole answer.
 */
function requiredHeaders(response: ArtifactResponse | null, ctx: GenerateContext): Record<string, string> {
  const out: Record<string, string> = {};
  if (response === null) return out;
  for (const [name, header] of Object.entries(response.headers)) {
    if (!header.required || name.toLowerCase() === 'content-type') continue;
    const value = generateValue(header.schema ?? { type: 'string' }, ctx);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (isHeaderName(name) && isHeaderValue(text)) setOwn(out, name.toLowerCase(), text);
  }
  return out;
}
