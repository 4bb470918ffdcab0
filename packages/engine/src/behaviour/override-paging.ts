import type { ArtifactOperation, ListShape } from '../artifact/artifact.js';
import { listNext, type ListNext } from '../infer/list-paging.js';
import type { SchemaLookup } from '../infer/schema-lookup.js';
import type { Json } from '../json.js';
import { has, type OverrideChecks } from './override-checks.js';

const NEXT_KEYS = ['offered', 'cursor', 'holds', 'end', 'linkHeader'] as const;

/**
 * How the list pages forward once an override has changed it. Where its paging, cursor
 * parameter or next-cursor field changed, this is decided again from them as the compiler
 * decides it; `next` of the override is merged over that. An answer never offers a page that
 * no parameter can ask for, so a client paging on has-more always comes to an end.
 */
export function overrideNext(op: ArtifactOperation, before: ListShape, after: ListShape, value: Json | undefined, checks: OverrideChecks, lookup: SchemaLookup): ListNext | undefined {
  const moved = after.paging !== before.paging || after.parameters.cursor !== before.parameters.cursor || after.nextCursorField !== before.nextCursorField;
  let next = before.next !== undefined && moved ? listNext(op, after.paging, after.parameters.cursor, after.nextCursorField, lookup) : after.next;
  if (value !== undefined) next = withNext(op, next, value, checks);
  if (next?.offered === true && after.paging === 'none') {
    if (value !== undefined && has(value as Record<string, Json>, 'offered')) checks.invalid(['list', 'next', 'offered'], 'offers a next page of a list that has no paging parameter to ask for it');
    next = { ...next, offered: false };
  }
  return next;
}

function withNext(op: ArtifactOperation, next: ListNext | undefined, value: Json, checks: OverrideChecks): ListNext | undefined {
  const path = ['list', 'next'];
  const given = checks.object(value, path, NEXT_KEYS);
  if (given === undefined) return next;
  const parts: Partial<ListNext> = { ...next };
  if (has(given, 'offered')) parts.offered = checks.bool(given['offered'], [...path, 'offered']) ?? parts.offered;
  if (has(given, 'cursor')) parts.cursor = checks.oneOf(given['cursor'], ['offset', 'record-id'] as const, [...path, 'cursor']) ?? parts.cursor;
  if (has(given, 'holds')) parts.holds = checks.oneOf(given['holds'], ['cursor', 'url', 'position'] as const, [...path, 'holds']) ?? parts.holds;
  if (has(given, 'end')) parts.end = checks.oneOf(given['end'], ['null', 'absent', 'empty', 'zero'] as const, [...path, 'end']) ?? parts.end;
  if (has(given, 'linkHeader')) {
    const headers = Object.values(op.responses).flatMap((response) => Object.keys(response.headers));
    const header = checks.textOrNull(given['linkHeader'], [...path, 'linkHeader'], (name) => (headers.some((h) => h.toLowerCase() === name.toLowerCase()) ? null : `names \`${name}\` in \`list.next.linkHeader\`, which is not a response header ${op.id} declares`));
    if (header !== undefined) parts.linkHeader = header;
  }
  const missing = NEXT_KEYS.filter((key) => parts[key] === undefined);
  if (missing.length > 0) return checks.invalid(path, `gives \`list.next\` for a list that has none without ${missing.map((key) => `\`${key}\``).join(', ')}`) ?? next;
  return parts as ListNext;
}
