import { HTTP_METHODS, type HttpMethod } from '../artifact/artifact.js';
import { formatLocation } from '../diagnostics/location.js';
import { entries, type JsonObject, objectField, stringField } from '../json.js';
import { type ResolveContext, resolveObject } from './resolve-ref.js';

export interface RawOperation {
  id: string;
  operationId: string | null;
  method: HttpMethod;
  path: string;
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
      out.push({ id: operationId ?? `${method} ${path}`, operationId, method, path, pathItem, operation, location: formatLocation(['paths', path, method.toLowerCase()]) });
    }
  }
  return out;
}
