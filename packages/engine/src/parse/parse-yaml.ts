import { parseDocument } from 'yaml';
import { reject } from '../diagnostics/diagnostics.js';
import type { Json } from '../json.js';
import { PARSE_LIMITS } from './limits.js';
import { scanFlowDepth } from './scan-flow-depth.js';

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

/**
 * YAML with safe options: the core schema only (no custom tags, no code), unique keys, one
 * document, and a small alias budget so a billion-laughs document is refused, not expanded.
 */
export function parseYaml(text: string, what: string): Json {
  if (scanFlowDepth(text, PARSE_LIMITS.maxDepth) > PARSE_LIMITS.maxDepth) {
    reject('document_too_deep', { location: what === 'document' ? '' : what }, `The ${what} nests deeper than ${PARSE_LIMITS.maxDepth} levels.`);
  }
  try {
    const doc = parseDocument(text, { uniqueKeys: true, schema: 'core', merge: false, prettyErrors: true, strict: true });
    const error = doc.errors[0];
    if (error) {
      const at = error.linePos?.[0];
      const location = at ? `line ${at.line}, column ${at.col}` : what;
      if (/call stack/i.test(error.message)) reject('document_too_deep', { location }, `The ${what} nests too deeply to read.`);
      reject('syntax_invalid', { location }, `The ${what} is not valid YAML: ${firstLine(error.message)}`);
    }
    return doc.toJS({ maxAliasCount: PARSE_LIMITS.maxAliasCount }) as Json;
  } catch (error) {
    if (error instanceof ReferenceError && /alias/i.test(error.message)) {
      reject('yaml_aliases_excessive', { location: what === 'document' ? '' : what }, `The ${what} expands YAML aliases beyond ${PARSE_LIMITS.maxAliasCount} nodes, as a resource exhaustion attack would.`);
    }
    if (error instanceof RangeError) reject('document_too_deep', { location: what === 'document' ? '' : what }, `The ${what} nests too deeply to read.`);
    throw error;
  }
}
