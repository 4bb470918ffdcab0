/**
 * A REST operation as a tool: its arguments are grouped as the request carries them (`path`,
 * `query`, `headers`, `body`), so a parameter and a body field of one name never collide, and
 * the call is the request a client generated from the document would send.
 */
import type { SimRequest, SimResponse } from '@simplane/core';
import type { Artifact, ArtifactOperation, ArtifactParameter } from '../../artifact/artifact.js';
import { isObject, type Json, type JsonObject } from '../../json.js';
import { isJsonMedia } from '../protocols/rest/request-body.js';
import type { StandaloneSchemaWriter } from './tool-schemas.js';

type Group = 'path' | 'query' | 'headers';

/** Headers a client library writes itself; the platform's own never reach a simulated API. */
const WRITTEN_HEADERS = new Set(['content-type', 'content-length', 'accept', 'simulation-token', 'service-read-only', 'host']);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;

export function restInputSchema(artifact: Artifact, op: ArtifactOperation, writer: StandaloneSchemaWriter): JsonObject {
  const groups: Record<Group, { properties: JsonObject; required: string[] }> = { path: { properties: {}, required: [] }, query: { properties: {}, required: [] }, headers: { properties: {}, required: [] } };
  for (const parameter of op.parameters) {
    const group = groupOf(parameter);
    if (group === null) continue;
    const name = group === 'headers' ? parameter.name.toLowerCase() : parameter.name;
    if (group === 'headers' && WRITTEN_HEADERS.has(name)) continue;
    groups[group].properties[name] = writer.part(parameter.schema);
    if (parameter.required || group === 'path') groups[group].required.push(name);
  }
  addCredentials(artifact, op, groups);
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const group of ['path', 'query', 'headers'] as const) {
    const { properties: members, required: needed } = groups[group];
    if (Object.keys(members).length === 0) continue;
    properties[group] = { type: 'object', properties: members, ...(needed.length === 0 ? {} : { required: needed }), ...(group === 'path' ? { additionalProperties: false } : {}) };
    if (needed.length > 0) required.push(group);
  }
  const media = bodyMedia(op);
  if (media !== null) {
    const schema = writer.part(op.requestBody!.content[media]!.schema);
    properties['body'] = { ...(isObject(schema) ? schema : {}), description: `The request body, sent as ${media}.` };
    if (op.requestBody!.required) required.push('body');
  }
  return { type: 'object', properties, ...(required.length === 0 ? {} : { required }), additionalProperties: false };
}

/** The request the arguments make. */
export function restCallOf(op: ArtifactOperation, args: JsonObject): SimRequest {
  const pathArgs = objectOf(args['path']);
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(textOf(pathArgs[name]) ?? ''));
  const query = new URLSearchParams();
  const declared = new Map(op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p]));
  for (const [name, value] of Object.entries(objectOf(args['query']))) appendQuery(query, name, value, declared.get(name));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(objectOf(args['headers']))) {
    const text = Array.isArray(value) ? value.map(textOf).join(',') : textOf(value);
    const lower = name.toLowerCase();
    if (text !== undefined && HEADER_NAME.test(name) && !WRITTEN_HEADERS.has(lower)) headers[lower] = text;
  }
  const media = bodyMedia(op);
  let body: Uint8Array | null = null;
  if (media !== null && args['body'] !== undefined) {
    headers['content-type'] = media;
    body = new TextEncoder().encode(bodyText(media, args['body']));
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

function groupOf(parameter: ArtifactParameter): Group | null {
  if (parameter.in === 'path') return 'path';
  if (parameter.in === 'query') return 'query';
  if (parameter.in === 'header') return 'headers';
  return null;
}

/** The credential the operation's first way of proving who it is asks for, where an argument can carry it. */
function addCredentials(artifact: Artifact, op: ArtifactOperation, groups: Record<Group, { properties: JsonObject; required: string[] }>): void {
  const first = op.security[0];
  if (first === undefined) return;
  const needed = op.security.length === 1;
  for (const name of first) {
    const scheme = artifact.securitySchemes[name];
    if (scheme === undefined) continue;
    const where: [Group, string] | null = scheme.type === 'apiKey' ? (scheme.in === 'header' ? ['headers', scheme.name.toLowerCase()] : scheme.in === 'query' ? ['query', scheme.name] : null) : ['headers', 'authorization'];
    if (where === null) continue;
    const [group, field] = where;
    groups[group].properties[field] ??= { type: 'string', description: `The API's credential (security scheme ${name}).` };
    if (needed && !groups[group].required.includes(field)) groups[group].required.push(field);
  }
}

/** The body's media type: JSON where the operation takes it, else its first. */
function bodyMedia(op: ArtifactOperation): string | null {
  const media = Object.keys(op.requestBody?.content ?? {});
  return media.find((m) => isJsonMedia(m) && m !== '*/*') ?? media[0] ?? null;
}

function bodyText(media: string, value: Json): string {
  if (media === 'application/x-www-form-urlencoded' && isObject(value)) {
    const form = new URLSearchParams();
    for (const [name, item] of Object.entries(value)) appendQuery(form, name, item, undefined);
    return form.toString();
  }
  if (media.startsWith('text/') && typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** A query parameter as its style writes it: arrays repeated or joined, objects as `deepObject` or their own fields. */
function appendQuery(query: URLSearchParams, name: string, value: Json, parameter: ArtifactParameter | undefined): void {
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
