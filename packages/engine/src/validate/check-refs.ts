import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { formatLocation } from '../diagnostics/location.js';
import type { Json } from '../json.js';
import { resolvePointer } from '../normalise/pointer.js';
import { type Level, nextChild, openLevel, pathOf } from '../parse/walk.js';
import { operationAt } from './operation-at.js';

/** Keys whose values are data, not document structure: a `$ref` inside them is just text. */
const DATA_KEYS = new Set(['example', 'default', 'enum', 'const']);
/** Maps whose keys are names chosen by the author, so `example` there is a property, not data. */
const NAME_MAPS = new Set(['properties', 'patternProperties']);

/** Whether the walk should not enter `child` under `key` of the container on top of `stack`. */
function isData(stack: Level[], key: string | number, child: unknown): boolean {
  if (typeof key !== 'string' || NAME_MAPS.has(String(stack[stack.length - 1]?.key))) return false;
  if (key.startsWith('x-') || DATA_KEYS.has(key)) return true;
  // `examples` is an array of values in 3.1 schemas, a map of Example Objects elsewhere, whose
  // `value` is data.
  if (key === 'examples') return Array.isArray(child);
  return key === 'value' && stack[stack.length - 2]?.key === 'examples';
}

/**
 * Checks every `$ref` once, up front: local ones must resolve, and anything else (a URL, a
 * file) is refused, because a build never fetches.
 */
export function checkRefs(root: Json, diagnostics: Diagnostics): void {
  if (typeof root !== 'object' || root === null) return;
  const stack: Level[] = [openLevel(root, '')];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Level;
    const step = nextChild(top);
    if (step === null) {
      stack.pop();
      continue;
    }
    const { key, child } = step;
    if (key === '$ref' && typeof child === 'string' && !NAME_MAPS.has(String(top.key))) {
      checkRef(root, child, pathOf(stack, key), diagnostics);
    } else if (typeof child === 'object' && child !== null && !isData(stack, key, child)) {
      stack.push(openLevel(child, key));
    }
  }
}

function checkRef(root: Json, ref: string, path: (string | number)[], diagnostics: Diagnostics): void {
  const at = { operation: operationAt(root, path), location: formatLocation(path) };
  if (!ref.startsWith('#')) {
    diagnostics.error('ref_external', at, `The $ref ${JSON.stringify(ref)} points outside this document; references are never fetched.`);
  } else if (resolvePointer(root, ref) === undefined) {
    diagnostics.error('ref_unresolved', at, `The $ref ${JSON.stringify(ref)} does not resolve to anything in this document.`);
  }
}
