import { reject } from '../diagnostics/diagnostics.js';
import { formatLocation } from '../diagnostics/location.js';
import { PARSE_LIMITS } from './limits.js';
import { type Level, nextChild, openLevel, pathOf } from './walk.js';

/**
 * One iterative pass over a parsed value, before anything recursive touches it: refuses nesting
 * beyond the limit, numbers that overflowed to Infinity (a million-digit literal parses to
 * one), and circular structures that YAML aliases can build.
 */
export function inspectValue(root: unknown, what: string): void {
  const where = (path: (string | number)[]) => formatLocation(what === 'document' ? path : [what, ...path]);
  if (typeof root === 'number' && !Number.isFinite(root)) reject('number_out_of_range', { location: where([]) }, `A number in the ${what} is out of range.`);
  if (typeof root !== 'object' || root === null) return;
  const stack: Level[] = [openLevel(root, '')];
  const onPath = new Set<object>([root]);
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Level;
    const step = nextChild(top);
    if (step === null) {
      onPath.delete(top.value);
      stack.pop();
      continue;
    }
    const { key, child } = step;
    if (typeof child === 'number') {
      if (!Number.isFinite(child)) reject('number_out_of_range', { location: where(pathOf(stack, key)) }, `A number in the ${what} is out of range (it reads as ${child}).`);
      continue;
    }
    if (typeof child !== 'object' || child === null) continue;
    if (stack.length > PARSE_LIMITS.maxDepth) {
      // The full path would be hundreds of segments long: name where the deep part starts.
      reject('document_too_deep', { location: `${where(pathOf(stack).slice(0, 8))}…` }, `The ${what} nests deeper than ${PARSE_LIMITS.maxDepth} levels.`);
    }
    if (onPath.has(child)) reject('yaml_alias_circular', { location: where(pathOf(stack, key)) }, `The ${what} contains a YAML alias inside the node it refers to, which makes it infinite.`);
    onPath.add(child);
    stack.push(openLevel(child, key));
  }
}
