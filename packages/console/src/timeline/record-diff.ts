/**
 * What an update changed in a record: the API names the top-level fields that differ; this walks
 * into them so a nested change shows as `address.city` instead of two whole objects side by side.
 * Values are JSON as the API answers them, typed `unknown` because they are read, never trusted.
 */

export type DiffKind = 'added' | 'removed' | 'changed';

export interface FieldDiff {
  /** Where the value sits: `name`, `owner.address.city`, `tags[2]`, `["a key"]`. */
  path: string;
  kind: DiffKind;
  /** The value before; absent when `added`. */
  before?: unknown;
  /** The value after; absent when `removed`. */
  after?: unknown;
}

/** Deeper than this, a differing value is shown whole: a diff nobody can read helps nobody. */
const MAX_DEPTH = 6;

/** The differences between two versions of a record, in the order their fields appear. */
export function diffRecords(before: unknown, after: unknown): FieldDiff[] {
  const out: FieldDiff[] = [];
  walk(before, after, '', 0, out);
  return out;
}

function walk(before: unknown, after: unknown, path: string, depth: number, out: FieldDiff[]): void {
  if (depth < MAX_DEPTH && isPlainObject(before) && isPlainObject(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((key) => !Object.hasOwn(before, key))];
    for (const key of keys) {
      const at = joinKey(path, key);
      if (!Object.hasOwn(after, key)) out.push({ path: at, kind: 'removed', before: before[key] });
      else if (!Object.hasOwn(before, key)) out.push({ path: at, kind: 'added', after: after[key] });
      else walk(before[key], after[key], at, depth + 1, out);
    }
    return;
  }
  if (depth < MAX_DEPTH && Array.isArray(before) && Array.isArray(after) && path !== '') {
    const length = Math.max(before.length, after.length);
    for (let index = 0; index < length; index += 1) {
      const at = `${path}[${index}]`;
      if (index >= after.length) out.push({ path: at, kind: 'removed', before: before[index] });
      else if (index >= before.length) out.push({ path: at, kind: 'added', after: after[index] });
      else walk(before[index], after[index], at, depth + 1, out);
    }
    return;
  }
  if (!sameJson(before, after)) out.push({ path: path === '' ? '(record)' : path, kind: 'changed', before, after });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function joinKey(path: string, key: string): string {
  if (!IDENTIFIER.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** Equal as JSON values: key order does not matter, array order does. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
  }
  return false;
}

/** A value on one line, cut at `max` characters, for a table cell. */
export function compactJson(value: unknown, max = 160): string {
  if (value === undefined) return '—';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
