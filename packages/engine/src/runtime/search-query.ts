import { isObject, type Json, type JsonObject } from '../json.js';

/** A longest query read; the rest is ignored. */
const MAX_QUERY = 2048;
/** `field:'value'`, `field~"value"`, `metadata['key']:'value'`, `field=value`. */
const TERM = /([A-Za-z_][\w.]*(?:\[['"]?[^\]'"]+['"]?\])?)\s*([:~=])\s*(?:'([^']*)'|"([^"]*)"|([^\s'"()]+))/g;
/** Words that join terms (Stripe's `AND`, `OR`) rather than name a value. */
const JOINERS = new Set(['and', 'or', 'not']);

/**
 * Whether a record matches a search query. Terms of the form `field:'value'` (Stripe's search
 * language; `:` and `=` match the value, `~` a part of it, without case; `metadata['key']`
 * reaches into an object) must all hold; a query without such terms is free text, each of
 * whose words must appear in one of the record's texts, at the top or one level down. `OR`
 * is read as `AND`: a Simulation's search answers fewer records rather than wrong ones.
 */
export function searchMatcher(query: string): (record: JsonObject) => boolean {
  const text = query.slice(0, MAX_QUERY);
  const terms = [...text.matchAll(TERM)].map((m) => ({ path: fieldPath(m[1] as string), op: m[2] as string, value: (m[3] ?? m[4] ?? m[5] ?? '').toLowerCase() }));
  if (terms.length > 0) {
    return (record) =>
      terms.every(({ path, op, value }) => {
        const found = valueAt(record, path);
        if (found === undefined || found === null || isObject(found) || Array.isArray(found)) return false;
        const have = String(found).toLowerCase();
        return op === '~' ? have.includes(value) : have === value;
      });
  }
  const words = text
    .split(/\s+/)
    .map((w) => w.replace(/^["']|["']$/g, '').toLowerCase())
    .filter((w) => w !== '' && !JOINERS.has(w));
  if (words.length === 0) return () => true;
  return (record) => {
    const texts = textsOf(record);
    return words.every((word) => texts.some((t) => t.includes(word)));
  };
}

/** `metadata['key']` → `['metadata', 'key']`; `address.city` → `['address', 'city']`. */
function fieldPath(field: string): string[] {
  return field
    .replace(/\[['"]?([^\]'"]+)['"]?\]/g, '.$1')
    .split('.')
    .filter((part) => part !== '');
}

function valueAt(record: JsonObject, path: string[]): Json | undefined {
  let at: Json | undefined = record;
  for (const part of path) {
    if (!isObject(at) || !Object.hasOwn(at, part)) return undefined;
    at = at[part];
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
