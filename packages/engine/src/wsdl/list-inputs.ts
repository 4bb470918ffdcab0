import { unannotated } from '../annotations.js';
import type { ArtifactOperation, ArtifactParameter, ListShape } from '../artifact/artifact.js';
import type { SoapModel } from '../artifact/soap.js';
import { isObject, type Json, type JsonObject } from '../json.js';
import { canHoldCursor, conventionalNextCursorField, listNext } from '../infer/list-paging.js';
import { listItems, listShape } from '../infer/list-shape.js';
import { squash } from '../infer/naming.js';
import { requestSchema, type SchemaLookup } from '../infer/schema-lookup.js';
import { NEXT_CURSOR_FIELDS, WILDCARD_VALUES } from '../vocabulary/paging.js';
import { ONE_BASED_OFFSETS, SOAP_HAS_MORE_FIELDS, SOAP_NEXT_CURSOR_FIELDS, SOAP_PAGING_INPUTS, SOAP_TOTAL_FIELDS } from '../vocabulary/soap-lists.js';

/**
 * What a SOAP list's input asks of it, decided at build time as a REST list's query parameters
 * are (infer/list-shape.ts): the input's elements (a wrapper's children, an rpc call's parts)
 * are read as the list's parameters. One named as a field of the listed record filters on it
 * (`<status>ACTIVE</status>`, a repeated one by any of its values); a number named as a limit,
 * offset or page bounds and pages it (`<maxResults>`, `<startIndex>`, `<PageNumber>`); a text
 * named as a continuation token continues it (`<pageToken>`). The elements of each object the
 * input holds (`<criteria><status/></criteria>`, `<paging><pageSize/></paging>`) are read beside
 * the others. The SOAP model keeps where each parameter the ListShape names is in the input
 * (SoapMessage.parameters), so the protocol hands behaviours their values as query values.
 */
export function soapListShapes(operations: ArtifactOperation[], soap: SoapModel, lookup: SchemaLookup): ArtifactOperation[] {
  return operations.map((op) => {
    const message = soap.operations[op.id]?.input;
    if (op.behaviour !== 'list' || op.list === null || op.resource === null || message === undefined) return op;
    const inputs = listInputs(op, lookup);
    const list = soapListShape(op, op.resource, inputs, lookup);
    const named = new Set([...list.filters.map((f) => f.parameter), ...Object.values(list.parameters), list.ordering?.direction ?? null]);
    const located = inputs.filter((input) => named.has(input.name));
    if (located.length > 0) message.parameters = Object.fromEntries(located.map((input) => [input.name, input.path]));
    return { ...op, list };
  });
}

/** An element of a list's input that may filter or page it: its name, its place in the input, its schema. */
interface ListInput {
  name: string;
  path: string[];
  schema: JsonObject;
}

/**
 * The input's simple elements (a value, or a repeated value), then those of each object
 * element it holds, one level down. A name two objects share is left out: which of them a
 * filter would mean is not clear (`<from><date/></from><to><date/></to>`).
 */
function listInputs(op: ArtifactOperation, lookup: SchemaLookup): ListInput[] {
  const top = lookup.properties(requestSchema(op));
  const out: ListInput[] = [];
  const nested: ListInput[] = [];
  for (const [name, schema] of top) {
    if (name.startsWith('$')) continue;
    if (isValue(schema, lookup)) out.push({ name, path: [name], schema });
    else if (isGroup(schema, lookup)) for (const [inner, held] of lookup.properties(schema)) if (!inner.startsWith('$') && isValue(held, lookup)) nested.push({ name: inner, path: [name, inner], schema: held });
  }
  const count = (name: string) => nested.filter((input) => input.name === name).length;
  return [...out, ...nested.filter((input) => !top.has(input.name) && count(input.name) === 1)];
}

/**
 * The ListShape REST's inference gives the input's elements as query parameters, with what
 * SOAP asks beyond it: a limit, offset or page is a number, SOAP's own paging names
 * (vocabulary/soap-lists.ts) play their roles, an offset named as counting from 1 does, and a
 * filter left out of the request filters by nothing (XSD's `default` fills an element sent
 * empty, not one left out).
 */
function soapListShape(op: ArtifactOperation, resource: string, inputs: ListInput[], lookup: SchemaLookup): ListShape {
  const items = listItems(op, lookup, resource.split('.').at(-1) ?? resource);
  const asQuery: ArtifactParameter[] = inputs.map(({ name, schema }) => ({ name, in: 'query', required: false, schema, style: 'form', explode: true }));
  const viewed = { ...op, parameters: asQuery, requestBody: null };
  const { offsetBase: _base, ...shape } = listShape(viewed, items, lookup);
  const schemaOf = (name: string | null) => inputs.find((input) => input.name === name)?.schema;
  const roles = { ...shape.parameters };
  const numeric = (schema: Json | undefined) => isNumber(schema, lookup);
  // A text named as a limit, offset or page bounds nothing: a parcel list's `<size>LARGE</size>` filters by size.
  const unbounded: string[] = [];
  for (const role of ['limit', 'offset', 'page'] as const) {
    const name = roles[role];
    if (name === null || numeric(schemaOf(name))) continue;
    unbounded.push(name);
    roles[role] = null;
  }
  const inRole = () => new Set(Object.values(roles));
  const fill = (role: keyof typeof SOAP_PAGING_INPUTS, usable: (schema: Json | undefined) => boolean) => {
    roles[role] ??= pick(inputs.filter((input) => !inRole().has(input.name) && usable(input.schema)).map((input) => input.name), SOAP_PAGING_INPUTS[role]);
  };
  fill('limit', numeric);
  fill('offset', numeric);
  fill('page', numeric);
  fill('cursor', (schema) => canHoldCursor(schema, lookup));
  const taken = inRole();
  const itemFields = lookup.properties(items?.itemSchema);
  const filters = [...shape.filters, ...unbounded.flatMap((name) => textFilter(name, schemaOf(name), itemFields, lookup))]
    .filter((f) => !taken.has(f.parameter))
    .map(({ default: _default, ...filter }) => filter);
  const paging = roles.cursor ? 'cursor' : roles.offset ? 'offset' : roles.page ? 'page' : 'none';
  const offset = lookup.deref(schemaOf(roles.offset));
  const fromOne = roles.offset !== null && (ONE_BASED_OFFSETS.includes(squash(roles.offset)) || offset?.['default'] === 1 || offset?.['minimum'] === 1);
  const envelope = items?.envelopeFields ?? [];
  const nextCursorField = pick(envelope, NEXT_CURSOR_FIELDS) ?? conventionalNextCursorField(envelope, roles.cursor) ?? pick(envelope, SOAP_NEXT_CURSOR_FIELDS);
  return {
    ...shape,
    paging,
    parameters: roles,
    ...(fromOne ? { offsetBase: 1 } : {}),
    filters,
    nextCursorField,
    hasMoreField: shape.hasMoreField ?? pick(envelope, SOAP_HAS_MORE_FIELDS),
    totalField: shape.totalField ?? pick(envelope, SOAP_TOTAL_FIELDS),
    next: listNext(viewed, paging, roles.cursor, nextCursorField, lookup),
  };
}

/**
 * The filter a text input named as a paging role gives where it names a field of the record,
 * as infer/list-shape.ts gives any other: values its enum offers that the field cannot hold
 * stand for no filter (`ANY` where a size is `SMALL` or `LARGE`).
 */
function textFilter(name: string, schema: Json | undefined, itemFields: Map<string, JsonObject>, lookup: SchemaLookup): ListShape['filters'] {
  const field = [...itemFields.keys()].find((f) => squash(f) === squash(name));
  if (field === undefined) return [];
  const offered = enumTexts(schema, lookup) ?? [];
  const held = enumTexts(itemFields.get(field), lookup);
  const any = offered.filter((value) => (held === null ? WILDCARD_VALUES.includes(value.toLowerCase()) : !held.includes(value)));
  return [{ parameter: name, field, ...(any.length > 0 ? { any } : {}) }];
}

/** The enum values of a schema, or of its items, as texts; null where it lists none. */
function enumTexts(schema: Json | undefined, lookup: SchemaLookup): string[] | null {
  const node = lookup.deref(unannotated(schema));
  const values = node?.['enum'] ?? lookup.deref(node?.['items'])?.['enum'];
  return Array.isArray(values) ? values.map((value) => String(value)) : null;
}

/** The first name, in the words' order, that is one of the words once squashed. */
function pick(names: readonly string[], words: readonly string[]): string | null {
  for (const word of words) {
    const found = names.find((name) => squash(name) === word);
    if (found !== undefined) return found;
  }
  return null;
}

function typesOf(schema: JsonObject | null): string[] {
  const type = schema?.['type'];
  return typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

function isNumber(schema: Json | undefined, lookup: SchemaLookup): boolean {
  const types = typesOf(lookup.deref(unannotated(schema)));
  return types.includes('integer') || types.includes('number');
}

/** A value a list can be filtered by: text, a number, a boolean, or a repeated one of them; not an object nor `xs:any` content. */
function isValue(schema: Json | undefined, lookup: SchemaLookup): boolean {
  const node = lookup.deref(unannotated(schema));
  if (node === null || isAny(node)) return false;
  const items = typesOf(node).includes('array') ? lookup.deref(unannotated(node['items'])) : node;
  if (items === null || isAny(items) || items['properties'] !== undefined || items['anyOf'] !== undefined || items['oneOf'] !== undefined) return false;
  const types = typesOf(items);
  return types.some((type) => type === 'string' || type === 'integer' || type === 'number' || type === 'boolean') || (types.length === 0 && Array.isArray(items['enum']));
}

/** An object element that is not a list: its simple elements are read as the input's. */
function isGroup(schema: Json | undefined, lookup: SchemaLookup): boolean {
  const node = lookup.deref(unannotated(schema));
  return node !== null && !isAny(node) && !typesOf(node).includes('array') && lookup.properties(node).size > 0;
}

function isAny(node: JsonObject): boolean {
  const xml = node['x-xml'];
  return isObject(xml) && xml['any'] === true;
}
