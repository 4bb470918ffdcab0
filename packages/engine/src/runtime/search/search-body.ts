import type { SearchDialect, SearchOperator } from '../../artifact/artifact.js';
import { squash } from '../text.js';
import { isObject, type Json, type JsonObject } from '../../json.js';
import { jsonFilter, meetsGroup, searchMatcher } from './search-query.js';

type Operator = SearchOperator;

/** Bounds on what is read of a body: nesting and conditions. */
const MAX_DEPTH = 4;
const MAX_CONDITIONS = 64;

interface Condition {
  /** The record field's name without case, `_` or `-`; a plural (`location_ids`) also tries its singular. */
  names: string[];
  op: Operator;
  value: Json;
}

/**
 * Whether a record matches the body of a search by POST, or null when the body chooses no
 * records. A JSON filter (Autotask's `{"filter": [{"op": "eq", ...}]}`, HubSpot's
 * `filterGroups`) or a query text (`{"query": "email:'ann@example.com'"}`) is read as a search
 * query (search-query.ts). Otherwise the body's objects are read as criteria, as Square's searches write them
 * (`{"query": {"filter": {"email_address": {"fuzzy": "example.com"}, "created_at":
 * {"start_at": ...}}}}`): a key naming a field of the record is a condition on it (a value
 * equals; a list holds it; `exact`, `fuzzy`, `values`, `all`, `start_at`/`end_at`, `gte`...
 * compare), any other object is looked into. Only fields the records declare (`declared`, by
 * their squashed names) are criteria: an option such as `include_deleted` is not a field to match.
 * Every condition must hold; a record without the field fails it.
 */
export function bodyMatcher(body: Json | undefined, declared: ReadonlyMap<string, string>, dialect: SearchDialect): ((record: JsonObject) => boolean) | null {
  if (!isObject(body)) return null;
  const filter = jsonFilter(body);
  if (filter !== null) return (record) => meetsGroup(record, filter);
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string' && value.trim() !== '' && dialect.queryFields.includes(squash(key))) return searchMatcher(value);
  const conditions: Condition[] = [];
  collect(body, 0, conditions, declared, dialect);
  if (conditions.length === 0) return null;
  return (record) => {
    const fields = new Map(Object.keys(record).map((name) => [squash(name), name]));
    return conditions.every((condition) => {
      const name = condition.names.map((n) => fields.get(n)).find((n) => n !== undefined);
      return name !== undefined && holds(record[name], condition.op, condition.value);
    });
  };
}

/** Reads an object's criteria into `out`. */
function collect(node: JsonObject, depth: number, out: Condition[], declared: ReadonlyMap<string, string>, dialect: SearchDialect): void {
  const operators = dialect.operators;
  for (const [key, value] of Object.entries(node)) {
    const name = squash(key);
    if (out.length >= MAX_CONDITIONS || dialect.optionFields.includes(name)) continue;
    const names = (name.endsWith('s') && name.length > 2 ? [name, name.slice(0, -1)] : [name]).filter((n) => declared.has(n));
    if (isObject(value)) {
      // `{"values": [...], "rule": "INCLUDE"}`: the comparisons, beside settings that are plain values.
      const compared = Object.entries(value).filter(([word]) => Object.hasOwn(operators, squash(word)));
      if (names.length > 0 && compared.length > 0 && Object.entries(value).every(([word, v]) => Object.hasOwn(operators, squash(word)) || isScalar(v))) for (const [word, operand] of compared) out.push({ names, op: operators[squash(word)]!, value: operand });
      else if (depth < MAX_DEPTH) collect(value, depth + 1, out, declared, dialect);
    } else if (names.length === 0) {
      const bound = rangeOf(name, declared, dialect);
      if (bound !== null && isScalar(value)) out.push({ names: [bound.field], op: bound.op, value });
    } else if (Array.isArray(value)) {
      if (value.every(isScalar)) out.push({ names, op: 'in', value });
    } else if (isScalar(value)) out.push({ names, op: 'eq', value });
  }
}

/** The declared field and comparison a key bounds (`min_amount`: `amount` at least), or null. */
function rangeOf(name: string, declared: ReadonlyMap<string, string>, dialect: SearchDialect): { field: string; op: Operator } | null {
  const { lower, upper } = dialect;
  const tries: Array<[string, Operator]> = [
    ...lower.prefixes.map((w): [string, Operator] => [name.startsWith(w) ? name.slice(w.length) : '', 'gte']),
    ...upper.prefixes.map((w): [string, Operator] => [name.startsWith(w) ? name.slice(w.length) : '', 'lte']),
    ...lower.suffixes.map((w): [string, Operator] => [name.endsWith(w) ? name.slice(0, -w.length) : '', 'gte']),
    ...upper.suffixes.map((w): [string, Operator] => [name.endsWith(w) ? name.slice(0, -w.length) : '', 'lte']),
  ];
  for (const [stem, op] of tries) {
    if (stem === '') continue;
    // `created_after` bounds `created_at`, `created` or `created_date`.
    const field = dialect.stemEndings.map((ending) => `${stem}${ending}`).find((f) => declared.has(f));
    if (field !== undefined) return { field, op };
  }
  return null;
}

function isScalar(value: Json): boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Texts compare without case; numbers as numbers; times and other texts in their order. */
function holds(found: Json | undefined, op: Operator, wanted: Json): boolean {
  if (found === undefined || found === null) return false;
  const text = (v: Json) => String(v).toLowerCase();
  if (Array.isArray(found)) {
    const held = found.filter(isScalar).map(text);
    if (op === 'all') return Array.isArray(wanted) && wanted.every((w) => held.includes(text(w)));
    if (op === 'in') return Array.isArray(wanted) && wanted.some((w) => held.includes(text(w)));
    return isScalar(wanted) && held.includes(text(wanted));
  }
  if (!isScalar(found)) return false;
  switch (op) {
    case 'eq':
      return isScalar(wanted) && text(found) === text(wanted);
    case 'contains':
      return isScalar(wanted) && text(found).includes(text(wanted));
    case 'in':
    case 'all':
      return Array.isArray(wanted) ? (op === 'in' ? wanted.some((w) => text(w) === text(found)) : wanted.every((w) => text(w) === text(found))) : text(found) === text(wanted);
    default: {
      if (!isScalar(wanted)) return false;
      const [a, b] = typeof found === 'number' && Number.isFinite(Number(wanted)) ? [found, Number(wanted)] : [text(found), text(wanted)];
      return op === 'gte' ? a >= b : op === 'lte' ? a <= b : op === 'gt' ? a > b : a < b;
    }
  }
}
