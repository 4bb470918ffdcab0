import { exec, type JsonValue } from 'jsonpath-rfc9535';
import { Diagnostics, reject } from '../diagnostics/diagnostics.js';
import { formatLocation } from '../diagnostics/location.js';
import { isObject, type Json, type JsonObject, setOwn } from '../json.js';
import { expandedSize } from '../parse/expanded-size.js';
import { inspectValue } from '../parse/inspect-value.js';
import { expansionLimit } from '../parse/limits.js';
import { readOverlay } from './read-overlay.js';

type Path = (string | number)[];

function clone(value: Json): Json {
  return structuredClone(value);
}

/** Overlay `update` on an object: objects merge key by key, recursively; anything else replaces. */
function deepMerge(target: JsonObject, update: JsonObject): void {
  for (const [key, value] of Object.entries(update)) {
    const current = Object.hasOwn(target, key) ? target[key] : undefined;
    if (isObject(current) && isObject(value)) deepMerge(current, value);
    else setOwn(target, key, clone(value));
  }
}

function parentOf(root: Json, path: Path): Json | undefined {
  let node: Json | undefined = root;
  for (const key of path.slice(0, -1)) node = (node as Record<string | number, Json> | undefined)?.[key];
  return node;
}

/** Removes deeper paths and higher array indices first, so earlier removals keep later paths valid. */
function byRemovalOrder(a: Path, b: Path): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return typeof a[i] === 'number' && typeof b[i] === 'number' ? (b[i] as number) - (a[i] as number) : 0;
  }
  return b.length - a.length;
}

/**
 * Applies an OpenAPI Overlay 1.0 document (the `position`-th of the build) to `document` in
 * place and answers it: actions run in
 * order; `remove: true` deletes every node the target selects; `update` merges into objects and
 * appends to arrays. A target that selects nothing is a warning, as the Overlay spec allows it.
 * `writtenLength` is the length of the document and every overlay applied so far, overlay
 * included: what the expanded result is measured against.
 */
export function applyOverlay(document: Json, overlay: Uint8Array, diagnostics: Diagnostics, position: number, writtenLength: number): Json {
  const errors = new Diagnostics();
  const label = `overlays[${position}]`;
  for (const action of readOverlay(overlay, label)) {
    const location = `${label}.${formatLocation(['actions', action.index, 'target'])}`;
    const matches: { value: Json; path: Path }[] = [];
    try {
      exec(document as JsonValue, action.target, (value, path) => matches.push({ value: value as Json, path: [...path] }));
    } catch (error) {
      errors.error('overlay_invalid', { location }, `The target is not valid JSONPath (RFC 9535): ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (matches.length === 0) diagnostics.warn('overlay_target_unmatched', { location }, `The target ${action.target} selects nothing in the document.`);
    if (action.remove) {
      for (const { path } of matches.sort((a, b) => byRemovalOrder(a.path, b.path))) {
        const parent = parentOf(document, path);
        const key = path.at(-1);
        if (key === undefined) errors.error('overlay_invalid', { location }, 'An action cannot remove the whole document.');
        else if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
        else if (isObject(parent) && typeof key === 'string') delete parent[key];
      }
      continue;
    }
    const update = action.update as Json;
    for (const { value } of matches) {
      if (Array.isArray(value)) value.push(clone(update));
      else if (isObject(value) && isObject(update)) deepMerge(value, update);
      else errors.error('overlay_invalid', { location }, 'An update must be an object merged into an object, or a value appended to an array.');
    }
  }
  errors.rejectIfErrors();
  // An object YAML aliases share is merged into once but appears wherever it is aliased: measure
  // the expansion, without walking it, before anything walks the result.
  const limit = expansionLimit(writtenLength);
  if (expandedSize(document, limit) > limit) {
    reject('yaml_aliases_excessive', { location: label }, `With the overlay applied, the document's YAML aliases expand it beyond ${limit.toLocaleString('en')} nodes and characters.`);
  }
  // Merging can nest one document inside another: check the result as if freshly parsed.
  inspectValue(document, 'document');
  return document;
}
