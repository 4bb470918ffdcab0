import type { SoapFault } from '../artifact/soap.js';

/**
 * Words of the names of declared errors. The compiler reads what a SOAP fault answers from the
 * words of its name (`CustomerNotFoundFault`, `ValidationError`, `DuplicateOrder`,
 * `AccessDenied`), so the runtime can pick a declared fault for a missing record, a rejected
 * write, a clash or a refused caller.
 */

/**
 * What a fault means, by the words or phrases of its name (lower case, split into words and
 * joined by spaces), matched as whole words. Checked in this order, so `InvalidCredentials` is
 * a refusal and `AuthorNotFound` a missing record.
 */
export const FAULT_MEANINGS: readonly (readonly [NonNullable<SoapFault['meaning']>, readonly string[]])[] = [
  ['not_found', ['not found', 'no such', 'unknown', 'does not exist', 'do not exist', 'nonexistent', 'non existent', 'not exist', 'not exists']],
  ['conflict', ['duplicate', 'duplicates', 'duplicated', 'already exist', 'already exists', 'already registered', 'conflict', 'conflicts', 'concurrency', 'concurrent modification']],
  [
    'unauthorized',
    [
      'auth', 'authentication', 'authorization', 'authorisation', 'unauthorized', 'unauthorised', 'not authorized', 'not authorised', 'unauthenticated',
      'permission', 'permissions', 'access', 'forbidden', 'credential', 'credentials', 'login',
    ],
  ],
  ['invalid', ['validation', 'invalid', 'bad', 'malformed', 'illegal', 'not valid']],
];

/**
 * Names of the fields of an error answer the compiler finds in the document's error examples
 * (infer/error-example-plan.ts): which field holds the sentence, the status, the request field.
 * The runtime's filling of a schema without an example (rest-refusal.ts), which older
 * artifacts are answered by, reads the same names as it always has.
 */

/** Fields (lower case) holding an error's sentence, besides those whose name ends in `message` (`UserMessage`, `developer_message`). */
export const ERROR_TEXT_FIELDS: readonly string[] = ['detail', 'details', 'description', 'reason'];

/** Fields (lower case, without `_` and `-`) holding an error's status, or its code where that is a text. */
export const ERROR_STATUS_FIELDS: readonly string[] = ['status', 'statuscode', 'httpstatus', 'code', 'errorcode', 'httpcode'];

/** Fields (lower case) naming the request field an error is about (Stripe's `param`, JSON:API's `pointer`). */
export const ERROR_PARAMETER_FIELDS: readonly string[] = ['field', 'param', 'parameter', 'pointer'];
