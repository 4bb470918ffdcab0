import { isObject, type Json, type JsonObject } from '../../json.js';

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
  const filter = jsonFilter(query);
  if (filter !== null) return (record) => meetsGroup(record, filter);
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
  /** The upper bound of a `between`. */
  high?: Json;
}

/** Conditions that must all hold, or of which one must. */
interface Group {
  any: boolean;
  members: Array<Condition | Group>;
}

/** Largest JSON filter read, in characters and in conditions. */
const MAX_FILTER = 16 * 1024;
const MAX_CONDITIONS = 64;

/** Operator spellings read as one: HubSpot's `NEQ` is `noteq`, `HAS_PROPERTY` is `exist`. */
const OPERATOR_ALIASES: Record<string, string> = { neq: 'noteq', ne: 'noteq', hasproperty: 'exist', nothasproperty: 'notexist', containstoken: 'contains', notcontainstoken: 'notcontains' };

/**
 * A JSON filter, as Autotask's query endpoints take it
 * (`search={"filter":[{"op":"eq","field":"id","value":7}]}`, all of them; a group
 * `{"op":"or","items":[...]}` holds when any of its items does, `and` when all do), or as
 * HubSpot's searches write it (`{"filterGroups":[{"filters":[{"propertyName":"email",
 * "operator":"EQ","value":"..."}]}]}`: any group, all of its filters). Null for any other query.
 */
export function jsonFilter(query: string | JsonObject): Group | null {
  let parsed: Json;
  if (typeof query === 'string') {
    const trimmed = query.trim();
    if (!trimmed.startsWith('{') || trimmed.length > MAX_FILTER) return null;
    try {
      parsed = JSON.parse(trimmed) as Json;
    } catch {
      return null;
    }
  } else parsed = query;
  if (!isObject(parsed)) return null;
  let count = 0;
  const read = (items: Json[], any: boolean, depth: number): Group => {
    const members: Group['members'] = [];
    for (const item of items) {
      if (!isObject(item) || count >= MAX_CONDITIONS || depth > 4) continue;
      const op = typeof item.op === 'string' ? item.op : typeof item.operator === 'string' ? item.operator : '';
      const nested = Array.isArray(item.items) ? item.items : Array.isArray(item.filters) ? item.filters : null;
      if (nested !== null) members.push(read(nested, op.toLowerCase() === 'or', depth + 1));
      const field = [item.field, item.propertyName, item.property].find((f): f is string => typeof f === 'string');
      if (field === undefined || op === '') continue;
      const squashed = op.toLowerCase().replace(/[_\s-]/g, '');
      count += 1;
      members.push({ op: OPERATOR_ALIASES[squashed] ?? squashed, path: fieldPath(field), value: item.value ?? item.values, ...(item.highValue === undefined ? {} : { high: item.highValue }) });
    }
    return { any, members };
  };
  const [list, any] = Array.isArray(parsed.filterGroups) ? [parsed.filterGroups, true] : Array.isArray(parsed.filter) ? [parsed.filter, false] : Array.isArray(parsed.filters) ? [parsed.filters, false] : [null, false];
  if (list === null) return null;
  const group = read(list, any, 0);
  // A list of something other than conditions is not such a filter.
  return count === 0 && list.length > 0 ? null : group;
}

/** Whether a record meets a group of a JSON filter. */
export function meetsGroup(record: JsonObject, group: Group): boolean {
  const check = (member: Condition | Group) => ('members' in member ? meetsGroup(record, member) : holds(record, member));
  return group.any ? group.members.length === 0 || group.members.some(check) : group.members.every(check);
}

/**
 * Whether a record meets one condition; field names compare without case, as Autotask's do.
 * A field the record lacks at the top is looked for in its `properties` (HubSpot keeps a
 * contact's `email` there).
 */
function holds(record: JsonObject, condition: Condition): boolean {
  let found = valueAt(record, condition.path, true);
  if (found === undefined && isObject(record.properties)) found = valueAt(record.properties, condition.path, true);
  const have = found === undefined || found === null ? null : String(found).toLowerCase();
  const want = condition.value === undefined || condition.value === null ? '' : String(condition.value).toLowerCase();
  const among = (values: Json | undefined) => have !== null && Array.isArray(values) && values.some((v) => String(v).toLowerCase() === have);
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
    case 'notcontains':
      return have === null || !have.includes(want);
    case 'beginswith':
      return have !== null && have.startsWith(want);
    case 'endswith':
      return have !== null && have.endsWith(want);
    case 'in':
      return among(condition.value);
    case 'notin':
      return !among(condition.value);
    case 'between':
      return compare(found, have, condition.value, want) >= 0 && compare(found, have, condition.high, condition.high === undefined || condition.high === null ? '' : String(condition.high).toLowerCase()) <= 0;
    case 'gt':
      return compare(found, have, condition.value, want) > 0;
    case 'gte':
      return compare(found, have, condition.value, want) >= 0;
    case 'lt':
      return compare(found, have, condition.value, want) < 0;
    case 'lte':
      return compare(found, have, condition.value, want) <= 0;
    default:
      return true;
  }
}

/** The order of a found value against a wanted one: as numbers when both are (HubSpot sends numbers as texts), else as texts; NaN when the field is absent. */
function compare(found: Json | undefined, have: string | null, wanted: Json | undefined, want: string): number {
  if (have === null) return Number.NaN;
  const a = typeof found === 'number' ? found : Number(have);
  const b = typeof wanted === 'number' ? wanted : Number(want);
  if (have.trim() !== '' && want.trim() !== '' && Number.isFinite(a) && Number.isFinite(b)) return a - b;
  return have < want ? -1 : have > want ? 1 : 0;
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
