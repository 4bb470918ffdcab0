import type { NormalisedOperation } from '../normalise/model.js';
import { listItems } from './list-shape.js';
import { discriminatedCall, isVerbLike, looksPlural } from './naming.js';
import { parseSegments, type Segment, shapeKey } from './path-shape.js';
import type { SchemaLookup } from './schema-lookup.js';

/** The operations of one path shape (templates equal up to parameter names). */
export interface ShapeGroup {
  key: string;
  segments: Segment[];
  /** The first template seen for the shape. */
  template: string;
  operations: NormalisedOperation[];
}

export interface ResourceShape {
  name: string;
  kind: 'collection' | 'singleton';
  /** The collection's (or singleton's) shape key; item shape is `${key}/{}`. */
  key: string;
  segments: Segment[];
  parent: ResourceShape | null;
  parentParameter: string | null;
}

/** Operations by path shape; `pathOf` gives the path an operation is understood by (inferModel). */
export function groupByShape(operations: NormalisedOperation[], pathOf: (op: NormalisedOperation) => string = (op) => op.path): Map<string, ShapeGroup> {
  const groups = new Map<string, ShapeGroup>();
  for (const op of operations) {
    const path = pathOf(op);
    const segments = parseSegments(path);
    const key = shapeKey(segments);
    const group = groups.get(key) ?? { key, segments, template: path, operations: [] };
    group.operations.push(op);
    groups.set(key, group);
  }
  return groups;
}

function lastLiteral(segments: Segment[]): string | null {
  const last = segments.at(-1);
  return last?.kind === 'literal' ? last.text : null;
}

function has(group: ShapeGroup | undefined, method: string): NormalisedOperation | undefined {
  return group?.operations.find((op) => op.method === method);
}

/**
 * Which literal-ending shapes hold records. A collection has an item shape below it, or is a
 * plural noun that accepts POST, or answers GET with a list. A singleton is read and written
 * in place (GET plus PUT, PATCH or DELETE) and never POSTed to.
 */
function classify(group: ShapeGroup | undefined, segments: Segment[], groups: Map<string, ShapeGroup>, lookup: SchemaLookup): 'collection' | 'singleton' | null {
  const word = lastLiteral(segments);
  // A call named by a discriminator (`/#Action=ListQueues`) is no resource, whatever its words.
  if (word === null || discriminatedCall(word) !== null) return null;
  if (groups.has(`${shapeKey(segments)}/{}`)) return 'collection';
  if (!group || isVerbLike(word)) return null;
  const get = has(group, 'GET');
  if (has(group, 'POST')) return looksPlural(word) || (get !== undefined && listItems(get, lookup, word) !== null) ? 'collection' : null;
  if (get && listItems(get, lookup, word) !== null && looksPlural(word)) return 'collection';
  if (get && (has(group, 'PUT') || has(group, 'PATCH') || has(group, 'DELETE'))) return 'singleton';
  return null;
}

/**
 * Finds collections and singletons and names them by their path: each literal that precedes a
 * parameter names a parent level, so `/v1/users/{id}/orders` is `users.orders`, nested under
 * the `users` resource when it exists.
 */
export function findResourceShapes(groups: Map<string, ShapeGroup>, lookup: SchemaLookup): Map<string, ResourceShape> {
  const candidates = new Map<string, Segment[]>();
  for (const group of groups.values()) {
    const last = group.segments.at(-1);
    if (last?.kind === 'param' && group.segments.at(-2)?.kind === 'literal') candidates.set(shapeKey(group.segments.slice(0, -1)), group.segments.slice(0, -1));
    candidates.set(group.key, group.segments);
  }
  const shapes = new Map<string, ResourceShape>();
  const names = new Set<string>();
  const ordered = [...candidates].sort((a, b) => a[1].length - b[1].length || (a[0] < b[0] ? -1 : 1));
  for (const [key, segments] of ordered) {
    const kind = classify(groups.get(key), segments, groups, lookup);
    if (kind === null) continue;
    const parentIndex = segments.findLastIndex((s) => s.kind === 'param');
    const parentKey = parentIndex > 0 ? shapeKey(segments.slice(0, parentIndex)) : null;
    const parent = parentKey !== null ? (shapes.get(parentKey) ?? null) : null;
    const parentParam = parentIndex >= 0 ? segments[parentIndex] : undefined;
    const levels = segments.filter((s, i) => s.kind === 'literal' && (i === segments.length - 1 || segments[i + 1]?.kind === 'param')).map((s) => (s as { text: string }).text);
    const own = lastLiteral(segments) as string;
    let name = parent && parent.kind === 'collection' ? `${parent.name}.${own}` : levels.join('.');
    if (names.has(name)) name = segments.filter((s) => s.kind === 'literal').map((s) => (s as { text: string }).text).join('.');
    for (let n = 2; names.has(name); n++) name = `${name}.${n}`;
    names.add(name);
    shapes.set(key, {
      name,
      kind,
      key,
      segments,
      parent,
      parentParameter: parent && parentParam?.kind === 'param' ? parentParam.name : null,
    });
  }
  return shapes;
}
