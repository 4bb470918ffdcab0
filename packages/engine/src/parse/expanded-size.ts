import { type Level, nextChild, openLevel } from './walk.js';

/** A string counts its characters, any other value one node. */
function leafSize(value: unknown): number {
  return typeof value === 'string' ? 1 + value.length : 1;
}

/**
 * The size of `root` with every shared object counted wherever it appears: nodes plus string
 * characters, keys included, as YAML aliases expand (js-yaml shares one object per anchor).
 * Each distinct object is measured once and remembered, so the cost follows the objects, never
 * the expansion; the walk is iterative and stops as soon as the size passes `limit`, answering
 * Infinity. A cycle counts its back edge once and is left to the depth and cycle pass to name.
 */
export function expandedSize(root: unknown, limit: number): number {
  if (typeof root !== 'object' || root === null) return leafSize(root);
  const sizes = new Map<object, number>();
  const onPath = new Set<object>([root]);
  const stack: Level[] = [openLevel(root, '')];
  const sums: number[] = [1];
  for (;;) {
    const depth = stack.length - 1;
    const top = stack[depth] as Level;
    if ((sums[depth] as number) > limit) return Infinity;
    const step = nextChild(top);
    if (step !== null) {
      const { key, child } = step;
      let size = typeof key === 'string' ? 1 + key.length : 0;
      if (typeof child !== 'object' || child === null) size += leafSize(child);
      else if (sizes.has(child)) size += sizes.get(child) as number;
      else if (onPath.has(child)) size += 1;
      else {
        onPath.add(child);
        stack.push(openLevel(child, key));
        sums.push(1);
      }
      sums[depth] = (sums[depth] as number) + size;
      continue;
    }
    const size = sums.pop() as number;
    stack.pop();
    onPath.delete(top.value);
    sizes.set(top.value, size);
    if (depth === 0) return size;
    sums[depth - 1] = (sums[depth - 1] as number) + size;
  }
}
