/**
 * A list's paging as its artifact decided it (ListShape.next, infer/list-paging.ts): which page
 * a request asks for, and what the answer says of the page after it. Nothing here reads a
 * parameter's name: an answer offers a further page only where the artifact says a client can
 * ask for it.
 */
import type { ArtifactResponse, ListShape } from '../../artifact/artifact.js';
import { isObject, type Json } from '../../json.js';
import type { Exchange } from './exchange.js';

/** The page size of a request that gives none, where the list can page on and its limit declares no default. */
const DEFAULT_LIMIT = 20;

export type ListNext = NonNullable<ListShape['next']>;

/** The records of a list in listed order, as far as paging reads them. */
export interface Positions {
  total: number;
  keyAt(i: number): string;
  /** The position of the record with this key, or -1. */
  indexOf(key: string): number;
}

export type Page = { start: number; limit: number } | { refusal: { status: number; code: string; message: string; field: string } };

/** How the list pages forward. Every artifact's lists carry it once read; an older artifact's are given it by its upgrade. */
export function nextOf(ex: Exchange, shape: ListShape): ListNext {
  if (shape.next === undefined) throw new Error(`list ${ex.operation.id} has no paging plan (ListShape.next): an artifact read without its upgrade`);
  return shape.next;
}

/**
 * The page a request asks for. Without a limit, the limit parameter's declared default; else
 * everything for a list with no way to a further page, and 20 for any other.
 */
export function pageOf(ex: Exchange, shape: ListShape, next: ListNext, listing: Positions): Page {
  const total = listing.total;
  const p = shape.parameters;
  const limitValue = p.limit === null ? undefined : pagingValue(ex, p.limit);
  const limit = typeof limitValue === 'number' && limitValue > 0 ? Math.floor(limitValue) : (declaredDefault(ex, p.limit) ?? (shape.paging === 'none' ? total : DEFAULT_LIMIT));
  if (shape.paging === 'offset' && p.offset) {
    const offset = pagingValue(ex, p.offset);
    const base = shape.offsetBase ?? 0;
    return { start: typeof offset === 'number' && offset > base ? Math.floor(offset) - base : 0, limit };
  }
  if (shape.paging === 'page' && p.page) {
    const page = pagingValue(ex, p.page);
    return { start: (typeof page === 'number' && page > 1 ? Math.floor(page) - 1 : 0) * limit, limit };
  }
  if (shape.paging === 'cursor' && p.cursor) {
    const cursor = pagingValue(ex, p.cursor);
    if (typeof cursor !== 'string' || cursor === '') return { start: 0, limit };
    if (next.cursor === 'record-id') {
      const at = listing.indexOf(cursor);
      return at < 0 ? { refusal: { status: 400, code: 'invalid_cursor', message: `${p.cursor} names no record: ${cursor}`, field: p.cursor } } : { start: at + 1, limit };
    }
    const decoded = /^o(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    return decoded ? { start: Number(decoded[1]), limit } : { refusal: { status: 400, code: 'invalid_cursor', message: `${p.cursor} is not a cursor this API issued`, field: p.cursor } };
  }
  return { start: 0, limit };
}

/**
 * A paging parameter's value: from the query, else from a field of the same name in the body,
 * where AWS's SDKs send `MaxResults` and `NextToken`.
 */
function pagingValue(ex: Exchange, name: string): unknown {
  if (Object.hasOwn(ex.query, name)) return ex.query[name];
  return isObject(ex.body) && Object.hasOwn(ex.body, name) ? ex.body[name] : undefined;
}

/** The limit parameter's own `default`, when the document gives a positive whole one: the page size of a request that leaves the parameter out. */
function declaredDefault(ex: Exchange, name: string | null): number | undefined {
  if (name === null) return undefined;
  const parameter = ex.operation.parameters.find((q) => q.in === 'query' && q.name === name);
  const schema = parameter === undefined ? null : ex.model.registry.resolve(parameter.schema);
  const value = isObject(schema) ? schema.default : undefined;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** What an answer says of the page after it. */
export interface Onward {
  /** Whether it offers a further page: its has-more value. */
  more: boolean;
  /** Its next-cursor field's value; undefined to leave the field out. */
  cursor: Json | undefined;
  /** Headers it carries: the declared `Link` header, where there is a page to link. */
  headers: Record<string, string>;
}

/** The page after one that answered `count` records from `page.start`, as ListShape.next says to offer it. */
export function onward(ex: Exchange, shape: ListShape, next: ListNext, listing: Positions, page: { start: number; limit: number }, count: number, response: ArtifactResponse | null): Onward {
  const end = page.start + count;
  const more = next.offered && end < listing.total;
  const p = shape.parameters;
  const forward = shape.paging === 'cursor' ? p.cursor : shape.paging === 'offset' ? p.offset : shape.paging === 'page' ? p.page : null;
  const cursorText = (): string => {
    if (next.cursor === 'record-id') return end >= 1 && end - 1 < listing.total ? listing.keyAt(end - 1) : '';
    return Buffer.from(`o${end}`).toString('base64url');
  };
  // The next page's offset, or its number (a page started at `start` is number start / limit + 1).
  const position = (): number => (shape.paging === 'offset' ? end + (shape.offsetBase ?? 0) : Math.floor(page.start / page.limit) + 2);
  const forwardValue = (): string => (shape.paging === 'cursor' ? cursorText() : String(position()));
  const nextAddress = (): string => address(ex, forward, forward === null ? null : forwardValue());
  let cursor: Json | undefined;
  if (more) cursor = next.holds === 'url' ? nextAddress() : next.holds === 'position' ? position() : cursorText();
  else cursor = next.end === 'absent' ? undefined : next.end === 'empty' ? '' : next.end === 'zero' ? 0 : null;
  const headers: Record<string, string> = {};
  if (next.linkHeader !== null) {
    // Answers name their headers in lower case (answers/respond.ts), so this one replaces any generated for a required header.
    const name = next.linkHeader.toLowerCase();
    if (more && forward !== null) headers[name] = `<${nextAddress()}>; rel="next"`;
    // A header the document requires is answered with the first page's address, which invites no further request.
    else if (response?.headers[next.linkHeader]?.required === true) headers[name] = `<${address(ex, forward, null)}>; rel="first"`;
  }
  return { more, cursor, headers };
}

/**
 * The address of the same list with one paging parameter set (or left out): the operation's
 * path with the request's path parameters, under the Simulation's endpoint, and the request's
 * query parameters. A client resolves it against the address it asked, as RFC 8288 says.
 */
function address(ex: Exchange, parameter: string | null, value: string | null): string {
  const path = ex.operation.path.replace(/#.*$/, '').replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(ex.path[name] ?? ''));
  const search = new URLSearchParams();
  for (const [name, given] of Object.entries(ex.query)) {
    if (name === parameter) continue;
    for (const one of Array.isArray(given) ? given : [given]) search.append(name, typeof one === 'string' ? one : JSON.stringify(one));
  }
  if (parameter !== null && value !== null) search.append(parameter, value);
  const query = search.toString();
  return `${ex.context.endpoint ?? ''}${path}${query === '' ? '' : `?${query}`}`;
}
