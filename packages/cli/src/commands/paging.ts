import type { Page } from '@simplane/client';
import { integerOption, stringOption, type ParsedCommand } from './client-options.js';

/** Where a listing starts: the page size and the cursor the command line gave. */
export interface PageStart {
  limit?: number;
  cursor?: string;
}

type ItemOf<P, K extends keyof P> = P[K] extends ReadonlyArray<infer T> ? T : never;

/** Where a listing starts: `--limit` and `--cursor` as the command line gave them. */
export function pageStart(command: ParsedCommand): PageStart {
  const start: PageStart = {};
  const limit = integerOption(command.values, 'limit');
  const cursor = stringOption(command.values, 'cursor');
  if (limit !== undefined) start.limit = limit;
  if (cursor !== undefined) start.cursor = cursor;
  return start;
}

/**
 * A list the control plane pages (SPEC section 8), from `pageStart`: that one page, or with
 * `--all` that page and every later one, up to `max` items rather than without end. The
 * client's pages end where the list does, whether its last answer carries a null cursor or
 * none. Answers the items and the cursor of the page after them, if there is one.
 */
export async function collect<P extends Page, K extends keyof P>(pages: AsyncIterable<P>, field: K, command: ParsedCommand, max: number): Promise<{ items: Array<ItemOf<P, K>>; next: string | undefined }> {
  const items: Array<ItemOf<P, K>> = [];
  for await (const page of pages) {
    items.push(...((page[field] as ReadonlyArray<ItemOf<P, K>> | undefined) ?? []));
    const next = typeof page.next_cursor === 'string' && page.next_cursor !== '' ? page.next_cursor : undefined;
    if (command.values.all !== true || next === undefined || items.length >= max) return { items, next };
  }
  // The pages ended on a cursor already given: the list is at its end.
  return { items, next: undefined };
}
