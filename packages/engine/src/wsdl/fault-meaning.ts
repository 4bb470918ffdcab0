import type { SoapFault } from '../artifact/soap.js';

/**
 * What a fault answers, read from the words of its name (`CustomerNotFoundFault`,
 * `ValidationError`, `DuplicateOrder`, `AccessDenied`): the vocabulary the runtime uses to pick
 * a declared fault for a missing record, a rejected write, a clash or a refused caller. Checked
 * in this order, so `InvalidCredentials` is a refusal and `AuthorNotFound` a missing record.
 */
const MEANINGS: [NonNullable<SoapFault['meaning']>, RegExp][] = [
  ['not_found', /\b(?:not found|no such|unknown|does not exist|do not exist|nonexistent|non existent|not exists?)\b/],
  ['conflict', /\b(?:duplicates?|duplicated|already exists?|already registered|conflicts?|concurrency|concurrent modification)\b/],
  ['unauthorized', /\b(?:auth|authentication|authorization|authorisation|unauthori[sz]ed|not authori[sz]ed|unauthenticated|permission|permissions|access|forbidden|credentials?|login)\b/],
  ['invalid', /\b(?:validation|invalid|bad|malformed|illegal|not valid)\b/],
];

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
