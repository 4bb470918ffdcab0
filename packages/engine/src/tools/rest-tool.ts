/**
 * A REST operation as a tool: its arguments are grouped as the request carries them (`path`,
 * `query`, `headers`, `body`), so a parameter and a body field of one name never collide, and
 * the call is the request a client generated from the document would send. Decided here, at
 * build time: which parameters each group takes, and how the body is written.
 */
import { isHeaderName } from '@simplane/core';
import type { Artifact, ArtifactOperation } from '../artifact/artifact.js';
import type { RestToolCall } from '../artifact/tool.js';
import { isObject, type JsonObject } from '../json.js';
import { isJsonMedia } from '../runtime/protocols/rest/request-body.js';
import type { ToolSchemaWriter } from './tool-schemas.js';

type Group = 'path' | 'query' | 'headers';
type Groups = Record<Group, { properties: JsonObject; required: string[] }>;

/** Headers a client library writes itself; the platform's own never reach a simulated API. */
const WRITTEN_HEADERS: ReadonlySet<string> = new Set(['content-type', 'content-length', 'accept', 'simulation-token', 'service-read-only', 'host']);
const GROUPS: Readonly<Record<string, Group>> = { path: 'path', query: 'query', header: 'headers' };

/**
 * The tool's input schema, and where each of its arguments goes in the request. Without a
 * writer (the build, which keeps only the call) the schemas are left out of the input.
 */
export function restTool(artifact: Artifact, op: ArtifactOperation, writer: ToolSchemaWriter | null): { input: JsonObject; call: RestToolCall } {
  const groups: Groups = { path: { properties: {}, required: [] }, query: { properties: {}, required: [] }, headers: { properties: {}, required: [] } };
  const call: RestToolCall = { path: [], query: [], headers: [], body: null };
  for (const parameter of op.parameters) {
    const group = Object.hasOwn(GROUPS, parameter.in) ? GROUPS[parameter.in]! : null;
    if (group === null) continue;
    const name = group === 'headers' ? parameter.name.toLowerCase() : parameter.name;
    if (group === 'headers' && (WRITTEN_HEADERS.has(name) || !isHeaderName(name))) continue;
    if (Object.hasOwn(groups[group].properties, name)) continue;
    setMember(groups[group].properties, name, writer?.part(parameter.schema) ?? {});
    if (parameter.required || group === 'path') groups[group].required.push(name);
    if (group === 'path') call.path.push(name);
    else if (group === 'query') call.query.push({ name, style: parameter.style, explode: parameter.explode });
    else call.headers.push(name);
  }
  addCredentials(artifact, op, groups, call);
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
    const schema = writer?.part(op.requestBody!.content[media]!.schema) ?? {};
    properties['body'] = { ...(isObject(schema) ? schema : {}), description: `The request body, sent as ${media}.` };
    if (op.requestBody!.required) required.push('body');
    call.body = { media, as: media === 'application/x-www-form-urlencoded' ? 'form' : media.startsWith('text/') ? 'text' : 'json' };
  }
  return { input: { type: 'object', properties, ...(required.length === 0 ? {} : { required }), additionalProperties: false }, call };
}

/** The credential the operation's first way of proving who it is asks for, where an argument can carry it. */
function addCredentials(artifact: Artifact, op: ArtifactOperation, groups: Groups, call: RestToolCall): void {
  const first = op.security[0];
  if (first === undefined) return;
  const needed = op.security.length === 1;
  for (const name of first) {
    const scheme = Object.hasOwn(artifact.securitySchemes, name) ? artifact.securitySchemes[name] : undefined;
    if (scheme === undefined) continue;
    const where: [Group, string] | null = scheme.type === 'apiKey' ? (scheme.in === 'header' ? ['headers', scheme.name.toLowerCase()] : scheme.in === 'query' ? ['query', scheme.name] : null) : ['headers', 'authorization'];
    if (where === null) continue;
    const [group, field] = where;
    if (!Object.hasOwn(groups[group].properties, field)) {
      setMember(groups[group].properties, field, { type: 'string', description: `The API's credential (security scheme ${name}).` });
      if (group === 'query') call.query.push({ name: field, style: 'form', explode: true });
      else call.headers.push(field);
    }
    if (needed && !groups[group].required.includes(field)) groups[group].required.push(field);
  }
}

/** The body's media type: JSON where the operation takes it, else its first. */
function bodyMedia(op: ArtifactOperation): string | null {
  const media = Object.keys(op.requestBody?.content ?? {});
  return media.find((m) => isJsonMedia(m) && m !== '*/*') ?? media[0] ?? null;
}

/** A member named by the document, `__proto__` included, as an own property. */
function setMember(target: JsonObject, name: string, value: JsonObject[string]): void {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
}
