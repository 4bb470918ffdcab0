import { JSON_MAX_DEPTH, jsonNestsDeeperThan, type SimRequest } from '@simplane/core';
import type { ArtifactOperation } from '../../../artifact/artifact.js';
import { isObject, type Json, type JsonObject } from '../../../json.js';
import type { Refusal } from '../../answers/refusal-reason.js';
import type { SchemaRegistry } from '../../schemas/schema-registry.js';
import { schemaTypes } from '../../schemas/schema-view.js';
import type { Call } from '../protocol.js';
import { parseQuery } from './parameters.js';
import { essence, isJsonMedia, multipartFields } from './request-body.js';

const utf8 = new TextDecoder('utf-8');

/**
 * A POST to the path of a GET method that the artifact says takes one (ArtifactOperation.rpcPost:
 * an RPC-style API's clients POST every method) as that GET: the body's fields join the query
 * string as its parameters, after the request's own, so they are read and coerced as query
 * values are and a single value sent both ways is the body's. It runs as the GET does, and so
 * answers the same and writes nothing. A body in a media type the artifact does not list is
 * refused 415, one that does not parse 400, in the API's own error format.
 */
export function postedRead(registry: SchemaRegistry, operation: ArtifactOperation, accepts: { media: string[] }, params: Record<string, string>, request: SimRequest): Call {
  const fields = bodyFields(registry, operation, accepts.media, request);
  if ('status' in fields) return { kind: 'refused', refusal: fields, operation };
  const body = fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  const query = request.query === '' ? body : body === '' ? request.query : `${request.query}&${body}`;
  return { kind: 'call', operation, params, request: { ...request, method: 'GET', query, body: null } };
}

/** The body's fields as query pairs, or why they cannot be read. */
function bodyFields(registry: SchemaRegistry, operation: ArtifactOperation, media: string[], request: SimRequest): [string, string][] | Refusal {
  if (request.body === null || request.body.length === 0) return [];
  const header = request.headers['content-type'];
  const contentType = (Array.isArray(header) ? header[0] : header) ?? '';
  const want = essence(contentType);
  if (!media.some((m) => essence(m) === want)) {
    const message = want === '' ? `the request needs a Content-Type: one of ${media.join(', ')}` : `Content-Type ${want} is not supported; use one of ${media.join(', ')}`;
    return { status: 415, code: 'unsupported_media_type', message, field: null };
  }
  const text = utf8.decode(request.body);
  if (want === 'application/x-www-form-urlencoded') return parseQuery(text);
  if (want === 'multipart/form-data') {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (boundary === undefined) return { status: 400, code: 'invalid_body', message: 'the multipart body has no boundary', field: null };
    return multipartFields(request.body, boundary);
  }
  if (!isJsonMedia(want)) return [];
  if (jsonNestsDeeperThan(text)) return { status: 400, code: 'invalid_body', message: `the request body nests deeper than ${JSON_MAX_DEPTH} levels`, field: null };
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch {
    return { status: 400, code: 'invalid_body', message: 'the request body is not valid JSON', field: null };
  }
  if (!isObject(value)) return { status: 400, code: 'invalid_body', message: "the request body is not a JSON object of the method's parameters", field: null };
  return jsonPairs(registry, operation, value);
}

/**
 * A JSON object's fields as the query would carry them: a scalar as its text; an array as the
 * name repeated, or as JSON text for a parameter that takes text (Slack's `blocks`); an object as
 * its parameter's style writes one (deepObject's `name[key]`, exploded `key=value`, else
 * `name=key,value`), or as JSON text for a parameter that takes text (Telegram's
 * `reply_markup`). Null is left out, as an absent value.
 */
function jsonPairs(registry: SchemaRegistry, operation: ArtifactOperation, body: JsonObject): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    if (!Array.isArray(value) && !isObject(value)) {
      out.push([name, asText(value)]);
      continue;
    }
    const param = operation.parameters.find((p) => p.in === 'query' && p.name === name);
    const types = param === undefined ? null : (schemaTypes(registry, param.schema) ?? []);
    if (Array.isArray(value)) {
      if (types !== null && !types.includes('array')) out.push([name, JSON.stringify(value)]);
      else for (const item of value) if (item !== null) out.push([name, asText(item)]);
      continue;
    }
    const entries = Object.entries(value).filter(([, inner]) => inner !== null && inner !== undefined) as [string, Json][];
    if (param === undefined || types === null || !types.includes('object')) out.push([name, JSON.stringify(value)]);
    else if (param.style === 'deepObject') for (const [key, inner] of entries) out.push([`${name}[${key}]`, asText(inner)]);
    else if (param.explode) for (const [key, inner] of entries) out.push([key, asText(inner)]);
    else out.push([name, entries.flatMap(([key, inner]) => [key, asText(inner)]).join(',')]);
  }
  return out;
}

function asText(value: Json): string {
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}
