/**
 * The arithmetic of a virtualised list of fixed-height rows: which rows to render for a scroll
 * position, and where to scroll so a row is in view. Kept apart from the DOM so it can be
 * tested alone; `virtual-list.tsx` applies it.
 */

export interface WindowQuery {
  /** Rows in the whole list. */
  count: number;
  /** Height of one row in pixels; every row has it. */
  rowHeight: number;
  /** The scroll container's scrollTop. */
  scrollTop: number;
  /** The scroll container's visible height. */
  viewportHeight: number;
  /** Rows rendered beyond each edge, so a fast scroll shows no blank before the next frame. */
  overscan: number;
}

export interface VirtualWindow {
  /** First rendered row. */
  start: number;
  /** One past the last rendered row. */
  end: number;
  /** Pixels from the list's top to the first rendered row. */
  offset: number;
  /** Height of the whole list: the spacer that gives the scroll bar its size. */
  totalHeight: number;
}

/** The rows to render for a scroll position; empty (start = end) when the list is. */
export function virtualWindow(query: WindowQuery): VirtualWindow {
  const count = Math.max(0, Math.floor(query.count));
  const rowHeight = Math.max(1, query.rowHeight);
  const overscan = Math.max(0, Math.floor(query.overscan));
  const totalHeight = count * rowHeight;
  // A scroll position past the end (the list shrank under it) renders the last screenful.
  const maxTop = Math.max(0, totalHeight - query.viewportHeight);
  const top = Math.min(Math.max(0, query.scrollTop), maxTop);
  const firstVisible = Math.floor(top / rowHeight);
  const lastVisible = Math.ceil((top + Math.max(0, query.viewportHeight)) / rowHeight);
  const start = Math.max(0, firstVisible - overscan);
  const end = Math.min(count, lastVisible + overscan);
  return { start: Math.min(start, end), end, offset: Math.min(start, end) * rowHeight, totalHeight };
}

/**
 * The scrollTop that brings row `index` fully into view with the least movement, or the
 * current one when it is already in view.
 */
export function revealRow(index: number, rowHeight: number, scrollTop: number, viewportHeight: number): number {
  const rowTop = index * rowHeight;
  const rowBottom = rowTop + rowHeight;
  if (rowTop < scrollTop) return rowTop;
  if (rowBottom > scrollTop + viewportHeight) return Math.max(0, rowBottom - viewportHeight);
  return scrollTop;
}

/** Rows a Page Up or Page Down moves by: the rows that fit the viewport, at least one. */
export function rowsPerPage(rowHeight: number, viewportHeight: number): number {
  return Math.max(1, Math.floor(viewportHeight / Math.max(1, rowHeight)));
}

/** Keeps an index inside a list of `count` rows; -1 for an empty list. */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return -1;
  return Math.min(count - 1, Math.max(0, index));
}
