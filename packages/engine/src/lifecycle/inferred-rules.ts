import type { JsonSchema, LifecycleRule } from '../artifact/artifact.js';
import { stateFields } from '../infer/item-fields.js';
import { squash } from '../infer/naming.js';
import type { SchemaLookup } from '../infer/schema-lookup.js';
import type { JsonObject } from '../json.js';
import { NOT_STARTED_STATES, READY_STATES_AFTER_HOLD, TERMINAL_STATES } from '../vocabulary/states.js';
import { ENDS, STATE_END_SUFFIXES } from '../vocabulary/times.js';

const terminalStates: ReadonlySet<string> = new Set(TERMINAL_STATES);
const notStartedStates: ReadonlySet<string> = new Set(NOT_STARTED_STATES);

/** A field that can hold a time the runtime reads: a date-time or date string, or epoch seconds. */
export function isTimeSchema(schema: JsonObject): boolean {
  const types = Array.isArray(schema['type']) ? schema['type'] : [schema['type']];
  if (types.includes('string')) return ['date-time', 'date'].includes(String(schema['format']));
  return types.includes('integer') || types.includes('number');
}

/** The inferred rule's name: the state it sets and the field that times it, `expired-at-expires_at`. */
export function inferredName(value: string, timeField: string): string {
  return `${value}-at-${timeField}`;
}

/**
 * The values a record may move from: those that are neither the rule's target, nor an end of
 * the record's life, nor before its start. Null when none is left (nothing to schedule).
 */
function liveValues(values: readonly string[], target: string): string[] | null {
  const live = values.filter((v) => v !== target && !terminalStates.has(squash(v)) && !notStartedStates.has(squash(v)));
  return live.length === 0 ? null : live;
}

/**
 * What time does to a record, as the item schema shows it: a time field named like an end
 * (vocabulary/times.ts ENDS) beside a state enum with the matching value sets that value once the
 * time passes (`expires_at` and `expired`), from any state still live; a field that ends a
 * state (`trial_end`) moves a record still in it (`trialing`) to its ready state (`active`).
 */
export function inferredRules(item: JsonSchema | null, lookup: SchemaLookup): LifecycleRule[] {
  const properties = lookup.properties(item);
  const states = stateFields(item, lookup);
  const rules: LifecycleRule[] = [];
  for (const [timeField, schema] of properties) {
    if (!isTimeSchema(lookup.deref(schema) ?? schema)) continue;
    const rule = endRule(timeField, states) ?? stateEndRule(timeField, states);
    if (rule !== null && !rules.some((r) => r.name === rule.name)) rules.push(rule);
  }
  return rules;
}

function rule(type: 'expiry' | 'set', timeField: string, stateField: string, value: string, from: string[]): LifecycleRule {
  return { name: inferredName(value, timeField), source: 'inferred', type, at: timeField, after: null, from: null, set: { [stateField]: value }, delete: false, when: { [stateField]: from } };
}

function endRule(timeField: string, states: [string, string[]][]): LifecycleRule | null {
  const end = ENDS.find((e) => e.fields.includes(squash(timeField)));
  if (end === undefined) return null;
  for (const [stateField, values] of states) {
    const value = end.values.map((wanted) => values.find((v) => squash(v) === wanted)).find((v) => v !== undefined);
    const live = value === undefined ? null : liveValues(values, value);
    if (value !== undefined && live !== null) return rule('expiry', timeField, stateField, value, live);
  }
  return null;
}

/** The forms a state takes from the word a field names it by: trial → `trial`, `trialing`, `in_trial`. */
function stateNamesOf(stem: string): string[] {
  return [stem, `${stem}ing`, `in${stem}`, `${stem}ed`, `${stem}d`, `${stem}period`];
}

function stateEndRule(timeField: string, states: [string, string[]][]): LifecycleRule | null {
  const name = squash(timeField);
  const suffix = STATE_END_SUFFIXES.find((s) => name.endsWith(s) && name.length > s.length);
  if (suffix === undefined) return null;
  const forms = new Set(stateNamesOf(name.slice(0, -suffix.length)));
  for (const [stateField, values] of states) {
    const held = values.filter((v) => forms.has(squash(v)));
    const ready = READY_STATES_AFTER_HOLD.map((wanted) => values.find((v) => squash(v) === wanted)).find((v) => v !== undefined);
    if (held.length > 0 && ready !== undefined) return rule('set', timeField, stateField, ready, held);
  }
  return null;
}
