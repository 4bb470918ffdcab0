import type { ArtifactResource } from '../../artifact/artifact.js';

/**
 * Where a resource's records live in state. A top-level collection is its resource name
 * (`users`); a nested one adds the scoping path parameters' values, percent-encoded and joined
 * by `/` (`users.orders:<userId>`, `users.orders.items:<userId>/<orderId>`), so each parent has
 * its own records. A singleton is one record under the key `SINGLETON_KEY` in a collection named
 * the same way. Records are keyed by their id (the id field's value as a string).
 */
export const SINGLETON_KEY = '_';

export function collectionName(resource: ArtifactResource, params: Record<string, string>): string {
  if (resource.scopeParameters.length === 0) return resource.name;
  return `${resource.name}:${resource.scopeParameters.map((p) => encodeURIComponent(params[p] ?? '')).join('/')}`;
}

/**
 * Where the records of a collection remember the nested route they were created under
 * (ArtifactOperation.links): the route's parameter values by record key.
 */
export function linksCollection(collection: string): string {
  return `${collection}#links`;
}

/** Where a collection keeps the deleted form of its deleted records (RecordPlan.deleted), by record key. */
export function deletedCollection(collection: string): string {
  return `${collection}#deleted`;
}

/** A record's key: its id field's value, as text. */
export function recordKey(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/**
 * The resource a collection holds records of (its name up to the scope), or null for the
 * runtime's own collections: the links and deleted forms (`#` cannot be in a scope value, which
 * is percent-encoded) and anything that is no resource's, such as the id counters.
 */
export function resourceOfCollection(collection: string, resources: { has(name: string): boolean }): string | null {
  if (collection.includes('#')) return null;
  if (resources.has(collection)) return collection;
  // The scope's values are percent-encoded: the last `:` ends the resource's name.
  const scope = collection.lastIndexOf(':');
  return scope > 0 && resources.has(collection.slice(0, scope)) ? collection.slice(0, scope) : null;
}
