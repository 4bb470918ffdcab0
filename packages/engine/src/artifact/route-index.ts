import { setOwn } from '../json.js';

/**
 * The route index: one segment trie for all methods, so a runtime finds the operation and, for a
 * path known under other methods, the `Allow` list. Precedence per segment is literal, then
 * mixed segments (`{id}.json`, `{id}:cancel`) in document order, then a whole-segment parameter,
 * with backtracking: `/pets/mine` beats `/pets/{id}`, yet `/pets/{id}/toys` still matches
 * `/pets/mine/toys` when only the parameter route goes on.
 */
export interface RouteNode {
  literals: Record<string, RouteNode>;
  patterns: RoutePattern[];
  param: RouteNode | null;
  /** Methods whose path ends here. */
  methods: Record<string, RouteTarget>;
}

export interface RoutePattern {
  /** Anchored regular expression source for the whole segment, one group per parameter. */
  regex: string;
  node: RouteNode;
}

export interface RouteTarget {
  operation: string;
  /** The template's parameter names in the order their values are captured. */
  params: string[];
}

export type RouteMatch = { operation: string; params: Record<string, string> } | { allowed: string[] };

export function emptyNode(): RouteNode {
  return { literals: {}, patterns: [], param: null, methods: {} };
}

/** Splits a template or a request path into segments; `/` has none. */
export function splitPath(path: string): string[] {
  const trimmed = path.startsWith('/') ? path.slice(1) : path;
  return trimmed === '' ? [] : trimmed.split('/');
}

const WHOLE_PARAM = /^\{([^{}]+)\}$/;
const ANY_PARAM = /\{([^{}]+)\}/g;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `{id}.json` → `^([^/]+?)\.json$` with parameter names in order. */
export function segmentPattern(segment: string): { regex: string; names: string[] } {
  const names: string[] = [];
  let regex = '^';
  let last = 0;
  for (const match of segment.matchAll(ANY_PARAM)) {
    regex += escapeRegex(segment.slice(last, match.index)) + '(.+?)';
    names.push(match[1] as string);
    last = (match.index ?? 0) + match[0].length;
  }
  return { regex: `${regex}${escapeRegex(segment.slice(last))}$`, names };
}

/** Adds a route; answers false when the method is already taken by an equivalent template. */
export function insertRoute(root: RouteNode, method: string, template: string, operation: string): boolean {
  let node = root;
  const params: string[] = [];
  for (const segment of splitPath(template)) {
    const whole = WHOLE_PARAM.exec(segment);
    if (whole) {
      node.param ??= emptyNode();
      node = node.param;
      params.push(whole[1] as string);
    } else if (segment.includes('{')) {
      const { regex, names } = segmentPattern(segment);
      let pattern = node.patterns.find((p) => p.regex === regex);
      if (!pattern) {
        pattern = { regex, node: emptyNode() };
        node.patterns.push(pattern);
      }
      node = pattern.node;
      params.push(...names);
    } else {
      if (!Object.hasOwn(node.literals, segment)) setOwn(node.literals, segment, emptyNode());
      node = node.literals[segment] as RouteNode;
    }
  }
  if (Object.hasOwn(node.methods, method)) return false;
  setOwn(node.methods, method, { operation, params });
  return true;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

interface Found {
  node: RouteNode;
  values: string[];
}

function* walk(node: RouteNode, segments: string[], index: number, values: string[]): Generator<Found> {
  if (index === segments.length) {
    if (Object.keys(node.methods).length > 0) yield { node, values };
    return;
  }
  const raw = segments[index] as string;
  const literal = Object.hasOwn(node.literals, raw) ? node.literals[raw] : undefined;
  if (literal) yield* walk(literal, segments, index + 1, values);
  for (const pattern of node.patterns) {
    const match = new RegExp(pattern.regex).exec(raw);
    if (match) yield* walk(pattern.node, segments, index + 1, [...values, ...match.slice(1).map(decode)]);
  }
  if (node.param && raw !== '') yield* walk(node.param, segments, index + 1, [...values, decode(raw)]);
}

/**
 * Matches a request path (base path already removed) against the trie: the operation and its
 * path parameters, or the methods the path allows, or null for an unknown path.
 */
export function matchRoute(root: RouteNode, method: string, path: string): RouteMatch | null {
  let allowed: string[] | null = null;
  for (const { node, values } of walk(root, splitPath(path), 0, [])) {
    const target = Object.hasOwn(node.methods, method) ? node.methods[method] : undefined;
    if (target) return { operation: target.operation, params: Object.fromEntries(target.params.map((name, i) => [name, values[i] ?? ''])) };
    allowed ??= Object.keys(node.methods).sort();
  }
  return allowed ? { allowed } : null;
}

/** Tries the path under each server base path (longest first), then as it is. */
export function matchRequest(index: { routes: RouteNode; basePaths: string[] }, method: string, path: string): RouteMatch | null {
  let fallback: RouteMatch | null = null;
  const bases = [...index.basePaths].filter((b) => b !== '').sort((a, b) => b.length - a.length);
  for (const base of bases) {
    if (path !== base && !path.startsWith(`${base}/`)) continue;
    const match = matchRoute(index.routes, method, path.slice(base.length) || '/');
    if (match && 'operation' in match) return match;
    fallback ??= match;
  }
  const match = matchRoute(index.routes, method, path);
  if (match && 'operation' in match) return match;
  return fallback ?? match;
}
