/**
 * The deepest `[`/`{` nesting in the text, skipping quoted strings and YAML comments. Used
 * before YAML parsing, whose composer recurses per level: a 100,000-deep flow collection is
 * refused here in milliseconds instead of exhausting the stack. Brackets inside plain YAML
 * scalars are counted too, which can only overestimate depth, and only when left unclosed.
 */
export function scanFlowDepth(text: string, stopAbove: number): number {
  let depth = 0;
  let max = 0;
  let quote = 0;
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === 92 /* \ */ && quote === 34) i++;
      else if (c === quote) quote = 0;
      continue;
    }
    if (c === 34 /* " */ || c === 39 /* ' */) {
      // A quote opens a string only at a token start; `it's` inside a plain scalar does not.
      const prev = i === 0 ? 32 : text.charCodeAt(i - 1);
      if (prev === 32 || prev === 9 || prev === 10 || prev === 58 || prev === 44 || prev === 91 || prev === 123 || prev === 45) quote = c;
    } else if (c === 35 /* # */ && (lineStart || text.charCodeAt(i - 1) === 32 || text.charCodeAt(i - 1) === 9)) {
      while (i < text.length && text.charCodeAt(i) !== 10) i++;
    } else if (c === 91 || c === 123) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > stopAbove) return max;
      }
    } else if ((c === 93 || c === 125) && depth > 0) depth--;
    lineStart = c === 10;
  }
  return max;
}
