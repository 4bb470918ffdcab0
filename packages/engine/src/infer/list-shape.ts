import { unannotated } from '../annotations.js';
import type { ListShape, JsonSchema } from '../artifact/artifact.js';
import type { NormalisedOperation } from '../normalise/model.js';
import { squash } from './naming.js';
import { type SchemaLookup, successSchema } from './schema-lookup.js';

const ROLES: Record<keyof ListShape['parameters'], string[]> = {
  limit: ['limit', 'perpage', 'pagesize', 'size', 'count', 'maxresults', 'top', 'take', 'pagelimit', 'maxitems', 'maxpagesize', 'first'],
  offset: ['offset', 'skip', 'start', 'startindex'],
  page: ['page', 'pagenumber', 'pageno', 'pagenum', 'pageindex'],
  cursor: ['cursor', 'after', 'before', 'pagetoken', 'nextpagetoken', 'startingafter', 'endingbefore', 'continuationtoken', 'marker', 'nexttoken', 'pagecursor', 'startafter', 'next'],
  sort: ['sort', 'sortby', 'orderby', 'order', 'sortorder', 'sortdir', 'sortdirection'],
};
const ITEMS_FIELDS = ['data', 'items', 'results', 'records', 'entries', 'values', 'elements', 'list', 'content', 'objects', 'rows', 'hits', 'nodes'];
const NEXT_CURSOR_FIELDS = ['nextcursor', 'nextpagetoken', 'cursor', 'next', 'nexttoken', 'continuationtoken', 'endcursor', 'after'];
const HAS_MORE_FIELDS = ['hasmore', 'hasnext', 'hasnextpage', 'more'];
const TOTAL_FIELDS = ['total', 'totalcount', 'count', 'totalresults', 'totalitems', 'totalsize', 'totalelements'];

export interface ListItems {
  itemSchema: JsonSchema;
  /** Null for a bare array; else the envelope field holding the records. */
  itemsField: string | null;
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
  const arrays = [...properties].filter(([, s]) => lookup.arrayItems(unannotated(s)) !== null).map(([name]) => name);
  const preferred = [...ITEMS_FIELDS, squash(resourceWord), `${squash(resourceWord)}s`];
  const field = arrays.find((name) => preferred.includes(squash(name))) ?? (arrays.length === 1 ? arrays[0] : undefined);
  if (field === undefined) return null;
  return { itemSchema: lookup.arrayItems(unannotated(properties.get(field))) ?? {}, itemsField: field, envelopeFields: [...properties.keys()] };
}

function pick(names: string[], candidates: string[]): string | null {
  for (const candidate of candidates) {
    const found = names.find((n) => squash(n) === candidate);
    if (found !== undefined) return found;
  }
  return null;
}

/** Paging roles and filters a list operation's query parameters play, and its envelope fields. */
export function listShape(op: NormalisedOperation, items: ListItems | null, lookup: SchemaLookup): ListShape {
  const query = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const parameters = {
    limit: pick(query, ROLES.limit),
    offset: pick(query, ROLES.offset),
    page: pick(query, ROLES.page),
    cursor: pick(query, ROLES.cursor),
    sort: pick(query, ROLES.sort),
  };
  const roles = new Set(Object.values(parameters).filter((v): v is string => v !== null));
  const fields = new Map([...lookup.properties(items?.itemSchema)].map(([name]) => [squash(name), name]));
  const filters = query
    .filter((name) => !roles.has(name))
    .flatMap((parameter) => {
      const field = fields.get(squash(parameter));
      return field === undefined ? [] : [{ parameter, field }];
    });
  const envelope = items?.envelopeFields ?? [];
  return {
    paging: parameters.cursor ? 'cursor' : parameters.offset ? 'offset' : parameters.page ? 'page' : 'none',
    parameters,
    filters,
    itemsField: items?.itemsField ?? null,
    nextCursorField: pick(envelope, NEXT_CURSOR_FIELDS),
    hasMoreField: pick(envelope, HAS_MORE_FIELDS),
    totalField: pick(envelope, TOTAL_FIELDS),
  };
}
