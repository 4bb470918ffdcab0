import type { SimResponse } from '@simplane/core';
import type { ArtifactResource, ListShape } from '../artifact/artifact.js';
import { isObject, setOwn, type Json, type JsonObject } from '../json.js';
import { collectionName } from './collections.js';
import { missingParent, type Exchange } from './exchange.js';
import { refuse } from './refusal.js';
import { answer, chooseMedia, chooseSuccess, conform } from './respond.js';
import { itemsOf, objectView } from './schema-view.js';

const DEFAULT_LIMIT = 20;

/**
 * GET on a collection: the scoped records in insertion order, filtered on item fields (equal
 * as text; an array parameter matches any of its values), sorted by the sort parameter
 * (`field`, `-field` or `field:desc`), then paged with the document's own parameters. Cursors
 * are opaque (`o<offset>`, base64url) unless the parameter is named like `starting_after`,
 * which takes a record id. The envelope's items, has-more, total and next-cursor fields are filled.
 */
export function list(ex: Exchange, resource: ArtifactResource): SimResponse {
  const parent = missingParent(ex, resource);
  if (parent) return refuse(ex.model, ex.operation, parent, ex.gen);
  const shape = ex.operation.list;
  let records: [string, JsonObject][] = [];
  for (const [key, value] of ex.state.entries(collectionName(resource, ex.path))) if (isObject(value)) records.push([key, value]);
  if (shape) records = sortRecords(filterRecords(records, shape, ex.query), shape, ex.query);
  const total = records.length;
  const page = shape ? pageOf(ex, shape, records) : { start: 0, limit: total };
  if ('refusal' in page) return refuse(ex.model, ex.operation, page.refusal, ex.gen);
  const slice = records.slice(page.start, page.start + page.limit).map(([, v]) => v);
  const hasMore = page.start + slice.length < total;
  const chosen = chooseSuccess(ex.operation, 200);
  const schema = chooseMedia(chosen.response)?.[1].schema ?? null;
  const itemsField = shape?.itemsField ?? null;
  const itemSchema = itemsField === null ? itemsOf(ex.model.registry, schema) : itemsOf(ex.model.registry, objectView(ex.model.registry, schema).properties[itemsField] ?? null);
  const items = slice.map((r) => conform(r, itemSchema, ex.gen));
  if (itemsField === null || shape === null) return answer(chosen, items, ex.gen, { headers: { 'x-total-count': String(total) } });
  const body: JsonObject = {};
  setOwn(body, itemsField, items);
  if (shape.hasMoreField) setOwn(body, shape.hasMoreField, hasMore);
  if (shape.totalField) setOwn(body, shape.totalField, total);
  if (shape.nextCursorField) setOwn(body, shape.nextCursorField, hasMore ? nextCursor(shape, records, page.start + slice.length) : null);
  const pageParam = shape.parameters.page;
  if (pageParam && Object.hasOwn(objectView(ex.model.registry, schema).properties, pageParam)) setOwn(body, pageParam, ex.query[pageParam] ?? 1);
  return answer(chosen, body, ex.gen);
}

function filterRecords(records: [string, JsonObject][], shape: ListShape, query: Record<string, Json>): [string, JsonObject][] {
  const active = shape.filters.filter((f) => query[f.parameter] !== undefined);
  if (active.length === 0) return records;
  return records.filter(([, record]) =>
    active.every((f) => {
      const wanted = query[f.parameter];
      const values = (Array.isArray(wanted) ? wanted : [wanted]).map((v) => String(v));
      return values.includes(String(record[f.field]));
    }),
  );
}

function sortRecords(records: [string, JsonObject][], shape: ListShape, query: Record<string, Json>): [string, JsonObject][] {
  const sort = shape.parameters.sort === null ? undefined : query[shape.parameters.sort];
  if (typeof sort !== 'string' || sort === '') return records;
  const desc = sort.startsWith('-') || sort.endsWith(':desc');
  const field = sort.replace(/^[-+]/, '').replace(/:(asc|desc)$/, '');
  const sorted = [...records].sort(([, a], [, b]) => compare(a[field], b[field]));
  return desc ? sorted.reverse() : sorted;
}

function compare(a: Json | undefined, b: Json | undefined): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = a === undefined ? '' : JSON.stringify(a);
  const y = b === undefined ? '' : JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

type Page = { start: number; limit: number } | { refusal: { status: number; code: string; message: string; field: string } };

function pageOf(ex: Exchange, shape: ListShape, records: [string, JsonObject][]): Page {
  const p = shape.parameters;
  const limitValue = p.limit === null ? undefined : ex.query[p.limit];
  const limit = typeof limitValue === 'number' && limitValue > 0 ? Math.floor(limitValue) : shape.paging === 'none' && p.limit === null ? records.length : DEFAULT_LIMIT;
  if (shape.paging === 'offset' && p.offset) {
    const offset = ex.query[p.offset];
    return { start: typeof offset === 'number' && offset > 0 ? Math.floor(offset) : 0, limit };
  }
  if (shape.paging === 'page' && p.page) {
    const page = ex.query[p.page];
    return { start: (typeof page === 'number' && page > 1 ? Math.floor(page) - 1 : 0) * limit, limit };
  }
  if (shape.paging === 'cursor' && p.cursor) {
    const cursor = ex.query[p.cursor];
    if (typeof cursor !== 'string' || cursor === '') return { start: 0, limit };
    if (/after/i.test(p.cursor)) {
      const at = records.findIndex(([key]) => key === cursor);
      return at < 0 ? { refusal: { status: 400, code: 'invalid_cursor', message: `${p.cursor} names no record: ${cursor}`, field: p.cursor } } : { start: at + 1, limit };
    }
    const decoded = /^o(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    return decoded ? { start: Number(decoded[1]), limit } : { refusal: { status: 400, code: 'invalid_cursor', message: `${p.cursor} is not a cursor this API issued`, field: p.cursor } };
  }
  return { start: 0, limit };
}

function nextCursor(shape: ListShape, records: [string, JsonObject][], next: number): string {
  if (shape.parameters.cursor && /after/i.test(shape.parameters.cursor)) return records[next - 1]?.[0] ?? '';
  return Buffer.from(`o${next}`).toString('base64url');
}
