import type { JsonSchema } from '../../../artifact/artifact.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../../json.js';
import { coerce } from '../../checking/coerce.js';
import type { SchemaRegistry } from '../../schemas/schema-registry.js';
import { itemsOf, objectView, schemaTypes } from '../../schemas/schema-view.js';

/** Most items or entries a list or map of a query-protocol call is read with. */
const MAX_ITEMS = 1000;
/** Deepest nesting read (`Parameters.member.1.ResolvedValue...`). */
const MAX_DEPTH = 8;

interface Node {
  text?: string;
  children: Map<string, Node>;
}

/**
 * A structured parameter as AWS's query protocol writes it into a form, one name per leaf:
 * a list as `Tags.member.1.Key=k&Tags.member.1.Value=v` (or `Tags.1.Key` when flattened), a
 * map as `Attributes.entry.1.key=...&Attributes.entry.1.value=...`, a structure as
 * `Settings.Name=...`. Read for the parameter's schema, items in their numbers' order, leaves
 * coerced to their types. Undefined when the query names no such leaf of the parameter.
 */
export function readAwsQueryParameter(registry: SchemaRegistry, name: string, schema: JsonSchema, query: [string, string][]): Json | undefined {
  const prefix = `${name}.`;
  const root: Node = { children: new Map() };
  let found = false;
  for (const [key, value] of query) {
    if (!key.startsWith(prefix)) continue;
    const parts = key.slice(prefix.length).split('.');
    if (parts.length > MAX_DEPTH * 2 || parts.some((p) => p === '')) continue;
    let node: Node | undefined = root;
    for (const part of parts) {
      let next: Node | undefined = node.children.get(part);
      if (next === undefined && node.children.size < MAX_ITEMS) {
        next = { children: new Map() };
        node.children.set(part, next);
      }
      node = next;
      if (node === undefined) break;
    }
    if (node === undefined) continue;
    node.text = value;
    found = true;
  }
  return found ? valueOf(registry, schema, root, 0) : undefined;
}

function valueOf(registry: SchemaRegistry, schema: JsonSchema | null, node: Node, depth: number): Json {
  if (node.children.size === 0 || depth > MAX_DEPTH) return coerce(registry, schema, node.text ?? '');
  const types = schemaTypes(registry, schema) ?? [];
  if (types.includes('array')) {
    const items = itemsOf(registry, schema);
    return numbered(node.children.get('member') ?? node).map((item) => valueOf(registry, items, item, depth + 1));
  }
  const view = objectView(registry, schema);
  const resolved = registry.resolve(schema);
  const additional = isObject(resolved) && isObject(resolved.additionalProperties) ? (resolved.additionalProperties as JsonSchema) : null;
  const out: JsonObject = {};
  const entries = node.children.get('entry');
  if (Object.keys(view.properties).length === 0 && entries !== undefined) {
    // A map: each entry's `key` and `value` (`Key` and `Value` in some services).
    for (const entry of numbered(entries)) {
      const key = entry.children.get('key') ?? entry.children.get('Key');
      const value = entry.children.get('value') ?? entry.children.get('Value');
      if (key?.text !== undefined && value !== undefined) setOwn(out, key.text, valueOf(registry, additional, value, depth + 1));
    }
    return out;
  }
  for (const [field, child] of node.children) setOwn(out, field, valueOf(registry, view.properties[field] ?? additional, child, depth + 1));
  return out;
}

/** A node's children numbered 1, 2, ... in their numbers' order. */
function numbered(node: Node): Node[] {
  return [...node.children.entries()]
    .filter(([index]) => /^\d{1,4}$/.test(index))
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([, child]) => child);
}
