import type { LifecycleRule } from '../artifact/artifact.js';
import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { isObject, type Json, type JsonObject } from '../json.js';
import { parseDuration } from './duration.js';
import { isTimeSchema } from './inferred-rules.js';

/** The extension that declares what time does to a schema's records (docs/clock.md). */
export const LIFECYCLE_EXTENSION = 'x-simplane-lifecycle';

const KEYS = new Set(['name', 'at', 'after', 'from', 'set', 'delete', 'when', 'enabled']);

/** What checking a declared rule needs to know about the resource it is declared on. */
export interface DeclaredContext {
  /** Where the extension is, for warnings: `components.schemas.Token.x-simplane-lifecycle`. */
  location: string;
  /** The item schema's properties, references followed. */
  properties: Map<string, JsonObject>;
  /** Whether a value fits the item field's schema. */
  fits(field: string, value: Json): boolean;
  diagnostics: Diagnostics;
}

/**
 * The resource's rules once the extension is applied to the inferred ones, in order: a declared
 * rule replaces the rule of its name (keeping its place) or comes after the others; an entry
 * with `enabled: false` switches the rule of its name off. A rule that cannot be read is a
 * warning (`lifecycle_rule_invalid`) and is left out; the build goes on.
 */
export function applyDeclared(inferred: readonly LifecycleRule[], extension: Json, context: DeclaredContext): LifecycleRule[] {
  const rules = [...inferred];
  const entries = Array.isArray(extension) ? extension : [extension];
  for (const [index, entry] of entries.entries()) {
    const at = `${context.location}[${index}]`;
    const invalid = (why: string) => context.diagnostics.warn('lifecycle_rule_invalid', { location: at }, `The lifecycle rule ${why}; it is left out.`);
    if (!isObject(entry)) {
      invalid('is not an object');
      continue;
    }
    if (entry['enabled'] === false) {
      const name = entry['name'];
      const found = typeof name === 'string' ? rules.findIndex((r) => r.name === name) : -1;
      if (typeof name !== 'string') invalid('switches a rule off (`enabled: false`) but names none (`name`)');
      else if (found === -1) context.diagnostics.warn('lifecycle_rule_unmatched', { location: at }, `No lifecycle rule is named \`${name}\`, so \`enabled: false\` switches nothing off.`);
      else rules.splice(found, 1);
      continue;
    }
    const rule = readRule(entry, context, invalid);
    if (rule === null) continue;
    const same = rules.findIndex((r) => r.name === rule.name);
    if (same === -1) rules.push(rule);
    else rules[same] = rule;
  }
  return rules;
}

function readRule(entry: JsonObject, context: DeclaredContext, invalid: (why: string) => void): LifecycleRule | null {
  const unknown = Object.keys(entry).find((key) => !KEYS.has(key));
  if (unknown !== undefined) return fail(invalid, `has a key it does not know (\`${unknown}\`; use name, at, after, from, set, delete, when, enabled)`);
  if (entry['enabled'] !== undefined && entry['enabled'] !== true) return fail(invalid, 'gives `enabled` as something other than true or false');
  if (entry['name'] !== undefined && (typeof entry['name'] !== 'string' || entry['name'] === '')) return fail(invalid, 'gives `name` as something other than a non-empty string');
  const timeField = (key: string): string | null => {
    const field = entry[key];
    if (typeof field !== 'string') return fail(invalid, `gives \`${key}\` as something other than a field name`);
    const schema = context.properties.get(field);
    if (schema === undefined) return fail(invalid, `names \`${field}\` in \`${key}\`, which is not a field of the record`);
    if (!isTimeSchema(schema)) return fail(invalid, `names \`${field}\` in \`${key}\`, which holds no time (a date-time or date string, or epoch seconds)`);
    return field;
  };
  let at: string | null = null;
  let after: string | null = null;
  let from: string | null = null;
  if ((entry['at'] === undefined) === (entry['after'] === undefined)) return fail(invalid, 'needs exactly one of `at` (a time field) and `after` (a duration, with `from`)');
  if (entry['at'] !== undefined) {
    if (entry['from'] !== undefined) return fail(invalid, 'gives `from` beside `at`; `from` goes with `after`');
    if ((at = timeField('at')) === null) return null;
  } else {
    if (typeof entry['after'] !== 'string' || parseDuration(entry['after']) === null) return fail(invalid, `gives \`after\` as ${JSON.stringify(entry['after'])}, not an ISO 8601 duration such as P30D or PT1H`);
    after = entry['after'];
    if (entry['from'] === undefined) return fail(invalid, 'gives `after` without `from`, the time field it counts from');
    if ((from = timeField('from')) === null) return null;
  }
  const remove = entry['delete'];
  const set = entry['set'];
  if (remove !== undefined && remove !== true && remove !== false) return fail(invalid, 'gives `delete` as something other than true');
  if ((remove === true) === (set !== undefined)) return fail(invalid, 'needs exactly one of `set` (field values) and `delete: true`');
  if (set !== undefined) {
    if (!isObject(set) || Object.keys(set).length === 0) return fail(invalid, 'gives `set` as something other than an object of field values');
    for (const [field, value] of Object.entries(set)) {
      if (!context.properties.has(field)) return fail(invalid, `sets \`${field}\`, which is not a field of the record`);
      if (!context.fits(field, value)) return fail(invalid, `sets \`${field}\` to ${JSON.stringify(value)}, which its schema does not allow`);
    }
  }
  const when = readWhen(entry['when'], context, invalid);
  if (when === undefined) return null;
  const name = typeof entry['name'] === 'string' ? entry['name'] : defaultName(at, after, from, isObject(set) ? set : null);
  return { name, source: 'declared', type: remove === true ? 'delete' : 'set', at, after, from, set: remove === true ? null : (set as JsonObject), delete: remove === true, when };
}

/** The precondition, or undefined when it cannot be read (the rule is left out). */
function readWhen(when: Json | undefined, context: DeclaredContext, invalid: (why: string) => void): Record<string, Json[]> | null | undefined {
  if (when === undefined) return null;
  if (!isObject(when) || Object.keys(when).length === 0) return fail(invalid, 'gives `when` as something other than an object of field values') ?? undefined;
  const out: Record<string, Json[]> = {};
  for (const [field, values] of Object.entries(when)) {
    if (!context.properties.has(field)) return fail(invalid, `names \`${field}\` in \`when\`, which is not a field of the record`) ?? undefined;
    const list = Array.isArray(values) ? values : [values];
    if (list.length === 0) return fail(invalid, `gives no value for \`${field}\` in \`when\``) ?? undefined;
    Object.defineProperty(out, field, { value: list, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A declared rule without a name is named by what it does: `status=expired-after-P30D-from-created_at`, `delete-at-expires_at`. */
function defaultName(at: string | null, after: string | null, from: string | null, set: JsonObject | null): string {
  const effect = set === null ? 'delete' : Object.entries(set).map(([field, value]) => `${field}=${typeof value === 'string' ? value : JSON.stringify(value)}`).join(',');
  return at !== null ? `${effect}-at-${at}` : `${effect}-after-${after}-from-${from}`;
}

function fail(invalid: (why: string) => void, why: string): null {
  invalid(why);
  return null;
}
