import { isObject, type Json } from '../json.js';

/** Keys of a local `$ref` (`#/components/schemas/Pet`), or null for anything not local. */
export function refPath(ref: string): string[] | null {
  if (!ref.startsWith('#')) return null;
  const fragment = ref.slice(1);
  if (fragment === '') return [];
  if (!fragment.startsWith('/')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    return null;
  }
  return decoded
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value a local `$ref` points at, or undefined. Own keys only. */
export function resolvePointer(root: Json, ref: string): Json | undefined {
  const path = refPath(ref);
  if (path === null) return undefined;
  let node: Json | undefined = root;
  for (const key of path) {
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(key)) node = node[Number(key)];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/** One JSON-pointer segment, escaped and made safe for a URI fragment. */
export function pointerSegment(key: string): string {
  const escaped = key.replace(/~/g, '~0').replace(/\//g, '~1');
  return /^[A-Za-z0-9._~-]+$/.test(escaped) ? escaped : encodeURIComponent(escaped);
}

export function isExternalRef(ref: string): boolean {
  return !ref.startsWith('#');
}
