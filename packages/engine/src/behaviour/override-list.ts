import type { ArtifactOperation, ListShape } from '../artifact/artifact.js';
import { requestSchema, type SchemaLookup, successSchema } from '../infer/schema-lookup.js';
import { searchDialect } from '../infer/search-dialect.js';
import { isObject, type Json, type JsonObject, setOwn } from '../json.js';
import { overrideNext } from './override-paging.js';
import { has, name, notAField, type OverrideChecks, type Path, type RecordFacts, shown } from './override-checks.js';

const LIST_KEYS = ['paging', 'parameters', 'offsetBase', 'filters', 'ordering', 'search', 'searchBody', 'itemsField', 'itemsWrapper', 'nextCursorField', 'hasMoreField', 'totalField', 'next'] as const;
const PAGING = ['cursor', 'offset', 'page', 'none'] as const;
const ROLES = ['limit', 'offset', 'page', 'cursor', 'sort'] as const;
const ENVELOPE = ['itemsField', 'nextCursorField', 'hasMoreField', 'totalField'] as const;

interface ListContext {
  checks: OverrideChecks;
  facts: RecordFacts;
  lookup: SchemaLookup;
}

/**
 * The list's shape with `list` of an override merged over it: `parameters`, `ordering` and
 * `next` key by key, `filters` replaced. Where the parameters change and `paging` is not
 * given, paging follows them as the compiler decides it: by cursor, offset or page, whichever
 * is named first; how the list pages forward follows too (override-paging.ts).
 */
export function overrideList(op: ArtifactOperation, list: ListShape, value: Json, { checks, facts, lookup }: ListContext): ListShape {
  const given = checks.object(value, ['list'], LIST_KEYS);
  if (given === undefined) return list;
  const out: ListShape = { ...list, parameters: { ...list.parameters } };
  if (has(given, 'searchBody')) {
    const body = checks.bool(given['searchBody'], ['list', 'searchBody']);
    if (body === true) {
      out.searchBody = true;
      out.searchDialect ??= searchDialect();
    }
    else if (body === false) {
      delete out.searchBody;
      delete out.searchDialect;
    }
  }
  const query = new Set(op.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  const body = new Set(out.searchBody === true ? lookup.properties(requestSchema(op)).keys() : []);
  const parameter = (path: Path) => (text: string) => (query.has(text) || body.has(text) ? null : `names \`${text}\` in ${name(path)}, which is neither a query parameter of ${op.id} nor a field of its body`);
  if (has(given, 'parameters')) {
    const roles = checks.object(given['parameters'], ['list', 'parameters'], ROLES) ?? {};
    for (const [role, text] of Object.entries(roles)) {
      const at = ['list', 'parameters', role];
      const chosen = checks.textOrNull(text, at, parameter(at));
      if (chosen !== undefined) out.parameters[role as (typeof ROLES)[number]] = chosen;
    }
    const { cursor, offset, page } = out.parameters;
    if (!has(given, 'paging')) out.paging = cursor !== null ? 'cursor' : offset !== null ? 'offset' : page !== null ? 'page' : 'none';
  }
  if (has(given, 'paging')) out.paging = checks.oneOf(given['paging'], PAGING, ['list', 'paging']) ?? out.paging;
  if (has(given, 'offsetBase')) {
    const base = given['offsetBase'];
    if (Number.isInteger(base) && (base as number) >= 0) out.offsetBase = base as number;
    else checks.invalid(['list', 'offsetBase'], `gives \`list.offsetBase\` as ${shown(base)}, not a whole number from 0`);
  }
  if (has(given, 'filters')) out.filters = readFilters(given['filters'] as Json, parameter, checks, facts) ?? list.filters;
  if (has(given, 'ordering')) {
    const ordering = withOrdering(list.ordering, given['ordering'] as Json, parameter, checks, facts);
    if (ordering === null) delete out.ordering;
    else if (ordering !== undefined) out.ordering = ordering;
  }
  if (has(given, 'search')) {
    const search = checks.textOrNull(given['search'], ['list', 'search'], (text) => (query.has(text) ? null : `names \`${text}\` in \`list.search\`, which is not a query parameter of ${op.id}`));
    if (search === null) delete out.search;
    else if (search !== undefined) out.search = search;
  }
  // Envelope fields are fields of the list's answer; the records' field may sit in the wrapper.
  const answer = lookup.properties(successSchema(op));
  const envelope = (key: string, wrapper: string | undefined) => (text: string) =>
    answer.has(text) || (wrapper !== undefined && lookup.properties(answer.get(wrapper)).has(text)) ? null : `names \`${text}\` in \`list.${key}\`, which is not a field of ${op.id}'s answer`;
  if (has(given, 'itemsWrapper')) {
    const wrapper = checks.textOrNull(given['itemsWrapper'], ['list', 'itemsWrapper'], envelope('itemsWrapper', undefined));
    if (wrapper === null) delete out.itemsWrapper;
    else if (wrapper !== undefined) out.itemsWrapper = wrapper;
  }
  for (const key of ENVELOPE) {
    if (!has(given, key)) continue;
    const chosen = checks.textOrNull(given[key], ['list', key], envelope(key, key === 'itemsField' ? out.itemsWrapper : undefined));
    if (chosen !== undefined) out[key] = chosen;
  }
  const next = overrideNext(op, list, out, has(given, 'next') ? (given['next'] as Json) : undefined, checks, lookup);
  if (next !== undefined) out.next = next;
  return out;
}

type ParameterCheck = (path: Path) => (text: string) => string | null;

function readFilters(value: Json, parameter: ParameterCheck, checks: OverrideChecks, facts: RecordFacts): ListShape['filters'] | undefined {
  const path = ['list', 'filters'];
  if (!Array.isArray(value)) return checks.invalid(path, `gives ${name(path)} as ${shown(value)}, not a list of \`{parameter, field}\``);
  return value.flatMap((item, index) => {
    const at = [...path, index];
    const entry = checks.object(item, at, ['parameter', 'field', 'any', 'default']);
    if (entry === undefined) return [];
    const chosen = checks.text(entry['parameter'], [...at, 'parameter']);
    const why = chosen === undefined ? null : parameter([...at, 'parameter'])(chosen);
    if (why !== null) checks.invalid([...at, 'parameter'], why);
    const field = checks.field(entry['field'], [...at, 'field'], facts);
    const any = has(entry, 'any') ? checks.texts(entry['any'], [...at, 'any']) : [];
    const byDefault = has(entry, 'default') ? checks.texts(entry['default'], [...at, 'default']) : [];
    if (chosen === undefined || why !== null || field === undefined || any === undefined || byDefault === undefined) return [];
    return [{ parameter: chosen, field, ...(any.length > 0 ? { any } : {}), ...(has(entry, 'default') ? { default: byDefault } : {}) }];
  });
}

function withOrdering(ordering: ListShape['ordering'], value: Json, parameter: ParameterCheck, checks: OverrideChecks, facts: RecordFacts): ListShape['ordering'] | null | undefined {
  if (value === null) return null;
  const path = ['list', 'ordering'];
  const given = checks.object(value, path, ['direction', 'fields', 'sortDefault', 'directionDefault']);
  if (given === undefined) return undefined;
  const out = { ...(ordering ?? { direction: null, fields: {}, sortDefault: null, directionDefault: null }) };
  for (const key of ['direction', 'sortDefault', 'directionDefault'] as const) {
    if (!has(given, key)) continue;
    const chosen = checks.textOrNull(given[key], [...path, key], key === 'direction' ? parameter([...path, key]) : undefined);
    if (chosen !== undefined) out[key] = chosen;
  }
  if (has(given, 'fields')) {
    const fields = given['fields'];
    if (!isObject(fields)) checks.invalid([...path, 'fields'], `gives \`list.ordering.fields\` as ${shown(fields)}, not an object of sort values and the fields they name`);
    else out.fields = sortFields(fields, [...path, 'fields'], checks, facts);
  }
  return out;
}

/** Sort values by the item field each names; a value naming no field is reported and left out. */
function sortFields(fields: JsonObject, path: Path, checks: OverrideChecks, facts: RecordFacts): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [value, field] of Object.entries(fields)) {
    if (typeof field === 'string' && facts.properties.has(field)) setOwn(out, value, field);
    else checks.invalid([...path, value], typeof field === 'string' ? notAField(field, path) : `gives the sort value \`${value}\` as ${shown(field)}, not a field name`);
  }
  return out;
}
