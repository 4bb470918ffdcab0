import type { Json } from '../json.js';
import { decodeText } from './decode-text.js';
import { inspectValue } from './inspect-value.js';
import { parseJson } from './parse-json.js';
import { parseYaml } from './parse-yaml.js';

export type TextFormat = 'json' | 'yaml' | 'xml';

export interface ParsedText {
  format: TextFormat;
  /** The parsed value; null for XML, which is recognised but not parsed here. */
  value: Json;
}

/**
 * Bytes to a checked value: strict UTF-8, JSON when the text opens with `{` or `[`, XML when it
 * opens with `<`, YAML otherwise; then one iterative pass for depth, numbers and cycles.
 */
export function parseText(bytes: Uint8Array, what = 'document'): ParsedText {
  const text = decodeText(bytes, what);
  const start = /\S/.exec(text)?.[0];
  if (start === '<') return { format: 'xml', value: null };
  const format: TextFormat = start === '{' || start === '[' ? 'json' : 'yaml';
  const value = format === 'json' ? parseJson(text, what) : parseYaml(text, what);
  inspectValue(value, what);
  return { format, value };
}
