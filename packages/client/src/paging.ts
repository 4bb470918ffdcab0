/** A page of a list as the control plane answers it (SPEC section 8): items, and the cursor of the next page. */
export interface Page {
  next_cursor?: string | null;
}

/**
 * Every page of a list from `cursor` on: it ends when a page names no next page (a null, empty
 * or missing `next_cursor`, so a list whose answer carries no cursor is one page) or names a
 * cursor it already gave, so no answer can make it loop.
 */
export async function* pages<P extends Page>(fetchPage: (cursor: string | undefined) => Promise<P>, cursor?: string): AsyncGenerator<P, void, undefined> {
  const seen = new Set<string>();
  let next = cursor;
  for (;;) {
    const page = await fetchPage(next);
    yield page;
    const following = page.next_cursor;
    if (typeof following !== 'string' || following === '' || seen.has(following)) return;
    seen.add(following);
    next = following;
  }
}

/** Every item of every page, in the list's order: the items under `field` of each page. */
export async function* items<P extends Page, K extends keyof P>(all: AsyncIterable<P>, field: K): AsyncGenerator<P[K] extends ReadonlyArray<infer T> ? T : never, void, undefined> {
  for await (const page of all) {
    const list = page[field];
    if (Array.isArray(list)) yield* list as Array<P[K] extends ReadonlyArray<infer T> ? T : never>;
  }
}
