import { JSON_MAX_DEPTH, jsonNestsDeeperThan, remembered } from '@simplane/core';
import type { ArtifactRequestBody, JsonSchema } from '../../../artifact/artifact.js';
import type { Json } from '../../../json.js';
import { formValue } from './form-fields.js';
import { parseQuery } from './parameters.js';
import type { SchemaRegistry } from '../../schemas/schema-registry.js';
import { schemaTypes } from '../../schemas/schema-view.js';

/** A file a multipart body carries: its part's name, the file name and media type the part's headers give, and its length in bytes. */
export interface UploadedFile {
  part: string;
  filename: string | null;
  mediaType: string | null;
  size: number;
}

export type BodyRead =
  | { ok: true; mediaType: string | null; schema: JsonSchema | null; value: Json | undefined; files?: UploadedFile[] }
  | { ok: false; status: 400 | 415; message: string }
  /** A form field its `encoding` refuses: refused as a body its schema refuses. */
  | { ok: false; status: 'invalid'; message: string; field: string };

/**
 * `Application/JSON; charset=utf-8` → `application/json`. Remembered: every request with a
 * body asks for its Content-Type's, and clients send the same few.
 */
export const essence = remembered((contentType: string): string => (contentType.split(';')[0] ?? '').trim().toLowerCase());

/** AWS's JSON protocol's media types, which its SDKs send where converted documents declare `application/json`. */
const AWS_JSON = /^application\/x-amz-json-1\.[01]$/;

export function isJsonMedia(mediaType: string): boolean {
  const m = essence(mediaType);
  return m === 'application/json' || m.endsWith('+json') || m === '*/*' || AWS_JSON.test(m);
}

/** The declared media type a Content-Type matches: exact, then `type/*`, then `*\/*`; AWS's JSON as JSON. */
function declaredMedia(body: ArtifactRequestBody, contentType: string): string | null {
  const want = essence(contentType);
  const declared = Object.keys(body.content);
  return (
    declared.find((d) => essence(d) === want) ??
    (AWS_JSON.test(want) ? declared.find((d) => essence(d) === 'application/json') : undefined) ??
    declared.find((d) => essence(d).endsWith('/*') && want.startsWith(essence(d).slice(0, -1))) ??
    declared.find((d) => essence(d) === '*/*') ??
    null
  );
}

const utf8 = new TextDecoder('utf-8');

/**
 * Reads the request body against the operation's declared media types: 415 for a media type
 * the operation does not take (or a body without Content-Type), 400 for text that does not
 * parse. JSON and form bodies become values; text stays text; other media types are not read.
 */
export function readBody(registry: SchemaRegistry, declared: ArtifactRequestBody | null, bytes: Uint8Array | null, contentType: string | undefined): BodyRead {
  const empty = bytes === null || bytes.length === 0;
  if (declared === null || Object.keys(declared.content).length === 0) return { ok: true, mediaType: null, schema: null, value: undefined };
  if (empty) {
    return declared.required ? { ok: false, status: 400, message: 'the request body is required' } : { ok: true, mediaType: null, schema: null, value: undefined };
  }
  if (contentType === undefined || contentType === '') return { ok: false, status: 415, message: `the request needs a Content-Type: one of ${Object.keys(declared.content).join(', ')}` };
  const media = declaredMedia(declared, contentType);
  if (media === null) return { ok: false, status: 415, message: `Content-Type ${essence(contentType)} is not supported; use one of ${Object.keys(declared.content).join(', ')}` };
  const schema = declared.content[media]?.schema ?? null;
  const text = utf8.decode(bytes);
  const want = essence(contentType);
  if (isJsonMedia(want) || want === 'text/json') {
    // Every later pass over the value (validation, merges, the stored record's encoding) recurses per level.
    if (jsonNestsDeeperThan(text)) return { ok: false, status: 400, message: `the request body nests deeper than ${JSON_MAX_DEPTH} levels` };
    try {
      return { ok: true, mediaType: media, schema, value: JSON.parse(text) as Json };
    } catch {
      return { ok: false, status: 400, message: 'the request body is not valid JSON' };
    }
  }
  if (want === 'application/x-www-form-urlencoded') {
    const raw = rawFields(text);
    const form = formValue(registry, declared.content[media], false, parseQuery(text).map(([name, field], i) => ({ name, text: field, raw: raw[i] ?? '' })));
    return 'problem' in form ? { ok: false, status: 'invalid', ...form.problem } : { ok: true, mediaType: media, schema, value: form.value };
  }
  if (want === 'multipart/form-data') {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return { ok: false, status: 400, message: 'the multipart body has no boundary' };
    const parts = multipartParts(bytes, boundary);
    const fields = parts.map((part) => ({ name: part.name, text: utf8.decode(part.content), mediaType: part.mediaType }));
    const files = parts.filter((part) => part.filename !== null || part.mediaType !== null).map(({ name, filename, mediaType, content }) => ({ part: name, filename, mediaType, size: content.byteLength }));
    const form = formValue(registry, declared.content[media], true, fields);
    return 'problem' in form ? { ok: false, status: 'invalid', ...form.problem } : { ok: true, mediaType: media, schema, value: form.value, files };
  }
  if (want.startsWith('text/') && !isXmlMedia(want)) {
    // Text is checked against a schema a string can meet; one that describes the text's
    // structure instead (CSV rows as an object) would refuse every body, as nothing parses it.
    const types = schemaTypes(registry, schema);
    return { ok: true, mediaType: media, schema: types === null || types.includes('string') ? schema : null, value: text };
  }
  return { ok: true, mediaType: media, schema: null, value: undefined };
}

/** Each field's value as sent, before decoding, in the order parseQuery reads them. */
function rawFields(text: string): string[] {
  return text.split('&').filter((part) => part !== '').map((part) => (part.indexOf('=') < 0 ? '' : part.slice(part.indexOf('=') + 1)));
}

/** Field names and text of a multipart body; file parts keep their content as text. */
export function multipartFields(bytes: Uint8Array, boundary: string): [string, string][] {
  return multipartParts(bytes, boundary).map((part) => [part.name, utf8.decode(part.content)]);
}

/** One part of a multipart body: its field name, the file name and media type its headers give, and its bytes. */
interface MultipartPart {
  name: string;
  filename: string | null;
  mediaType: string | null;
  content: Uint8Array;
}

/** One character per byte, so that offsets found in the text are offsets in the bytes (a file's length is its bytes', not its text's). */
const bytewise = new TextDecoder('latin1');

/** The parts of a multipart body (RFC 7578) between its boundaries; parts without a name are skipped. */
function multipartParts(bytes: Uint8Array, boundary: string): MultipartPart[] {
  const text = bytewise.decode(bytes);
  const delimiter = `--${boundary}`;
  const out: MultipartPart[] = [];
  for (let at = text.indexOf(delimiter); at >= 0; ) {
    const start = at + delimiter.length;
    const next = text.indexOf(delimiter, start);
    const end = next < 0 ? text.length : next;
    const split = text.indexOf('\r\n\r\n', start);
    if (split >= 0 && split < end) {
      const head = utf8.decode(bytes.subarray(start, split));
      const name = /\bname="([^"]*)"/i.exec(head)?.[1];
      const contentEnd = text.startsWith('\r\n', end - 2) && end - 2 >= split + 4 ? end - 2 : end;
      if (name !== undefined) {
        out.push({
          name,
          filename: /\bfilename="([^"]*)"/i.exec(head)?.[1] ?? null,
          mediaType: /^content-type:\s*([^\r\n]+)/im.exec(head)?.[1]?.trim() ?? null,
          content: bytes.subarray(split + 4, contentEnd),
        });
      }
    }
    at = next;
  }
  return out;
}

/** `text/xml`, `application/xml` and `+xml` types: XML bodies are accepted by media type, not read. */
function isXmlMedia(essence: string): boolean {
  return essence === 'text/xml' || essence === 'application/xml' || essence.endsWith('+xml');
}
