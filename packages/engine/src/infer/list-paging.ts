import { unannotated } from '../annotations.js';
import type { ArtifactResponse, ListShape } from '../artifact/artifact.js';
import type { Json, JsonObject } from '../json.js';
import type { NormalisedOperation } from '../normalise/model.js';
import { squash } from './naming.js';
import { requestSchema, type SchemaLookup, successSchema } from './schema-lookup.js';

/** How a list pages forward (ListShape.next). */
export type ListNext = NonNullable<ListShape['next']>;

// The words below extend vocabulary/paging.ts's lists with the conventions of AWS's documents.

/** The start of a parameter's name that says it takes the key of the record a page starts after (DynamoDB's `ExclusiveStartTableName`, Kinesis's `ExclusiveStartStreamName`). */
const RECORD_ID_CURSOR_PREFIX = 'exclusivestart';
/** Fields that carry the next page's cursor besides NEXT_CURSOR_FIELDS: AWS Lambda's `NextMarker`, and addresses. */
const MORE_NEXT_CURSOR_FIELDS: readonly string[] = ['nextmarker', 'nexturl', 'nextpageurl', 'nextlink', 'odatanextlink'];
/** The start of a field naming the last record of a page, which the next request starts after (DynamoDB's `LastEvaluatedTableName`). */
const LAST_EVALUATED_PREFIX = 'lastevaluated';
/** Fields that say more pages follow besides HAS_MORE_FIELDS: AWS's `IsTruncated` (IAM, S3), and any starting `hasmore` (Kinesis's `HasMoreStreams`). */
const MORE_HAS_MORE_FIELDS: readonly string[] = ['istruncated'];
const HAS_MORE_PREFIX = 'hasmore';
/** Formats and name endings of a next-cursor field that holds an address. */
const URL_FORMATS = new Set(['uri', 'url', 'uri-reference', 'iri', 'iri-reference']);
const URL_NAME = /(?:url|link|href|uri)$/;
/** A bare `next` beside offset or page paging is an address (Django REST framework's `{"count", "next", "previous", "results"}`). */
const ADDRESS_NAMES = new Set(['next']);

/** Formats that make a parameter a time, which bounds a list rather than pages it (GitHub's `before` on notifications). */
const TIME_FORMATS = new Set(['date', 'date-time']);

/** A parameter or body field a list may page by, with its schema. */
export interface PagingInput {
  name: string;
  schema: Json | undefined;
}

/**
 * The top-level fields of an operation's request body that its query does not declare: the
 * runtime reads paging values from the body where the query does not carry them (AWS's SDKs
 * send `Limit` and `ExclusiveStartTableName` there).
 */
export function bodyPagingInputs(op: NormalisedOperation, lookup: SchemaLookup, query: readonly string[]): PagingInput[] {
  return [...lookup.properties(requestSchema(op))].filter(([name]) => !query.includes(name)).map(([name, schema]) => ({ name, schema }));
}

/**
 * Whether a parameter can carry a cursor: a text (or a value of no declared type), not a time.
 * A number, an object (DynamoDB's `ExclusiveStartKey` map) or a date bounds or filters a list;
 * paging by it would answer the first page again.
 */
export function canHoldCursor(schema: Json | undefined, lookup: SchemaLookup): boolean {
  const node = lookup.deref(unannotated(schema));
  if (node === null) return true;
  if (typeof node['format'] === 'string' && TIME_FORMATS.has(node['format'])) return false;
  const type = node['type'];
  return type === undefined || type === 'string' || (Array.isArray(type) && type.includes('string'));
}

/**
 * Whether a parameter can carry a page number or an offset: a number (or a value of no declared
 * type). A text `page` is read as no number, so paging by it would answer the first page again.
 */
export function canHoldPosition(schema: Json | undefined, lookup: SchemaLookup): boolean {
  const type = lookup.deref(unannotated(schema))?.['type'];
  const numeric = (t: Json) => t === 'integer' || t === 'number';
  return type === undefined || numeric(type) || (Array.isArray(type) && type.some(numeric));
}

/** A cursor parameter named as the AWS conventions name one, where vocabulary/paging.ts names none. */
export function conventionalCursor(names: readonly string[]): string | null {
  return names.find((name) => squash(name).startsWith(RECORD_ID_CURSOR_PREFIX)) ?? null;
}

/** The envelope's next-cursor field where vocabulary/paging.ts names none: AWS's names, a field named as the cursor parameter (IAM's `Marker`), or DynamoDB's `LastEvaluated...`. */
export function conventionalNextCursorField(envelope: readonly string[], cursor: string | null): string | null {
  const candidates = [...MORE_NEXT_CURSOR_FIELDS, ...(cursor === null ? [] : [squash(cursor)])];
  for (const candidate of candidates) {
    const found = envelope.find((name) => squash(name) === candidate);
    if (found !== undefined) return found;
  }
  return envelope.find((name) => squash(name).startsWith(LAST_EVALUATED_PREFIX)) ?? null;
}

/** The envelope's has-more field where vocabulary/paging.ts names none. */
export function conventionalHasMoreField(envelope: readonly string[]): string | null {
  return envelope.find((name) => MORE_HAS_MORE_FIELDS.includes(squash(name))) ?? envelope.find((name) => squash(name).startsWith(HAS_MORE_PREFIX)) ?? null;
}

/** The response the runtime answers a list with (as answers/respond.ts chooses it): 200, else the first 2xx, else `2XX` or `default`. */
function successResponse(op: NormalisedOperation): ArtifactResponse | null {
  const responses = op.responses;
  const declared = Object.keys(responses).filter((s) => /^2\d\d$/.test(s)).sort();
  return responses['200'] ?? (declared.length > 0 ? responses[declared[0]!] : undefined) ?? responses['2XX'] ?? responses['default'] ?? null;
}

/** The fields an object schema requires, its `allOf` members' included. */
function requiredFields(schema: Json | undefined, lookup: SchemaLookup, depth = 0): Set<string> {
  const node = lookup.deref(schema);
  const out = new Set<string>();
  if (node === null || depth > 8) return out;
  if (Array.isArray(node['required'])) for (const name of node['required']) if (typeof name === 'string') out.add(name);
  if (Array.isArray(node['allOf'])) for (const member of node['allOf']) for (const name of requiredFields(member, lookup, depth + 1)) out.add(name);
  return out;
}

/** Whether a schema accepts null: a null type or enum value, a choice with a branch that does, or no constraint on the type at all. */
function allowsNull(schema: Json | undefined, lookup: SchemaLookup, depth = 0): boolean {
  const node = lookup.deref(schema);
  if (node === null) return schema === undefined || schema === true;
  if (depth > 8) return false;
  const type = node['type'];
  if (type === 'null' || (Array.isArray(type) && type.includes('null'))) return true;
  if (Array.isArray(node['enum'])) return node['enum'].includes(null);
  if (Object.hasOwn(node, 'const')) return node['const'] === null;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = node[key];
    if (Array.isArray(members)) return members.some((member) => allowsNull(member, lookup, depth + 1));
  }
  if (Array.isArray(node['allOf'])) return node['allOf'].every((member) => allowsNull(member, lookup, depth + 1));
  return type === undefined;
}

function typesOf(schema: JsonObject | null): string[] {
  const type = schema?.['type'];
  return typeof type === 'string' ? [type] : Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

/** The next-cursor field's schema, followed through an annotating `allOf` (AWS describes each use of a shared type). */
function fieldSchema(op: NormalisedOperation, field: string | null, lookup: SchemaLookup): JsonObject | null {
  if (field === null) return null;
  const schema = lookup.properties(successSchema(op)).get(field);
  return lookup.deref(unannotated(schema)) ?? null;
}

/** What the next-cursor field holds while a page follows (ListNext.holds). */
function holding(paging: ListShape['paging'], field: string | null, schema: JsonObject | null): ListNext['holds'] {
  if (field === null) return 'cursor';
  const format = schema?.['format'];
  if ((typeof format === 'string' && URL_FORMATS.has(format)) || URL_NAME.test(squash(field))) return 'url';
  if (paging === 'cursor' || paging === 'none') return 'cursor';
  if (ADDRESS_NAMES.has(squash(field))) return 'url';
  return 'position';
}

/** What the next-cursor field holds on the last page (ListNext.end): null where the schema allows it, else nothing where it may be left out, else the null-like value of its type. */
function ending(op: NormalisedOperation, field: string | null, schema: JsonObject | null, lookup: SchemaLookup): ListNext['end'] {
  if (field === null || allowsNull(schema ?? undefined, lookup)) return 'null';
  if (!requiredFields(successSchema(op), lookup).has(field)) return 'absent';
  const types = typesOf(schema);
  return types.includes('string') || types.length === 0 ? 'empty' : types.includes('integer') || types.includes('number') ? 'zero' : 'null';
}

/**
 * How a list pages forward, decided once at build time (ListShape.next): whether its answers
 * may offer a further page, what a cursor holds, what the next-cursor field carries and what a
 * `Link` header says. The rule: an answer invites another request only where the client has a
 * way to make it, so a client that pages while `has_more` is true or a cursor is non-null
 * always ends.
 *
 * - A list with a cursor, offset or page parameter offers the next page while records are left.
 * - A list with none of them offers nothing: a request without a limit gets every record (the
 *   limit's declared default still applies), one with a limit gets that page, and either
 *   answers has-more false, the next cursor null (or left out, or the schema's null-like value)
 *   and no `rel="next"` link. A client cannot reach further records, so no answer says they
 *   are there: saying so would send it round the same page forever.
 * - A cursor holds a record id where the parameter says it starts after a record (`after`,
 *   `starting_after`, DynamoDB's `ExclusiveStartTableName`), or where no field of the answer
 *   carries one: a client may send the last record it was given, as Stripe's clients do.
 *   Otherwise it is an opaque position. A cursor no field carries is also given in a `Link`
 *   header, declared or not, so a client that follows links finds it.
 * - The next-cursor field holds the next page's address where its schema or name says it is
 *   one (`format: uri`, `next_url`, Django REST framework's `next`), the cursor for a list paged
 *   by cursor, and the next page's number or offset for one paged by `page` or `offset`.
 */
export function listNext(op: NormalisedOperation, paging: ListShape['paging'], cursor: string | null, nextCursorField: string | null, lookup: SchemaLookup): ListNext {
  const response = successResponse(op);
  const declared = response === null ? undefined : Object.keys(response.headers).find((name) => name.toLowerCase() === 'link');
  // A cursor no field of the answer carries is given in a Link header, declared or not (GitHub's
  // `after` is "a cursor, as given in the Link header", which some of its lists do not declare).
  const linkHeader = declared ?? (paging === 'cursor' && nextCursorField === null ? 'Link' : null);
  const schema = fieldSchema(op, nextCursorField, lookup);
  const startsAfter = cursor !== null && (/after/i.test(cursor) || squash(cursor).startsWith(RECORD_ID_CURSOR_PREFIX));
  return {
    offered: paging !== 'none',
    cursor: paging === 'cursor' && cursor !== null && (startsAfter || nextCursorField === null) ? 'record-id' : 'offset',
    holds: holding(paging, nextCursorField, schema),
    end: ending(op, nextCursorField, schema, lookup),
    linkHeader,
  };
}
