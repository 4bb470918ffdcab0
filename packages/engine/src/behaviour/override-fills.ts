import { FIELD_FILLS, type FieldFill, type StatePlan, TIME_FORMS, type TimeForm } from '../artifact/behaviour.js';
import { isObject, type Json } from '../json.js';
import { MAIL_DATE_FORMATS } from '../vocabulary/records.js';
import { has, name, type OverrideChecks, type Path, type RecordFacts, shown } from './override-checks.js';

/** A time of each form, to see which forms a field can hold. */
const SAMPLES: Record<TimeForm, Json> = {
  instant: '2024-01-02T03:04:05Z',
  date: '2024-01-02',
  epoch: 1704164645,
  rfc2822: 'Tue, 02 Jan 2024 03:04:05 +0000',
  rfc1123: 'Tue, 02 Jan 2024 03:04:05 GMT',
};

const FILL_KEYS: Record<FieldFill['fill'], readonly string[]> = {
  created: ['field', 'fill', 'time'],
  updated: ['field', 'fill', 'time'],
  end: ['field', 'fill', 'time', 'end'],
  initial: ['field', 'fill', 'value', 'waiting'],
};

/**
 * The fields' fills with the override's entries applied in order: an entry replaces the fill
 * of its field or adds one, in the item schema's order; `fill: null` takes it away.
 */
export function withFields(fields: readonly FieldFill[], value: Json, path: Path, checks: OverrideChecks, facts: RecordFacts): FieldFill[] {
  if (!Array.isArray(value)) return (checks.invalid(path, `gives ${name(path)} as ${shown(value)}, not a list of field fills`), [...fields]);
  let out = [...fields];
  const order = [...facts.properties.keys()];
  for (const [index, entry] of value.entries()) {
    const at = [...path, index];
    if (!isObject(entry)) {
      checks.invalid(at, `gives ${name(at)} as ${shown(entry)}, not an object with \`field\` and \`fill\``);
      continue;
    }
    const field = checks.field(entry['field'], [...at, 'field'], facts);
    if (field === undefined) continue;
    if (entry['fill'] === null) {
      out = out.filter((fill) => fill.field !== field);
      continue;
    }
    const fill = readFill(entry, field, at, checks, facts);
    if (fill !== undefined) out = placed(out, fill, order);
  }
  return out;
}

function readFill(entry: Record<string, Json>, field: string, at: Path, checks: OverrideChecks, facts: RecordFacts): FieldFill | undefined {
  const kind = checks.oneOf(entry['fill'], FIELD_FILLS, [...at, 'fill']);
  if (kind === undefined) return undefined;
  const stray = Object.keys(entry).find((key) => !FILL_KEYS[kind].includes(key));
  if (stray !== undefined) return checks.invalid([...at, stray], `gives \`${stray}\` to a \`${kind}\` fill, which takes ${FILL_KEYS[kind].join(', ')}`);
  if (kind === 'initial') return readInitial(entry, field, at, checks, facts);
  // An e-mail or HTTP date format says its form where the schema check cannot (ajv does not know the format).
  const format = facts.properties.get(field)?.['format'];
  const named = typeof format === 'string' && Object.hasOwn(MAIL_DATE_FORMATS, format) ? MAIL_DATE_FORMATS[format] : undefined;
  const fits = TIME_FORMS.filter((form) => facts.fits(field, SAMPLES[form])).sort((a, b) => Number(b === named) - Number(a === named));
  let time: TimeForm | undefined;
  if (has(entry, 'time')) {
    time = checks.oneOf(entry['time'], TIME_FORMS, [...at, 'time']);
    if (time === undefined) return undefined;
    if (!fits.includes(time)) return checks.invalid([...at, 'time'], `gives \`time: ${time}\` for \`${field}\`, whose schema holds ${fits.length === 0 ? 'no time of any form' : `only a time of the form ${fits.join(', ')}`}`);
  } else if ((time = fits[0]) === undefined) return checks.invalid([...at, 'field'], `stamps \`${field}\` with a time, but its schema holds no time of any form (${TIME_FORMS.join(', ')})`);
  if (kind !== 'end') return { field, fill: kind, time };
  const end = checks.text(entry['end'], [...at, 'end']);
  return end === undefined ? undefined : { field, fill: kind, time, end };
}

function readInitial(entry: Record<string, Json>, field: string, at: Path, checks: OverrideChecks, facts: RecordFacts): FieldFill | undefined {
  if (!has(entry, 'value') && !has(entry, 'waiting')) return checks.invalid(at, `gives an \`initial\` fill for \`${field}\` without \`value\` or \`waiting\``);
  if (has(entry, 'value') && !facts.fits(field, entry['value'] as Json)) return checks.invalid([...at, 'value'], `starts \`${field}\` at ${shown(entry['value'])}, which its schema does not allow`);
  const waiting = has(entry, 'waiting') ? readWaiting(entry['waiting'], field, [...at, 'waiting'], checks, facts) : [];
  if (waiting === undefined) return undefined;
  return { field, fill: 'initial', ...(has(entry, 'value') ? { value: entry['value'] as Json } : {}), ...(waiting.length > 0 ? { waiting } : {}) };
}

/** States that wait for a field (`requires_payment_method` for `payment_method`). */
function readWaiting(value: Json | undefined, state: string, path: Path, checks: OverrideChecks, facts: RecordFacts): Array<{ value: string; field: string }> | undefined {
  if (!Array.isArray(value)) return checks.invalid(path, `gives ${name(path)} as ${shown(value)}, not a list of \`{value, field}\``);
  const out: Array<{ value: string; field: string }> = [];
  for (const [index, item] of value.entries()) {
    const at = [...path, index];
    const entry = checks.object(item, at, ['value', 'field']);
    if (entry === undefined) return undefined;
    const text = checks.text(entry['value'], [...at, 'value']);
    if (text === undefined) return undefined;
    if (!facts.fits(state, text)) return checks.invalid([...at, 'value'], `gives the state ${shown(text)}, which \`${state}\`'s schema does not allow`);
    const field = checks.field(entry['field'], [...at, 'field'], facts);
    if (field === undefined) return undefined;
    out.push({ value: text, field });
  }
  return out;
}

/**
 * The state with the override merged over it (or given anew, with its `field`), or null to have
 * none. The merged state is checked whole: its values must fit the field it names.
 */
export function withState(state: StatePlan | null, value: Json, path: Path, checks: OverrideChecks, facts: RecordFacts): StatePlan | null | undefined {
  if (value === null) return null;
  const given = checks.object(value, path, ['field', 'initial', 'waiting', 'ends']);
  if (given === undefined) return undefined;
  const merged: StatePlan = { ...(state ?? { field: '', initial: null, waiting: [], ends: [] }) };
  if (has(given, 'field')) {
    // The rest of the state is about the field named: without it, none of it can be placed.
    const field = checks.field(given['field'], [...path, 'field'], facts);
    if (field === undefined) return undefined;
    merged.field = field;
  }
  if (merged.field === '') return checks.invalid(path, `gives ${name(path)} without \`field\`, and the record has no state to change`);
  if (has(given, 'initial')) merged.initial = given['initial'] as Json;
  if (has(given, 'waiting')) merged.waiting = readWaiting(given['waiting'], merged.field, [...path, 'waiting'], checks, facts) ?? merged.waiting;
  if (has(given, 'ends')) merged.ends = checks.texts(given['ends'], [...path, 'ends'], (end) => (facts.fits(merged.field, end) ? null : `gives the end ${shown(end)}, which \`${merged.field}\`'s schema does not allow`)) ?? merged.ends;
  if (!facts.fits(merged.field, merged.initial)) return checks.invalid([...path, 'initial'], `starts \`${merged.field}\` at ${shown(merged.initial)}, which its schema does not allow`);
  return merged;
}

/** The fields' fills kept in step with a changed state: its starting value is its field's `initial` fill. */
export function stateFills(fields: readonly FieldFill[], before: StatePlan | null, after: StatePlan | null, order: readonly string[]): FieldFill[] {
  const others = fields.filter((fill) => !(fill.fill === 'initial' && fill.field === before?.field));
  if (after === null) return others;
  return placed(others, { field: after.field, fill: 'initial', value: after.initial, ...(after.waiting.length > 0 ? { waiting: after.waiting } : {}) }, order);
}

/** The fills with `fill` in place of its field's, or added before the first field that comes after it in the item schema. */
function placed(fields: readonly FieldFill[], fill: FieldFill, order: readonly string[]): FieldFill[] {
  const place = fields.findIndex((f) => f.field === fill.field);
  if (place >= 0) return fields.flatMap((f, i) => (i === place ? [fill] : f.field === fill.field ? [] : [f]));
  const later = fields.findIndex((f) => order.indexOf(f.field) > order.indexOf(fill.field));
  return later < 0 ? [...fields, fill] : [...fields.slice(0, later), fill, ...fields.slice(later)];
}
