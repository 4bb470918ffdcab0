import { HTTP_METHODS, type HttpMethod } from '../artifact/artifact.js';
import { formatLocation } from '../diagnostics/location.js';
import { entries, type JsonObject, objectField, stringField } from '../json.js';
import { type ResolveContext, resolveObject } from './resolve-ref.js';

export interface RawOperation {
  id: string;
  operationId: string | null;
  method: HttpMethod;
  /** The template requests are matched against (routeTemplate). */
  path: string;
  /** Parameters written into the template's query string (`/search?q={q}`): query parameters, whatever `in` says. */
  queryNames: string[];
  /**
   * The template's query string has a literal piece (`/templates/{id}?full=true`), which
   * routing reads as a `#full=true` variant: the operation still acts on the resource its path
   * names, as another representation of it (inference reads it by the path alone).
   */
  queryVariant: boolean;
  pathItem: JsonObject;
  operation: JsonObject;
  /** Readable location of the operation object, e.g. `paths./pets.get`. */
  location: string;
}

/** Every operation of `paths` in document order (methods in the specification's order). */
export function listOperations(root: JsonObject, context: ResolveContext): RawOperation[] {
  const out: RawOperation[] = [];
  for (const [path, rawItem] of entries(objectField(root, 'paths'))) {
    if (path.startsWith('x-')) continue;
    const pathItem = resolveObject(rawItem, formatLocation(['paths', path]), context);
    if (!pathItem) continue;
    for (const method of HTTP_METHODS) {
      const operation = objectField(pathItem, method.toLowerCase());
      if (!operation) continue;
      const operationId = stringField(operation, 'operationId') || null;
      const question = path.indexOf('?');
      const queryNames = question < 0 ? [] : [...path.slice(question).matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] as string);
      const route = routeTemplate(path);
      const queryVariant = question >= 0 && !path.includes('#') && route.includes('#');
      out.push({ id: operationId ?? `${method} ${path}`, operationId, method, path: route, queryNames, queryVariant, pathItem, operation, location: formatLocation(['paths', path, method.toLowerCase()]) });
    }
  }
  return out;
}

/**
 * The template requests are matched against. A query string written into a path template
 * (`/templates/{id}?full=true`, `/uploads?convert={convert}`, S3's `/{Bucket}?uploads`) is not
 * part of the path a request carries: its first literal piece (`name=value`, or a bare `name`
 * for an empty value) tells the operation apart from others at the same path, as a
 * `#name=value` fragment does (route-index), and `name={param}` pieces are query parameters the
 * operation declares as such. A fragment already in the template wins.
 */
export function routeTemplate(path: string): string {
  const question = path.indexOf('?');
  if (question < 0) return path;
  const hash = path.indexOf('#', question);
  const base = path.slice(0, question) || '/';
  if (hash >= 0) return base + path.slice(hash);
  const literal = path
    .slice(question + 1)
    .split('&')
    .find((piece) => piece !== '' && !piece.includes('{'));
  if (literal === undefined) return base;
  const equals = literal.indexOf('=');
  return equals < 0 ? `${base}#${literal}=` : `${base}#${literal}`;
}
