import { parsePageLimit } from './page-limit.js';
import type { CursorCodec, CursorPosition } from './cursor-codec.js';

/** What a repository is asked for: at most `limit` records strictly after `after`. */
export interface PageQuery {
  limit: number;
  after?: CursorPosition;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The raw query values of a paged request, before validation. */
export interface PageParams {
  limit?: string;
  cursor?: string;
}

/**
 * Runs one page of a keyset-paged query: validates limit and cursor, asks the repository for
 * one record more than the page to learn whether another page follows, and signs the next cursor.
 */
export async function fetchPage<T>(
  codec: CursorCodec,
  scope: string,
  params: PageParams,
  positionOf: (item: T) => CursorPosition,
  query: (page: PageQuery) => Promise<T[]>,
): Promise<Page<T>> {
  const limit = parsePageLimit(params.limit);
  const after = params.cursor === undefined ? undefined : codec.decode(scope, params.cursor);
  const rows = await query(after === undefined ? { limit: limit + 1 } : { limit: limit + 1, after });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor = rows.length > limit && last !== undefined ? codec.encode(scope, positionOf(last)) : null;
  return { items, nextCursor };
}
