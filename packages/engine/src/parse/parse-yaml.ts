import { type EventType, load, type State, YAMLException } from 'js-yaml';
import { reject } from '../diagnostics/diagnostics.js';
import type { Json } from '../json.js';
import { expansionLimit, PARSE_LIMITS } from './limits.js';
import { lineColumn } from './parse-json.js';
import { scanFlowDepth } from './scan-flow-depth.js';
import { contentStart, expansionListener } from './yaml-expansion.js';
import { CORE_SCHEMA } from './yaml-schema.js';

/**
 * YAML with js-yaml and safe options: the core schema only (no custom types, nothing
 * constructed from a tag), unique keys, one document, and aliases measured as they are read so a
 * billion-laughs document is refused, not expanded.
 */
export function parseYaml(text: string, what: string): Json {
  const whole = what === 'document' ? '' : what;
  // js-yaml recurses per level: a 100,000-deep flow collection is refused here, named as such.
  if (scanFlowDepth(text, PARSE_LIMITS.maxDepth) > PARSE_LIMITS.maxDepth) {
    reject('document_too_deep', { location: whole }, `The ${what} nests deeper than ${PARSE_LIMITS.maxDepth} levels.`);
  }
  const limit = expansionLimit(text.length);
  const measure = expansionListener(limit, {
    exceeded: (offset) =>
      reject('yaml_aliases_excessive', { location: lineColumn(text, offset) }, `The ${what}'s YAML aliases expand it beyond ${limit.toLocaleString('en')} nodes and characters, as a resource exhaustion attack would.`),
    circular: (offset) => reject('yaml_alias_circular', { location: lineColumn(text, offset) }, `The ${what} contains a YAML alias inside the node it refers to, which makes it infinite.`),
  });
  // Where each document's root starts: js-yaml names no place when it finds a second document.
  const roots: number[] = [];
  let depth = 0;
  const listener = (event: EventType, state: State) => {
    if (event === 'open' && depth++ === 0) roots.push(state.position);
    if (event === 'close') depth--;
    measure(event, state);
  };
  try {
    // A text of only comments holds no document: null, as an empty YAML document reads.
    return (load(text, { schema: CORE_SCHEMA, listener }) ?? null) as Json;
  } catch (error) {
    if (error instanceof YAMLException) {
      const second = roots[1];
      const location = error.mark ? `line ${error.mark.line + 1}, column ${error.mark.column + 1}` : second === undefined ? whole : lineColumn(text, contentStart(text, second));
      reject('syntax_invalid', { location }, `The ${what} is not valid YAML: ${error.reason}`);
    }
    // Block nesting is not pre-scanned: tens of thousands of levels overflow js-yaml's recursion.
    if (error instanceof RangeError && /call stack/i.test(error.message)) reject('document_too_deep', { location: whole }, `The ${what} nests too deeply to read.`);
    throw error;
  }
}
