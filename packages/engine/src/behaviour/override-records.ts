import type { RecordPlan } from '../artifact/behaviour.js';
import { isObject, type Json, setOwn } from '../json.js';
import { has, name, notAField, type OverrideChecks, type Path, type RecordFacts, shown } from './override-checks.js';
import { stateFills, withFields, withState } from './override-fills.js';

const RECORD_KEYS = ['fields', 'state', 'fresh', 'settled', 'kept', 'keptUnlessGiven', 'aliases', 'alternateKeys', 'catalog', 'deleted', 'maps', 'derived', 'naming'] as const;

/**
 * The record plan with `records` of an override applied: `state` merged (its starting value
 * kept in step with the state field's fill), then `fields` by field name, `fresh` key by key;
 * the others replace the compiler's.
 */
export function overrideRecords(plan: RecordPlan, value: Json, checks: OverrideChecks, facts: RecordFacts): RecordPlan {
  const path = ['records'];
  const given = checks.object(value, path, RECORD_KEYS);
  if (given === undefined) return plan;
  const out: RecordPlan = { ...plan };
  const order = [...facts.properties.keys()];
  if (has(given, 'state')) {
    const state = withState(plan.state, given['state'] as Json, [...path, 'state'], checks, facts);
    if (state !== undefined) {
      out.fields = stateFills(out.fields, plan.state, state, order);
      out.state = state;
    }
  }
  if (has(given, 'fields')) out.fields = withFields(out.fields, given['fields'] as Json, [...path, 'fields'], checks, facts);
  if (has(given, 'fresh')) out.fresh = withFresh(plan.fresh, given['fresh'] as Json, [...path, 'fresh'], checks, facts);
  if (has(given, 'settled')) out.settled = readSettled(given['settled'] as Json, [...path, 'settled'], checks, facts) ?? plan.settled;
  const fieldOf = (key: string) => (field: string) => (facts.properties.has(field) ? null : notAField(field, [...path, key]));
  for (const key of ['kept', 'keptUnlessGiven', 'alternateKeys', 'maps', 'naming'] as const) {
    if (has(given, key)) out[key] = checks.texts(given[key], [...path, key], fieldOf(key)) ?? plan[key];
  }
  // Aliases are ids a client sends, not fields: any text will do.
  if (has(given, 'aliases')) out.aliases = checks.texts(given['aliases'], [...path, 'aliases']) ?? plan.aliases;
  if (has(given, 'catalog')) out.catalog = checks.bool(given['catalog'], [...path, 'catalog']) ?? plan.catalog;
  if (has(given, 'deleted')) out.deleted = readDeleted(given['deleted'] as Json, [...path, 'deleted'], checks, facts) ?? plan.deleted;
  if (has(given, 'derived')) out.derived = readDerived(given['derived'] as Json, [...path, 'derived'], checks, facts) ?? plan.derived;
  return out;
}

/** Fields written from the record's place, each `{field, template}`; replaces the compiler's. */
function readDerived(value: Json, path: Path, checks: OverrideChecks, facts: RecordFacts): RecordPlan['derived'] | undefined {
  if (!Array.isArray(value)) return checks.invalid(path, `gives ${name(path)} as ${shown(value)}, not a list of \`{field, template}\``);
  return value.flatMap((item, index) => {
    const at = [...path, index];
    const entry = checks.object(item, at, ['field', 'template']);
    if (entry === undefined) return [];
    const field = checks.field(entry['field'], [...at, 'field'], facts);
    const template = checks.text(entry['template'], [...at, 'template']);
    return field === undefined || template === undefined ? [] : [{ field, template }];
  });
}

/** What a new record holds in the fields a create leaves out, each given value merged over the compiler's. */
function withFresh(fresh: Record<string, Json>, value: Json, path: Path, checks: OverrideChecks, facts: RecordFacts): Record<string, Json> {
  if (!isObject(value)) return (checks.invalid(path, `gives ${name(path)} as ${shown(value)}, not an object of field values`), fresh);
  const out = { ...fresh };
  for (const [field, given] of Object.entries(value)) {
    if (!facts.properties.has(field)) checks.invalid([...path, field], notAField(field, path));
    else if (!facts.fits(field, given)) checks.invalid([...path, field], `gives \`${field}\` the value ${shown(given)}, which its schema does not allow`);
    else setOwn(out, field, given);
  }
  return out;
}

/** Totals of what is done to the record's amount, each `{field, end, also?}`. */
function readSettled(value: Json, path: Path, checks: OverrideChecks, facts: RecordFacts): RecordPlan['settled'] | undefined {
  if (!Array.isArray(value)) return checks.invalid(path, `gives ${name(path)} as ${shown(value)}, not a list of \`{field, end, also}\``);
  return value.flatMap((item, index) => {
    const at = [...path, index];
    const entry = checks.object(item, at, ['field', 'end', 'also']);
    if (entry === undefined) return [];
    const field = checks.field(entry['field'], [...at, 'field'], facts);
    const end = checks.text(entry['end'], [...at, 'end']);
    const also = has(entry, 'also') ? checks.text(entry['also'], [...at, 'also']) : null;
    if (field === undefined || end === undefined || also === undefined) return [];
    if (!facts.fits(field, 0)) return (checks.invalid([...at, 'field'], `settles \`${field}\`, which holds no amount`), []);
    return [also === null ? { field, end } : { field, end, also }];
  });
}

/** How a deleted record reads: the flag its deleted form sets (a field of that form, not always of the record) and the record's fields it keeps; null for not found. */
function readDeleted(value: Json, path: Path, checks: OverrideChecks, facts: RecordFacts): RecordPlan['deleted'] | undefined {
  if (value === null) return null;
  const given = checks.object(value, path, ['flag', 'fields']);
  if (given === undefined) return undefined;
  const flag = checks.text(given['flag'], [...path, 'flag']);
  const fields = checks.texts(given['fields'], [...path, 'fields'], (field) => (facts.properties.has(field) ? null : notAField(field, [...path, 'fields'])));
  return flag === undefined || fields === undefined ? undefined : { flag, fields };
}
