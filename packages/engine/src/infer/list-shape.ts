import { unannotated } from '../annotations.js';
import type { ListShape, JsonSchema } from '../artifact/artifact.js';
import type { Json, JsonObject } from '../json.js';
import type { NormalisedOperation } from '../normalise/model.js';
import { squash, words } from './naming.js';
import { type SchemaLookup, successSchema } from './schema-lookup.js';
import { bodyPagingInputs, canHoldCursor, canHoldPosition, conventionalCursor, conventionalHasMoreField, conventionalNextCursorField, listNext } from './list-paging.js';
import {
  DIRECTION_PARAMETERS,
  DIRECTION_VALUES,
  ENUM_DIRECTION_PARAMETERS,
  HAS_MORE_FIELDS,
  ITEMS_FIELDS,
  LINK_FIELDS,
  NEXT_CURSOR_FIELDS,
  PAGING_PARAMETERS,
  TOTAL_FIELDS,
  WILDCARD_VALUES,
} from '../vocabulary/paging.js';
import { TIME_SUFFIXES } from '../vocabulary/times.js';

const linkFields: ReadonlySet<string> = new Set(LINK_FIELDS);

export interface ListItems {
  itemSchema: JsonSchema;
  /** Null for a bare array; else the envelope field holding the records. */
  itemsField: string | null;
  /** The envelope field that holds the items field, where HAL's `_embedded` does; absent when the items field is the envelope's own. */
  itemsWrapper?: string;
  envelopeFields: string[];
}

/** Where a list answer keeps its records: a bare array, or an array field of an envelope. */
export function listItems(op: NormalisedOperation, lookup: SchemaLookup, resourceWord: string): ListItems | null {
  const schema = successSchema(op);
  if (schema === null) return null;
  const bare = lookup.arrayItems(schema);
  if (bare !== null) return { itemSchema: bare, itemsField: null, envelopeFields: [] };
  const properties = lookup.properties(schema);
  // AWS describes each use of a list type: `{allOf: [{$ref: UserPoolListType}, {description}]}`.
  // The resource's last word too: Mailchimp's `/campaign-folders` lists `folders`.
  const last = squash(words(resourceWord).at(-1) ?? '');
  const preferred = [...ITEMS_FIELDS, squash(resourceWord), `${squash(resourceWord)}s`, ...(last === '' ? [] : [last, `${last}s`])];
  const itemsOf = (fields: Map<string, JsonObject>): string | undefined => {
    const arrays = [...fields].filter(([, s]) => lookup.arrayItems(unannotated(s)) !== null).map(([name]) => name);
    // Links beside the records (`_links`) are not the records.
    const records = arrays.filter((name) => !linkFields.has(squash(name)));
    return arrays.find((name) => preferred.includes(squash(name))) ?? (records.length === 1 ? records[0] : undefined);
  };
  const field = itemsOf(properties);
  if (field !== undefined) return { itemSchema: lookup.arrayItems(unannotated(properties.get(field))) ?? {}, itemsField: field, envelopeFields: [...properties.keys()] };
  // HAL keeps a page's records under `_embedded` (`{"_embedded": {"applications": [...]}, "total_items": 3}`: Vonage, Akeneo);
  // a SOAP answer in the one element that holds the list (`<ListAccountsResponse><accounts><account>...`).
  const soleObject = op.path.includes('#SOAP=') ? [...properties].filter(([, sub]) => lookup.properties(sub).size > 0) : [];
  const wrapper = [...properties.keys()].find((name) => name === '_embedded') ?? (soleObject.length === 1 ? soleObject[0]![0] : undefined);
  const inner = wrapper === undefined ? null : lookup.properties(properties.get(wrapper));
  const embedded = inner === null ? undefined : itemsOf(inner);
  if (wrapper === undefined || inner === null || embedded === undefined) return null;
  return { itemSchema: lookup.arrayItems(unannotated(inner.get(embedded))) ?? {}, itemsField: embedded, itemsWrapper: wrapper, envelopeFields: [...properties.keys()] };
}

function pick(names: string[], candidates: readonly string[]): string | null {
  for (const candidate of candidates) {
    const found = names.find((n) => squash(n) === candidate);
    if (found !== undefined) return found;
  }
  return null;
}

const wildcardValues: ReadonlySet<string> = new Set(WILDCARD_VALUES);

/** The enum values of a schema, or of its items for an array parameter (`?state=a&state=b`). */
function enumValues(schema: Json | undefined, lookup: SchemaLookup): Json[] | null {
  const node = lookup.deref(schema);
  if (node === null) return null;
  if (Array.isArray(node['enum'])) return node['enum'];
  const items = lookup.arrayItems(node);
  const inner = items === null ? null : lookup.deref(items);
  return inner !== null && Array.isArray(inner['enum']) ? inner['enum'] : null;
}

/**
 * Values a filter parameter declares that stand for no filter: those its enum or default offer
 * that the field cannot hold (GitHub's `state` of `open`, `closed` or `all`, where an issue is
 * `open` or `closed`), and `all`, `any`, `*` or `none` when the field's schema lists no values
 * of its own. A value the field can hold always filters.
 */
function wildcards(parameterSchema: Json | undefined, fieldSchema: Json | undefined, lookup: SchemaLookup): string[] {
  const offered = [...(enumValues(parameterSchema, lookup) ?? []).map((v) => String(v)), ...(defaultValues(parameterSchema, lookup) ?? [])];
  const held = enumValues(fieldSchema, lookup);
  const heldTexts = held === null ? null : new Set(held.map((v) => String(v)));
  return [...new Set(offered)].filter((v) => (heldTexts === null ? wildcardValues.has(v.toLowerCase()) : !heldTexts.has(v)));
}

/** Parameters that may give a direction, in the order they are preferred: those named so, then those whose enum says so. */
const DIRECTION_NAMES = [...DIRECTION_PARAMETERS, ...ENUM_DIRECTION_PARAMETERS];
const directionValues: ReadonlySet<string> = new Set(DIRECTION_VALUES);
/** Suffixes a sort value leaves off its field's name: GitHub's `sort=created` orders by `created_at`. */
const SORT_FIELD_SUFFIXES = ['', ...TIME_SUFFIXES];

/** A query parameter that gives a sort direction: its enum is `asc` and `desc`, or, without an enum, its name says direction. */
function isDirection(schema: Json | undefined, name: string, lookup: SchemaLookup): boolean {
  const values = enumValues(schema, lookup)?.filter((v) => v !== null);
  if (values !== undefined && values.length > 0) return values.every((v) => typeof v === 'string' && directionValues.has(v.toLowerCase()));
  return DIRECTION_PARAMETERS.includes(squash(name));
}

/** A sort value without its own direction: `-created` and `created:desc` sort by `created`. */
export function bareSortValue(value: string): string {
  return value.replace(/^[-+]/, '').replace(/:(asc|desc)$/i, '');
}

/**
 * How a list is ordered beyond its sort parameter's raw value: the direction parameter, the
 * item field each sort value names, and the defaults a request that leaves them out gets (a
 * sort default only where it names a field). Null when there is nothing to add.
 */
function orderingOf(sortSchema: Json | undefined, direction: string | null, directionSchema: Json | undefined, fields: Map<string, string>, lookup: SchemaLookup): NonNullable<ListShape['ordering']> | null {
  const named: Record<string, string> = {};
  const sortDefault = defaultValues(sortSchema, lookup)?.[0] ?? null;
  for (const value of [...(enumValues(sortSchema, lookup) ?? []), ...(sortDefault === null ? [] : [sortDefault])]) {
    if (typeof value !== 'string') continue;
    const bare = bareSortValue(value);
    const field = SORT_FIELD_SUFFIXES.map((suffix) => fields.get(squash(bare) + suffix)).find((f) => f !== undefined);
    if (field !== undefined && field !== bare) named[bare] = field;
  }
  const bareDefault = sortDefault === null ? null : bareSortValue(sortDefault);
  const usableDefault = bareDefault !== null && (Object.hasOwn(named, bareDefault) || [...fields.values()].includes(bareDefault)) ? sortDefault : null;
  const directionDefault = defaultValues(directionSchema, lookup)?.[0] ?? null;
  if (direction === null && Object.keys(named).length === 0 && usableDefault === null) return null;
  return { direction, fields: named, sortDefault: usableDefault, directionDefault: direction === null ? null : directionDefault };
}

/**
 * A filter parameter's declared default, as the texts it filters by (GitHub's `state` is `open`
 * unless a request says otherwise). An empty default (VocaDB's `categoryName=""`) filters by nothing.
 */
function defaultValues(schema: Json | undefined, lookup: SchemaLookup): string[] | null {
  const node = lookup.deref(schema);
  if (node === null || !Object.hasOwn(node, 'default')) return null;
  const value = node['default'];
  const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== '');
  return values.length > 0 && values.every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') ? values.map((v) => String(v)) : null;
}

/**
 * Paging roles and filters a list operation's query parameters play (paging roles also its
 * body's fields), its envelope fields, and how it pages forward (infer/list-paging.ts).
 */
export function listShape(op: NormalisedOperation, items: ListItems | null, lookup: SchemaLookup): ListShape {
  const query = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const body = bodyPagingInputs(op, lookup, query);
  const schemaOf = (name: string | null) => (name === null ? undefined : (op.parameters.find((p) => p.in === 'query' && p.name === name)?.schema ?? body.find((b) => b.name === name)?.schema));
  // `order=asc|desc` says a direction, not a field to sort by.
  const directions = query.filter((name) => isDirection(schemaOf(name), name, lookup));
  // A paging role goes to a query parameter, else to a field of the body, where the runtime also reads paging values.
  const bodyNames = body.map((b) => b.name);
  const role = (candidates: readonly string[], usable: (name: string) => boolean = () => true): string | null => pick(query.filter(usable), candidates) ?? pick(bodyNames.filter(usable), candidates);
  // A time (GitHub's `before` on notifications) or a number bounds a list; it does not carry a cursor. A text carries no position.
  const cursorLike = (name: string) => canHoldCursor(schemaOf(name), lookup);
  const positionLike = (name: string) => canHoldPosition(schemaOf(name), lookup);
  const parameters = {
    limit: role(PAGING_PARAMETERS.limit),
    offset: role(PAGING_PARAMETERS.offset, positionLike),
    page: role(PAGING_PARAMETERS.page, positionLike),
    cursor: role(PAGING_PARAMETERS.cursor, cursorLike) ?? conventionalCursor([...query, ...bodyNames].filter(cursorLike)),
    sort: pick(query.filter((name) => !directions.includes(name)), PAGING_PARAMETERS.sort),
  };
  const direction = pick(directions, DIRECTION_NAMES);
  const roles = new Set([...Object.values(parameters), direction].filter((v): v is string => v !== null));
  const itemFields = lookup.properties(items?.itemSchema);
  const fields = new Map([...itemFields.keys()].map((name) => [squash(name), name]));
  const declared = orderingOf(parameters.sort === null ? undefined : schemaOf(parameters.sort), direction, schemaOf(direction), fields, lookup);
  // A list that says it answers the newest first (Stripe's) does so where its parameters set no order of their own.
  const ordering = op.newestFirst === true && declared?.sortDefault == null && declared?.directionDefault == null ? { ...(declared ?? { direction, fields: {}, sortDefault: null }), directionDefault: 'desc' } : declared;
  const filters = query
    .filter((name) => !roles.has(name))
    .flatMap((parameter) => {
      const field = fields.get(squash(parameter));
      if (field === undefined) return [];
      const schema = schemaOf(parameter);
      const any = wildcards(schema, itemFields.get(field), lookup);
      const byDefault = defaultValues(schema, lookup);
      return [{ parameter, field, ...(any.length > 0 ? { any } : {}), ...(byDefault === null ? {} : { default: byDefault }) }];
    });
  const envelope = items?.envelopeFields ?? [];
  // SCIM's `startIndex` counts from 1 (its default is 1): the record at 1 is the first.
  const offsetSchema = lookup.deref(schemaOf(parameters.offset));
  const fromOne = offsetSchema !== null && (offsetSchema['default'] === 1 || offsetSchema['minimum'] === 1);
  const paging = parameters.cursor ? 'cursor' : parameters.offset ? 'offset' : parameters.page ? 'page' : 'none';
  const nextCursorField = pick(envelope, NEXT_CURSOR_FIELDS) ?? conventionalNextCursorField(envelope, parameters.cursor);
  return {
    paging,
    parameters,
    ...(fromOne ? { offsetBase: 1 } : {}),
    filters,
    ...(ordering === null ? {} : { ordering }),
    itemsField: items?.itemsField ?? null,
    ...(items?.itemsWrapper === undefined ? {} : { itemsWrapper: items.itemsWrapper }),
    nextCursorField,
    hasMoreField: pick(envelope, HAS_MORE_FIELDS) ?? conventionalHasMoreField(envelope),
    totalField: pick(envelope, TOTAL_FIELDS),
    next: listNext(op, paging, parameters.cursor, nextCursorField, lookup),
  };
}
