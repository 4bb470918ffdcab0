import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { field, isObject, type Json, type JsonObject } from '../json.js';
import { resolvePointer } from './pointer.js';

export interface ResolveContext {
  root: Json;
  diagnostics: Diagnostics;
  operation?: string;
}

/**
 * Follows a chain of `$ref`s to a non-schema object (path item, parameter, response, request
 * body, header, example, security scheme). Such objects cannot be recursive in a meaningful
 * way, so a chain that loops is an error; schemas are never resolved here.
 */
export function resolveObject(value: Json | undefined, location: string, context: ResolveContext): JsonObject | undefined {
  const seen = new Set<string>();
  let node = value;
  while (isObject(node) && typeof node['$ref'] === 'string') {
    const ref = node['$ref'];
    if (seen.has(ref)) {
      context.diagnostics.error('ref_circular', { operation: context.operation, location }, `The $ref chain through ${ref} leads back to itself.`);
      return undefined;
    }
    seen.add(ref);
    // Unresolvable and external refs were reported by the reference check already.
    node = resolvePointer(context.root, ref);
    if (node === undefined) return undefined;
  }
  return isObject(node) ? node : undefined;
}

export function resolveField(parent: unknown, key: string, location: string, context: ResolveContext): JsonObject | undefined {
  return resolveObject(field(parent, key), location, context);
}
