import { isObject, type Json, type JsonObject } from '../json.js';

/** A longest query read; the rest is ignored. */
const MAX_QUERY = 2048;
/**
 * `field:'value'`, `-field~"value"`, `metadata['key']:'value'`, `field=value`, `amount>1000`:
 * an optional `-` that negates, the field, the operator, a quoted or bare value.
 */
const TERM = /(-?)([A-Za-z_][\w.]*(?:\[['"]?[^\]'"]+['"]?\])?)\s*(>=|<=|[:~=<>])\s*(?:'([^']*)'|"([^"]*)"|([^\s'"()]+))/g;
/** Words that join terms (Stripe's `AND`, `OR`) rather than name a value. */
const JOINERS = new Set(['and', 'or', 'not']);
/** A joiner `OR` between two terms or words. */
const OR = /(?:^|[\s()])or(?:[\s()]|$)/i;

interface Term {
  negated: boolean;
  path: string[];
  op: string;
  /** Lower-case text; null for a bare `null`, which matches a field that is absent or null. */
  value: string | null;
}

/**
 * Whether a record matches a search query. Terms of Stripe's search language (`field:'value'`;
 * `:` and `=` match the value, `~` a part of it, without case; `>`, `<`, `>=`, `<=` compare
 * numbers; `metadata['key']` reaches into an object; `-` negates; `null` is a field absent or
 * null) joined by `AND`, or by `OR`, which binds looser: `a AND b OR c` is `(a AND b) OR c`. A
 * query without such terms is free text, each of whose words must appear in one of the
 * record's texts, at the top or one level down, or one group of them where `OR` parts them. A
 * JSON filter (jsonFilter) is read as its conditions.
 */
export function searchMatcher(query: string): (record: JsonObject) => boolean {
  const text = query.slice(0, MAX_QUERY);
  const conditions = jsonFilter(query);
  if (conditions !== null) return (record) => conditions.every((condition) => holds(record, condition));
  const groups: Term[][] = [];
  let end = 0;
  for (const m of text.matchAll(TERM)) {
    const between = text.slice(end, m.index);
    if (groups.length === 0 || OR.test(between)) groups.push([]);
    end = m.index + m[0].length;
    const bare = m[6];
    groups.at(-1)!.push({ negated: m[1] === '-', path: fieldPath(m[2] as string), op: m[3] as string, value: bare !== undefined && bare.toLowerCase() === 'null' ? null : (m[4] ?? m[5] ?? bare ?? '').toLowerCase() });
  }
  if (groups.length > 0) return (record) => groups.some((group) => group.every((term) => meets(record, term) !== term.negated));
  const wordGroups = text
    .split(OR)
    .filter((part) => part.trim() !== '' && !/^[\s()]*$/.test(part))
    .map((part) =>
      part
        .split(/\s+/)
        .map((w) => w.replace(/^["'(]+|["')]+$/g, '').toLowerCase())
        .filter((w) => w !== '' && !JOINERS.has(w)),
    )
    .filter((words) => words.length > 0);
  if (wordGroups.length === 0) return () => true;
  return (record) => {
    const texts = textsOf(record);
    return wordGroups.some((words) => words.every((word) => texts.some((t) => t.includes(word))));
  };
}

/** Whether a record's field meets a term, before its negation. */
function meets(record: JsonObject, { path, op, value }: Term): boolean {
  const found = valueAt(record, path);
  if (value === null) return found === undefined || found === null;
  if (found === undefined || found === null || isObject(found) || Array.isArray(found)) return false;
  const have = String(found).toLowerCase();
  if (op === '~') return have.includes(value);
  if (op === ':' || op === '=') return have === value;
  const [a, b] = typeof found === 'number' && value.trim() !== '' && Number.isFinite(Number(value)) ? [found, Number(value)] : [have, value];
  return op === '>' ? a > b : op === '<' ? a < b : op === '>=' ? a >= b : a <= b;
}

/** One condition of a JSON filter: `{"op": "eq", "field": "companyName", "value": "Acme"}`. */
interface Condition {
  op: string;
  path: string[];
  value: Json | undefined;
}

/** Largest JSON filter read, in characters and in conditions. */
const MAX_FILTER = 16 * 1024;
const MAX_CONDITIONS = 64;

/**
 * The conditions of a JSON filter, as Autotask's query endpoints take it
 * (`search={"filter":[{"op":"eq","field":"id","value":7}]}`); grouped conditions (`items`)
 * are read as further conditions, all of which must hold. Null for any other query.
 */
function jsonFilter(query: string): Condition[] | null {
  const trimmed = query.trim();
  if (!trimmed.startsWith('{') || trimmed.length > MAX_FILTER) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return null;
  }
  if (!isObject(parsed as Json) || !Array.isArray((parsed as JsonObject).filter)) return null;
  const out: Condition[] = [];
  const visit = (items: Json[], depth: number) => {
    for (const item of items) {
      if (!isObject(item) || out.length >= MAX_CONDITIONS || depth > 4) continue;
      if (Array.isArray(item.items)) visit(item.items, depth + 1);
      if (typeof item.op === 'string' && typeof item.field === 'string') out.push({ op: item.op.toLowerCase(), path: fieldPath(item.field), value: item.value });
    }
  };
  visit((parsed as JsonObject).filter as Json[], 0);
  return out;
}

/** Whether a record meets one condition; field names compare without case, as Autotask's do. */
function holds(record: JsonObject, condition: Condition): boolean {
  const found = valueAt(record, condition.path, true);
  const have = found === undefined || found === null ? null : String(found).toLowerCase();
  const want = condition.value === undefined || condition.value === null ? '' : String(condition.value).toLowerCase();
  const numbers = typeof found === 'number' && typeof condition.value === 'number';
  switch (condition.op) {
    case 'exist':
      return have !== null;
    case 'notexist':
      return have === null;
    case 'eq':
      return have === want;
    case 'noteq':
      return have !== want;
    case 'contains':
      return have !== null && have.includes(want);
    case 'beginswith':
      return have !== null && have.startsWith(want);
    case 'endswith':
      return have !== null && have.endsWith(want);
    case 'in':
      return have !== null && Array.isArray(condition.value) && condition.value.some((v) => String(v).toLowerCase() === have);
    case 'gt':
      return numbers ? (found as number) > (condition.value as number) : have !== null && have > want;
    case 'gte':
      return numbers ? (found as number) >= (condition.value as number) : have !== null && have >= want;
    case 'lt':
      return numbers ? (found as number) < (condition.value as number) : have !== null && have < want;
    case 'lte':
      return numbers ? (found as number) <= (condition.value as number) : have !== null && have <= want;
    default:
      return true;
  }
}

/** `metadata['key']` → `['metadata', 'key']`; `address.city` → `['address', 'city']`. */
function fieldPath(field: string): string[] {
  return field
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')
    .split('.')
    .filter((part) => part !== '');
}

function valueAt(record: JsonObject, path: string[], anyCase = false): Json | undefined {
  let at: Json | undefined = record;
  for (const part of path) {
    if (!isObject(at)) return undefined;
    const key: string | undefined = Object.hasOwn(at, part) ? part : anyCase ? Object.keys(at).find((k) => k.toLowerCase() === part.toLowerCase()) : undefined;
    if (key === undefined) return undefined;
    at = at[key];
  }
  return at;
}

/** The record's texts and numbers as lower-case text, at the top and one level down. */
function textsOf(record: JsonObject): string[] {
  const out: string[] = [];
  const add = (value: Json | undefined) => {
    if (typeof value === 'string' || typeof value === 'number') out.push(String(value).toLowerCase());
  };
  for (const value of Object.values(record)) {
    add(value);
    if (isObject(value)) for (const inner of Object.values(value)) add(inner);
  }
  return out;
}
