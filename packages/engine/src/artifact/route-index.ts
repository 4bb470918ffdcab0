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
  /** Empty when only variants answer at this path and method. */
  operation: string;
  /** The template's parameter names in the order their values are captured. */
  params: string[];
  /** Operations at the same path and method told apart by a header or query value. */
  variants?: RouteVariant[];
}

/**
 * A template with a `#name=value` fragment (`POST /#X-Amz-Target=Kinesis_20131202.PutRecord`,
 * as converted AWS documents write one endpoint's many operations): it answers at the path
 * before `#` when the request's header or query parameter `name` has that value.
 */
export interface RouteVariant {
  name: string;
  value: string;
  operation: string;
  params: string[];
}

/** Whether the request's header or query parameter `name` has the value `value`. */
export type Discriminate = (name: string, value: string) => boolean;

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

/**
 * What a parameter's value can look like, as a regular expression fragment, when its schema
 * says so narrowly enough to split a segment with it; null when it does not.
 */
export type ParamShape = (name: string) => string | null;

/**
 * `{id}.json` → `^(.+?)\.json$` with parameter names in order. Two parameters with no text
 * between them (`{pageName}{mediaTypeExtension}`) have no split of their own: there the later
 * one takes the shape its schema gives it (`(\.json)`, `(-?\d+)`), so the earlier one gets the
 * rest instead of a single character.
 */
export function segmentPattern(segment: string, shape?: ParamShape): { regex: string; names: string[] } {
  const names: string[] = [];
  let regex = '^';
  let last = 0;
  for (const match of segment.matchAll(ANY_PARAM)) {
    const start = match.index ?? 0;
    const adjacent = names.length > 0 && start === last;
    const name = match[1] as string;
    regex += `${escapeRegex(segment.slice(last, start))}(${(adjacent ? shape?.(name) : null) ?? '.+?'})`;
    names.push(name);
    last = start + match[0].length;
  }
  return { regex: `${regex}${escapeRegex(segment.slice(last))}$`, names };
}

/** The shape of a string enum (its values, longest first) or an integer; null for anything wider. */
export function schemaShape(schema: unknown): string | null {
  if (typeof schema !== 'object' || schema === null) return null;
  const { enum: values, type } = schema as { enum?: unknown; type?: unknown };
  if (Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === 'string' && v !== '')) {
    return [...(values as string[])].sort((a, b) => b.length - a.length).map(escapeRegex).join('|');
  }
  if (type === 'integer') return '-?\\d+';
  return null;
}

const VARIANT = /^([^=#&]+)=([^#&]*)$/;

/**
 * Adds a route; answers false when the method is already taken by an equivalent template.
 * `shape` tells adjacent parameters apart (segmentPattern).
 */
export function insertRoute(root: RouteNode, method: string, template: string, operation: string, shape?: ParamShape): boolean {
  const hash = template.indexOf('#');
  const variant = hash < 0 ? null : VARIANT.exec(template.slice(hash + 1));
  const path = variant ? template.slice(0, hash) || '/' : template;
  let node = root;
  const params: string[] = [];
  for (const segment of splitPath(path)) {
    const whole = WHOLE_PARAM.exec(segment);
    if (whole) {
      node.param ??= emptyNode();
      node = node.param;
      params.push(whole[1] as string);
    } else if (segment.includes('{')) {
      const { regex, names } = segmentPattern(segment, shape);
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
  const existing = Object.hasOwn(node.methods, method) ? node.methods[method] : undefined;
  if (variant) {
    const target = existing ?? { operation: '', params };
    const name = variant[1] as string;
    const value = variant[2] as string;
    target.variants ??= [];
    if (target.variants.some((v) => v.name.toLowerCase() === name.toLowerCase() && v.value === value)) return false;
    target.variants.push({ name, value, operation, params });
    if (!existing) setOwn(node.methods, method, target);
    return true;
  }
  if (existing && existing.operation !== '') return false;
  if (existing) Object.assign(existing, { operation, params });
  else setOwn(node.methods, method, { operation, params });
  return true;
}

function decode(segment: string): string {
  // Most segments have no escapes, and decodeURIComponent is not free.
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Compiled segment patterns, kept per pattern object of a loaded index. */
const compiled = new WeakMap<RoutePattern, RegExp>();

function regexOf(pattern: RoutePattern): RegExp {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    regex = new RegExp(pattern.regex);
    compiled.set(pattern, regex);
  }
  return regex;
}

function hasMethods(node: RouteNode): boolean {
  for (const method in node.methods) if (Object.hasOwn(node.methods, method)) return true;
  return false;
}

/**
 * Depth-first over the candidates in precedence order; `found` answers true to stop. A plain
 * recursion rather than a generator: this runs on every data-plane request. `rest`: a route's
 * last parameter may also take the rest of the path, slashes and all (matchRoute's second try).
 */
function walk(node: RouteNode, segments: string[], index: number, values: string[], found: (node: RouteNode, values: string[]) => boolean, rest = false): boolean {
  if (index === segments.length) return hasMethods(node) && found(node, values);
  const raw = segments[index] as string;
  if (rest && index < segments.length - 1 && node.param !== null && raw !== '' && hasMethods(node.param) && found(node.param, [...values, segments.slice(index).map(decode).join('/')])) return true;
  // A segment is matched as sent, then decoded: a template's `/a b/c|d` is sent `/a%20b/c%7Cd`.
  const plain = decode(raw);
  const literal = Object.hasOwn(node.literals, raw) ? node.literals[raw] : plain !== raw && Object.hasOwn(node.literals, plain) ? node.literals[plain] : undefined;
  if (literal && walk(literal, segments, index + 1, values, found, rest)) return true;
  for (const pattern of node.patterns) {
    const match = regexOf(pattern).exec(raw);
    if (match && walk(pattern.node, segments, index + 1, [...values, ...match.slice(1).map(decode)], found, rest)) return true;
    const decoded = plain === raw ? null : regexOf(pattern).exec(plain);
    if (decoded && walk(pattern.node, segments, index + 1, [...values, ...decoded.slice(1)], found, rest)) return true;
  }
  return node.param !== null && raw !== '' && walk(node.param, segments, index + 1, [...values, decode(raw)], found, rest);
}

/**
 * Matches a request path (base path already removed) against the trie: the operation and its
 * path parameters, or the methods the path allows, or null for an unknown path.
 */
export function matchRoute(root: RouteNode, method: string, path: string, discriminate?: Discriminate): RouteMatch | null {
  let allowed: string[] | null = null;
  let result: RouteMatch | null = null;
  const segments = splitPath(path);
  const found = (greedy: boolean) => (node: RouteNode, values: string[]) => {
    const target = Object.hasOwn(node.methods, method) ? node.methods[method] : undefined;
    if (target) {
      const chosen = target.variants?.find((v) => discriminate?.(v.name, v.value) === true) ?? target;
      // Only variants answer here, and the request names none of them: no route.
      if (chosen.operation === '') return false;
      if (greedy && !PATH_LIKE.test(chosen.params.at(-1)?.replace(/[^A-Za-z]/g, '').toLowerCase() ?? '')) return false;
      const params: Record<string, string> = {};
      chosen.params.forEach((name, i) => setOwn(params, name, values[i] ?? ''));
      result = { operation: chosen.operation, params };
      return true;
    }
    if (!greedy) allowed ??= Object.keys(node.methods).sort();
    return false;
  };
  walk(root, segments, 0, [], found(false));
  // A path no route matches may reach a route whose last parameter takes the rest of it:
  // GitHub's `/repos/{owner}/{repo}/contents/{path}` is asked for `contents/docs/readme.md`.
  if (result === null && allowed === null && segments.length > 1) walk(root, segments, 0, [], found(true), true);
  return result ?? (allowed ? { allowed } : null);
}

/** Names of a last path parameter that may hold slashes: a file's path, an object's key, a git ref. */
const PATH_LIKE = /^(path|filepath|key|objectkey|filename|ref)$/;

/** Base paths longest first, without the empty one, per loaded index. */
const sortedBases = new WeakMap<readonly string[], string[]>();

function basesOf(basePaths: readonly string[]): string[] {
  let bases = sortedBases.get(basePaths);
  if (bases === undefined) {
    bases = basePaths.filter((b) => b !== '').sort((a, b) => b.length - a.length);
    sortedBases.set(basePaths, bases);
  }
  return bases;
}

/** Tries the path under each server base path (longest first), then as it is. */
export function matchRequest(index: { routes: RouteNode; basePaths: string[] }, method: string, path: string, discriminate?: Discriminate): RouteMatch | null {
  let fallback: RouteMatch | null = null;
  for (const base of basesOf(index.basePaths)) {
    if (path !== base && !path.startsWith(`${base}/`)) continue;
    const match = matchRoute(index.routes, method, path.slice(base.length) || '/', discriminate);
    if (match && 'operation' in match) return match;
    fallback ??= match;
  }
  const match = matchRoute(index.routes, method, path, discriminate);
  if (match && 'operation' in match) return match;
  return fallback ?? match;
}
