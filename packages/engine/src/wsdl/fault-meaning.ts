import type { SoapFault } from '../artifact/soap.js';
import { FAULT_MEANINGS } from '../vocabulary/errors.js';

/**
 * Each meaning's phrases (vocabulary/errors.ts) as one pattern of whole words, in the order they
 * are checked. A phrase is lower-case letters and digits between single spaces, as `words` spells
 * a name, so it holds nothing a pattern would read as syntax.
 */
const MEANINGS: readonly [NonNullable<SoapFault['meaning']>, RegExp][] = FAULT_MEANINGS.map(([meaning, phrases]) => [meaning, new RegExp(`\\b(?:${phrases.join('|')})\\b`)]);

/** `CustomerNotFoundFault` → `customer not found fault`; `SOAPFault` → `soap fault`. */
export function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The meaning the first of `names` that says one gives (the fault's name, then its element's and message's). */
export function faultMeaning(...names: (string | null | undefined)[]): SoapFault['meaning'] {
  for (const name of names) {
    if (name === null || name === undefined || name === '') continue;
    const text = words(name);
    for (const [meaning, pattern] of MEANINGS) if (pattern.test(text)) return meaning;
  }
  return null;
}
