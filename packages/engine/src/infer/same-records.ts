import type { Json } from '../json.js';
import type { SchemaLookup } from './schema-lookup.js';

/** A schema as text, after its reference: two schemas are the same when their texts are. */
export function schemaText(schema: Json | undefined, lookup: SchemaLookup): string {
  return JSON.stringify(lookup.deref(schema) ?? schema ?? null);
}

/**
 * Whether two item schemas describe the same records: the same schema, or objects sharing at
 * least half of the smaller one's fields (Zoom's create answers a meeting with fewer fields
 * than its read).
 */
export function sameRecords(a: Json | undefined, b: Json | undefined, lookup: SchemaLookup): boolean {
  if (schemaText(a, lookup) === schemaText(b, lookup)) return true;
  const mine = [...lookup.properties(a).keys()];
  const theirs = new Set(lookup.properties(b).keys());
  if (mine.length === 0 || theirs.size === 0) return false;
  const shared = mine.filter((name) => theirs.has(name)).length;
  return shared * 2 >= Math.min(mine.length, theirs.size);
}
