import { isHeaderName, isHeaderValue } from '@simplane/core';
import type { MediaTypeEntry } from '../artifact/artifact.js';
import { isObject, type Json, type JsonObject } from '../json.js';
import type { NormaliseContext } from './context.js';
import { resolvePointer } from './pointer.js';

/**
 * Why a declared response header cannot be sent on HTTP, or null when it can: a name that is
 * not a token, or a value its schema gives (`enum`, `const`, `default`, examples) holding CR,
 * LF or a character past latin-1. Such a header made every answer of its operation fail to be
 * written, so the build leaves it out and says so (`header_unsendable`).
 */
export function unsendableHeader(name: string, schema: Json | undefined, context: NormaliseContext): string | null {
  if (!isHeaderName(name)) return `its name ${JSON.stringify(name)} is not an HTTP token`;
  const resolved = followRefs(schema, context.root);
  if (resolved === undefined) return null;
  const bad = declaredValues(resolved).find((value) => !isHeaderValue(value));
  return bad === undefined ? null : `its value ${JSON.stringify(bad.slice(0, 64))} holds a character a header cannot carry (CR, LF, NUL or past latin-1)`;
}

/** The schema a `$ref` chain leads to, quietly (broken and looping chains are reported where the schema is converted). */
function followRefs(value: Json | undefined, root: Json): JsonObject | undefined {
  let node = value;
  for (let hops = 0; isObject(node) && typeof node['$ref'] === 'string'; hops += 1) {
    if (hops === 32) return undefined;
    node = resolvePointer(root, node['$ref']);
  }
  return isObject(node) ? node : undefined;
}

/** The string values a schema states for its instance, which the generator may answer with. */
function declaredValues(schema: JsonObject): string[] {
  const out: string[] = [];
  const add = (value: Json | undefined) => {
    if (typeof value === 'string') out.push(value);
  };
  if (Array.isArray(schema['enum'])) schema['enum'].forEach(add);
  if (Array.isArray(schema['examples'])) schema['examples'].forEach(add);
  add(schema['const']);
  add(schema['default']);
  add(schema['example']);
  add(schema['x-example']);
  return out;
}

/**
 * A response's media types without those a Content-Type header cannot carry (CR, LF...): each
 * is left out with `header_unsendable`, as an answer labelled with it could not be written.
 */
export function sendableContent(content: Record<string, MediaTypeEntry>, location: string, context: NormaliseContext, operation: string): Record<string, MediaTypeEntry> {
  for (const mediaType of Object.keys(content)) {
    if (isHeaderValue(mediaType)) continue;
    context.diagnostics.warn('header_unsendable', { operation, location: `${location}.content` }, `The media type ${JSON.stringify(mediaType.slice(0, 64))} cannot be sent as a Content-Type (it holds CR, LF or another character a header cannot carry); answers are not given in it.`);
    delete content[mediaType];
  }
  return content;
}
