/** One open container of an iterative depth-first walk: where it was reached and how far it got. */
export interface Level {
  value: object;
  /** The key this container was reached by (meaningless for the root). */
  key: string | number;
  keys: string[] | null;
  next: number;
}

export function openLevel(value: object, key: string | number): Level {
  return { value, key, keys: Array.isArray(value) ? null : Object.keys(value), next: 0 };
}

/** Keys from the root to the current container, plus `last` when given. */
export function pathOf(stack: readonly Level[], last?: string | number): (string | number)[] {
  const path = stack.slice(1).map((level) => level.key);
  if (last !== undefined) path.push(last);
  return path;
}

/**
 * Advances the top container of `stack`: answers its next key and value, or null once it is
 * exhausted (the caller pops it). Memory stays proportional to depth, never to size, so a flat
 * array of millions of items costs nothing extra.
 */
export function nextChild(level: Level): { key: string | number; child: unknown } | null {
  if (level.keys === null) {
    const items = level.value as unknown[];
    if (level.next >= items.length) return null;
    const key = level.next++;
    return { key, child: items[key] };
  }
  if (level.next >= level.keys.length) return null;
  const key = level.keys[level.next++] as string;
  return { key, child: (level.value as Record<string, unknown>)[key] };
}
