import type { ControlPlaneClient, Query } from '../client/control-plane-client.js';
import { integerOption, stringOption, type ParsedCommand } from './client-options.js';

/**
 * A list the control plane pages (SPEC section 8): the page `--cursor` names (`--limit` long),
 * or with `--all` that page and every later one, up to `max` items rather than without end.
 * Answers the items and the cursor of the page after them, if there is one.
 */
export async function collect<T>(client: ControlPlaneClient, path: string, field: string, command: ParsedCommand, query: Query, max: number): Promise<{ items: T[]; next: string | undefined }> {
  const items: T[] = [];
  let cursor = stringOption(command.values, 'cursor');
  for (;;) {
    const page = await client.get<Record<string, unknown> & { next_cursor: string | null }>(path, { ...query, limit: integerOption(command.values, 'limit'), cursor });
    items.push(...((page[field] as T[] | undefined) ?? []));
    cursor = page.next_cursor ?? undefined;
    if (command.values.all !== true || cursor === undefined || items.length >= max) return { items, next: cursor };
  }
}
