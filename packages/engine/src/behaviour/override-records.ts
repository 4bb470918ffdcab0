import { ID_KINDS, type IdForm, type RecordPlan } from '../artifact/behaviour.js';
import { isObject, type Json, setOwn } from '../json.js';
import { has, name, notAField, type OverrideChecks, type Path, type RecordFacts, shown } from './override-checks.js';
import { stateFills, withFields, withState } from './override-fills.js';

const RECORD_KEYS = ['fields', 'state', 'fresh', 'settled', 'kept', 'keptUnlessGiven', 'aliases', 'alternateKeys', 'catalog', 'deleted', 'maps', 'derived', 'naming', 'idForm', 'countedIn', 'references', 'namedIds', 'inherits', 'moves', 'secrets', 'compoundKey', 'wellKnownIds'] as const;
const ID_FORM_KEYS = ['kind', 'values', 'pattern', 'example', 'prefix', 'alphabet', 'length'] as const;
/** What each kind of id form cannot do without. */
const ID_FORM_NEEDS: Partial<Record<IdForm['kind'], 'values' | 'pattern' | 'example' | 'alphabet'>> = { values: 'values', pattern: 'pattern', example: 'example', prefixed: 'alphabet' };

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
  // Ids a client sends, as aliases are; none takes the list away.
  if (has(given, 'wellKnownIds')) {
    const ids = checks.texts(given['wellKnownIds'], [...path, 'wellKnownIds']);
    if (ids !== undefined && ids.length > 0) out.wellKnownIds = ids;
    else if (ids !== undefined) delete out.wellKnownIds;
  }
  if (has(given, 'catalog')) out.catalog = checks.bool(given['catalog'], [...path, 'catalog']) ?? plan.catalog;
  // A read answering undefined was refused; null is an answer (no deleted form, nothing counted).
  if (has(given, 'deleted')) out.deleted = orKept(readDeleted(given['deleted'] as Json, [...path, 'deleted'], checks, facts), plan.deleted);
  if (has(given, 'derived')) out.derived = readDerived(given['derived'] as Json, [...path, 'derived'], checks, facts) ?? plan.derived;
  if (has(given, 'countedIn')) out.countedIn = orKept(readCountedIn(given['countedIn'] as Json, [...path, 'countedIn'], checks), plan.countedIn);
  for (const key of ['references', 'namedIds'] as const) if (has(given, key)) out[key] = readFieldMap(given[key] as Json, [...path, key], checks, facts) ?? plan[key];
  if (has(given, 'inherits')) out.inherits = readInherits(given['inherits'] as Json, [...path, 'inherits'], checks, facts) ?? plan.inherits;
  if (has(given, 'moves')) out.moves = readMoves(given['moves'] as Json, [...path, 'moves'], checks) ?? plan.moves;
  // Secrets are `{field, template}` as derived fields are.
  if (has(given, 'secrets')) out.secrets = readDerived(given['secrets'] as Json, [...path, 'secrets'], checks, facts) ?? plan.secrets;
  if (has(given, 'compoundKey')) {
    // The routes a compound key reads by are the compiler's; which field the name is, the override's.
    const key = plan.compoundKey === undefined ? checks.invalid([...path, 'compoundKey'], 'gives `records.compoundKey`, but no route reads these records by an owner and a name') : checks.object(given['compoundKey'], [...path, 'compoundKey'], ['field']);
    const field = key === undefined || !has(key, 'field') ? undefined : checks.text(key['field'], [...path, 'compoundKey', 'field']);
    if (field !== undefined && !facts.properties.has(field)) notAField(field, [...path, 'compoundKey', 'field']);
    else if (field !== undefined && plan.compoundKey !== undefined) {
      out.compoundKey = { ...plan.compoundKey, field };
      out.alternateKeys = [...new Set([...out.alternateKeys.filter((other) => other !== plan.compoundKey!.field), field])];
    }
  }
  if (has(given, 'idForm')) {
    const idForm = readIdForm(given['idForm'] as Json, [...path, 'idForm'], checks);
    if (idForm !== undefined) out.idForm = idForm;
  }
  return out;
}

/** Item fields mapped to the resources they name (`{customer: 'customers'}`); replaces the compiler's. */
function readFieldMap(value: Json, path: Path, checks: OverrideChecks, facts: RecordFacts): Record<string, string> | undefined {
  if (!isObject(value)) return checks.invalid(path, `gives ${name(path)} as ${shown(value)}, not an object of fields and resource names`);
  const out: Record<string, string> = {};
  for (const [field, target] of Object.entries(value)) {
    const resource = checks.text(target, [...path, field]);
    if (!facts.properties.has(field)) checks.invalid([...path, field], notAField(field, path));
    else if (resource !== undefined) setOwn(out, field, resource);
  }
  return out;
}

/** What a new record takes from the record a field names, each `{field, from, fields}`; replaces the compiler's. */
function readInherits(value: Json, path: Path, checks: OverrideChecks, facts: RecordFacts): RecordPlan['inherits'] | undefined {
  if (!Array.isArray(value)) return checks.invalid(path, `gives ${name(path)} as ${shown(value)}, not a list of \`{field, from, fields}\``);
  return value.flatMap((item, index) => {
    const at = [...path, index];
    const entry = checks.object(item, at, ['field', 'from', 'fields']);
    if (entry === undefined) return [];
    const field = checks.field(entry['field'], [...at, 'field'], facts);
    const from = checks.text(entry['from'], [...at, 'from']);
    const fields = checks.texts(entry['fields'], [...at, 'fields'], (taken) => (facts.properties.has(taken) ? null : notAField(taken, [...at, 'fields'])));
    return field === undefined || from === undefined || fields === undefined ? [] : [{ field, from, fields }];
  });
}

/** The totals of other records these records' amount adds to, each `{target, via: {parameter} | {field}, total, flag}`; replaces the compiler's. */
function readMoves(value: Json, path: Path, checks: OverrideChecks): RecordPlan['moves'] | undefined {
  if (!Array.isArray(value)) return checks.invalid(path, `gives ${name(path)} as ${shown(value)}, not a list of \`{target, via, total, flag}\``);
  return value.flatMap((item, index) => {
    const at = [...path, index];
    const entry = checks.object(item, at, ['target', 'via', 'total', 'flag']);
    if (entry === undefined) return [];
    const target = checks.text(entry['target'], [...at, 'target']);
    const total = checks.text(entry['total'], [...at, 'total']);
    const flag = has(entry, 'flag') && entry['flag'] !== null ? checks.text(entry['flag'], [...at, 'flag']) : null;
    const via = checks.object(entry['via'], [...at, 'via'], ['parameter', 'field']);
    const by = via === undefined ? undefined : has(via, 'parameter') ? checks.text(via['parameter'], [...at, 'via', 'parameter']) : checks.text(via['field'], [...at, 'via', 'field']);
    if (target === undefined || total === undefined || flag === undefined || via === undefined || by === undefined) return [];
    return [{ target, via: has(via, 'parameter') ? { parameter: by } : { field: by }, total, flag }];
  });
}

/** What an override gave, or the decided value where it gave nothing usable (undefined; null is a value). */
function orKept<T>(given: T | undefined, decided: T): T {
  return given === undefined ? decided : given;
}

/** The parent's field counting these records, `{parent, parameter, field}`, or null for none; the parent's field is not checked here, as it is another resource's. */
function readCountedIn(value: Json, path: Path, checks: OverrideChecks): RecordPlan['countedIn'] | undefined {
  if (value === null) return null;
  const given = checks.object(value, path, ['parent', 'parameter', 'field']);
  if (given === undefined) return undefined;
  const parent = checks.text(given['parent'], [...path, 'parent']);
  const parameter = checks.text(given['parameter'], [...path, 'parameter']);
  const field = checks.text(given['field'], [...path, 'field']);
  return parent === undefined || parameter === undefined || field === undefined ? undefined : { parent, parameter, field };
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

/**
 * How new ids look, `{kind, ...}` as RecordPlan.idForm holds it, replacing the compiler's; null
 * for the `<resource>_` form. A form without what its kind needs (a `pattern` that does not
 * compile, a `prefixed` without an alphabet) is left out whole.
 */
function readIdForm(value: Json, path: Path, checks: OverrideChecks): IdForm | null | undefined {
  if (value === null) return null;
  const given = checks.object(value, path, ID_FORM_KEYS);
  if (given === undefined) return undefined;
  const kind = checks.oneOf(given['kind'], ID_KINDS, [...path, 'kind']);
  if (kind === undefined) return undefined;
  const form: IdForm = { kind, from: 'override' };
  let valid = true;
  const text = (key: 'pattern' | 'example' | 'prefix' | 'alphabet', empty = false) => {
    if (!has(given, key)) return;
    const item = given[key];
    const read = empty && item === '' ? '' : checks.text(item, [...path, key]);
    if (read === undefined) valid = false;
    else form[key] = read;
  };
  text('pattern');
  text('example');
  text('prefix', true);
  text('alphabet');
  if (has(given, 'values')) {
    const values = given['values'];
    if (Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === 'string' || typeof v === 'number')) form.values = values as Array<string | number>;
    else valid = checks.invalid([...path, 'values'], `gives ${name([...path, 'values'])} as ${shown(values)}, not a list of strings and numbers`) ?? false;
  }
  if (has(given, 'length')) {
    const length = given['length'];
    if (typeof length === 'number' && Number.isSafeInteger(length) && length >= 1 && length <= 128) form.length = length;
    else valid = checks.invalid([...path, 'length'], `gives ${name([...path, 'length'])} as ${shown(length)}, not a whole number from 1 to 128`) ?? false;
  }
  if (form.pattern !== undefined && !compiles(form.pattern)) valid = checks.invalid([...path, 'pattern'], `gives ${name([...path, 'pattern'])} as ${shown(form.pattern)}, which is not a regular expression`) ?? false;
  const needs = ID_FORM_NEEDS[kind];
  if (needs !== undefined && form[needs] === undefined) valid = checks.invalid(path, `gives ${name(path)} the kind \`${kind}\` without \`${needs}\``) ?? false;
  return valid ? form : undefined;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}
