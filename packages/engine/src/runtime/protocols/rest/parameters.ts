import type { ArtifactParameter } from '../../../artifact/artifact.js';
import { setOwn, type Json, type JsonObject } from '../../../json.js';
import { coerce } from '../../checking/coerce.js';
import type { SchemaRegistry } from '../../schemas/schema-registry.js';
import { itemsOf, objectView, schemaTypes } from '../../schemas/schema-view.js';

/** The raw text of a request's parameters, by location. Query and cookie values keep repeats. */
export interface RawInput {
  path: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string | string[] | undefined>;
  cookies: Record<string, string>;
}

export function parseQuery(query: string): [string, string][] {
  const out: [string, string][] = [];
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decode(eq < 0 ? part : part.slice(0, eq));
    out.push([name, eq < 0 ? '' : decode(part.slice(eq + 1))]);
  }
  return out;
}

export function parseCookies(header: string | string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    setOwn(out, part.slice(0, eq).trim(), decode(part.slice(eq + 1).trim()));
  }
  return out;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

export function headerText(headers: RawInput['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Reads one parameter per its style and explode, coercing text to the schema's types; answers
 * undefined when absent. A value that cannot be coerced stays text, so schema validation names it.
 */
export function readParameter(registry: SchemaRegistry, param: ArtifactParameter, raw: RawInput): Json | undefined {
  const types = schemaTypes(registry, param.schema) ?? [];
  if (param.in === 'query' && types.includes('object') && (param.style === 'deepObject' || param.explode)) return readObjectQuery(registry, param, raw.query);
  let texts: string[];
  let bracketed = false;
  if (param.in === 'query') {
    const array = types.includes('array');
    const named = raw.query.filter(([n]) => n === param.name || (array && isBracketed(n, param.name)));
    bracketed = named.some(([n]) => n !== param.name);
    texts = named.map(([, v]) => v);
  } else {
    const one = param.in === 'path' ? raw.path[param.name] : param.in === 'cookie' ? raw.cookies[param.name] : headerText(raw.headers, param.name);
    texts = one === undefined ? [] : [one];
  }
  if (texts.length === 0) return undefined;
  if (types.includes('array')) {
    const sep = param.style === 'spaceDelimited' ? ' ' : param.style === 'pipeDelimited' ? '|' : ',';
    const parts = param.in === 'query' && ((param.explode && texts.length > 1) || bracketed) ? texts : texts.flatMap((t) => (t === '' ? [] : t.split(sep)));
    const items = itemsOf(registry, param.schema);
    return parts.map((p) => coerce(registry, items, stripStyle(param, p)));
  }
  if (types.includes('object')) {
    const parts = (texts[0] as string).split(',');
    const out: JsonObject = {};
    const view = objectView(registry, param.schema);
    for (let i = 0; i + 1 < parts.length; i += 2) setOwn(out, parts[i] as string, coerce(registry, view.properties[parts[i] as string] ?? null, parts[i + 1] as string));
    return out;
  }
  return coerce(registry, param.schema, stripStyle(param, texts[texts.length === 1 ? 0 : texts.length - 1] as string));
}

/**
 * `expand[]` or `ids[0]` for the array parameter `expand` or `ids`: how Stripe's clients, PHP
 * and Rails write an array into a query, one item a name, each taken whole.
 */
function isBracketed(name: string, parameter: string): boolean {
  return name.length > parameter.length && name.startsWith(parameter) && /^\[\d{0,4}\]$/.test(name.slice(parameter.length));
}

function stripStyle(param: ArtifactParameter, text: string): string {
  if (param.style === 'label' && text.startsWith('.')) return text.slice(1);
  if (param.style === 'matrix' && text.startsWith(`;${param.name}=`)) return text.slice(param.name.length + 2);
  return text;
}

function readObjectQuery(registry: SchemaRegistry, param: ArtifactParameter, query: [string, string][]): Json | undefined {
  const view = objectView(registry, param.schema);
  const out: JsonObject = {};
  let found = false;
  for (const [name, value] of query) {
    const deep = /^([^[]+)\[([^\]]*)\]$/.exec(name);
    const key = param.style === 'deepObject' ? (deep && deep[1] === param.name ? deep[2] : undefined) : Object.hasOwn(view.properties, name) ? name : undefined;
    if (key === undefined) continue;
    found = true;
    const schema = view.properties[key] ?? null;
    // An array property comes as the key repeated (`Accounts=1&Accounts=2`), once per item.
    if (schemaTypes(registry, schema)?.[0] === 'array') {
      const items = Object.hasOwn(out, key) && Array.isArray(out[key]) ? (out[key] as Json[]) : [];
      items.push(coerce(registry, itemsOf(registry, schema), value));
      setOwn(out, key, items);
    } else {
      setOwn(out, key, coerce(registry, schema, value));
    }
  }
  return found ? out : undefined;
}
