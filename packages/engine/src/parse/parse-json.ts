import { reject } from '../diagnostics/diagnostics.js';
import type { Json } from '../json.js';

/** Line and column (1-based) of a character offset, for readable syntax locations. */
export function lineColumn(text: string, offset: number): string {
  let line = 1;
  let last = -1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    last = i;
  }
  return `line ${line}, column ${offset - last}`;
}

/**
 * Where JSON.parse stopped. V8 gives `at position N` for most errors; for an unexpected token it
 * quotes the text around it instead (ten characters either side), which is found in the source.
 */
function errorOffset(text: string, message: string): number | null {
  const position = /position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  if (/end of JSON input/.test(message)) return text.length;
  const quoted = /^Unexpected token '(.+?)', (\.\.\.)?"(.*)"(\.\.\.)? is not valid JSON$/s.exec(message);
  if (!quoted) return null;
  const snippet = quoted[3] as string;
  const cutBefore = quoted[2] !== undefined;
  const at = text.indexOf(snippet);
  if (at === -1) return null;
  return cutBefore ? at + 10 : at + Math.max(0, snippet.indexOf(quoted[1] as string));
}

/**
 * JSON.parse: V8's parser is iterative, so deep nesting cannot overflow the stack here; depth
 * is measured right after, before anything recursive runs.
 */
export function parseJson(text: string, what: string): Json {
  try {
    return JSON.parse(text) as Json;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = errorOffset(text, message);
    const location = offset === null ? what : lineColumn(text, offset);
    reject('syntax_invalid', { location }, `The ${what} is not valid JSON: ${message.split('\n')[0]}`);
  }
}
