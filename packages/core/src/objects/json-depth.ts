/**
 * How deep a JSON request body may nest. Parsing survives any depth, but what comes after it
 * (schema validation, copies, merges, stringifying a stored record) recurses once per level, and
 * a body of a few hundred kilobytes can nest hundreds of thousands of levels. Real payloads nest
 * a few dozen; documents get the same 512 (the engine's parse limits).
 */
export const JSON_MAX_DEPTH = 512;

/**
 * True when the JSON text nests `[`/`{` deeper than `max`. A scan of the text, before it is
 * parsed: strings are skipped with their escapes, nothing is allocated, and it stops at the
 * first level too deep. Text that is not JSON is left for the parser to refuse.
 */
export function jsonNestsDeeperThan(text: string, max: number = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i += 1; i < text.length; i += 1) {
        const s = text.charCodeAt(i);
        if (s === 92 /* \ */) i += 1;
        else if (s === 34) break;
      }
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (depth > 0 && (c === 93 /* ] */ || c === 125 /* } */)) {
      depth -= 1;
    }
  }
  return false;
}
