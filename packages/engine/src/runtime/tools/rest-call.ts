/**
 * A REST tool's call: its arguments put where the build decided (RestToolCall), so the request
 * is the one a client generated from the document would send; and a JSON answer read back.
 */
import type { SimRequest, SimResponse } from '@simplane/core';
import type { ArtifactOperation, RestToolCall } from '../../artifact/artifact.js';
import { isObject, type Json, type JsonObject } from '../../json.js';
import { isJsonMedia } from '../protocols/rest/request-body.js';

type QueryParameter = RestToolCall['query'][number];

/** The request the arguments make. */
export function restCallOf(op: ArtifactOperation, call: RestToolCall, args: JsonObject): SimRequest {
  const pathArgs = objectOf(args['path']);
  const taken = new Set(call.path);
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent((taken.has(name) ? textOf(pathArgs[name]) : undefined) ?? ''));
  const query = new URLSearchParams();
  const declared = new Map(call.query.map((p) => [p.name, p]));
  for (const [name, value] of Object.entries(objectOf(args['query']))) appendQuery(query, name, value, declared.get(name));
  const headers: Record<string, string> = {};
  const sent = new Set(call.headers);
  for (const [name, value] of Object.entries(objectOf(args['headers']))) {
    const lower = name.toLowerCase();
    const text = Array.isArray(value) ? value.map(textOf).join(',') : textOf(value);
    if (text !== undefined && sent.has(lower)) headers[lower] = text;
  }
  let body: Uint8Array | null = null;
  if (call.body !== null && args['body'] !== undefined) {
    headers['content-type'] = call.body.media;
    body = new TextEncoder().encode(bodyText(call.body.as, args['body']));
  }
  return { method: op.method, path, query: query.toString(), headers, body };
}

/** A JSON answer's body; undefined for any other. */
export function restAnswerOf(response: SimResponse): Json | undefined {
  const type = response.headers['content-type'];
  if (response.body === null || type === undefined || !isJsonMedia(type.split(';')[0]!.trim())) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(response.body)) as Json;
  } catch {
    return undefined;
  }
}

function bodyText(as: NonNullable<RestToolCall['body']>['as'], value: Json): string {
  if (as === 'form' && isObject(value)) {
    const form = new URLSearchParams();
    for (const [name, item] of Object.entries(value)) appendQuery(form, name, item, undefined);
    return form.toString();
  }
  if (as === 'text' && typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** A query parameter as its style writes it: arrays repeated or joined, objects as `deepObject` or their own fields. */
function appendQuery(query: URLSearchParams, name: string, value: Json, parameter: QueryParameter | undefined): void {
  const explode = parameter?.explode ?? true;
  const style = parameter?.style ?? 'form';
  if (Array.isArray(value)) {
    const items = value.map(textOf).filter((t): t is string => t !== undefined);
    if (explode && style === 'form') for (const item of items) query.append(name, item);
    else query.append(name, items.join(style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ','));
    return;
  }
  if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      const text = textOf(item);
      if (text === undefined) continue;
      if (style === 'deepObject') query.append(`${name}[${key}]`, text);
      else query.append(explode ? key : name, explode ? text : `${key},${text}`);
    }
    return;
  }
  const text = textOf(value);
  if (text !== undefined) query.append(name, text);
}

function textOf(value: Json | undefined): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function objectOf(value: Json | undefined): JsonObject {
  return isObject(value) ? value : {};
}
