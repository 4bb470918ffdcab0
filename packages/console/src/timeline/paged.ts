/**
 * Reading a long list a screenful at a time: the client's lists are async generators over the
 * API's pages, and a view asks for the next `count` items when the person asks for more.
 */

/** Up to `count` more items from `source`, and whether it has run out. Never closes the source. */
export async function takeNext<T>(source: AsyncIterator<T>, count: number): Promise<{ items: T[]; done: boolean }> {
  const items: T[] = [];
  while (items.length < count) {
    const next = await source.next();
    if (next.done === true) return { items, done: true };
    items.push(next.value);
  }
  return { items, done: false };
}
