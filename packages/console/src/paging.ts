/**
 * Where a cursor-paged list is: the cursors of the pages before this one, so "previous page"
 * can go back although the API pages forward only. Pure, so it is tested without a DOM.
 */
export interface Trail {
  /** The cursor of the page shown; undefined for the first page. */
  cursor: string | undefined;
  /** The cursors of the pages before it, oldest first. */
  before: ReadonlyArray<string | undefined>;
}

export const FIRST_PAGE: Trail = { cursor: undefined, before: [] };

export function nextPage(trail: Trail, cursor: string): Trail {
  return { cursor, before: [...trail.before, trail.cursor] };
}

export function previousPage(trail: Trail): Trail {
  if (trail.before.length === 0) return trail;
  return { cursor: trail.before[trail.before.length - 1], before: trail.before.slice(0, -1) };
}
