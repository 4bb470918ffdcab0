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
 * Names of the fields of an error answer: which field holds the sentence, the status, the
 * request field. The compiler reads them in the document's error examples
 * (infer/error-example-plan.ts) and in its error schemas, whose fields it marks with what a
 * refusal writes there (behaviour/plan-errors.ts).
 */

/** Fields (lower case) holding an error's sentence, besides those whose name ends in `message` (`UserMessage`, `developer_message`). */
export const ERROR_TEXT_FIELDS: readonly string[] = ['detail', 'details', 'description', 'reason'];

/** Fields (lower case, without `_` and `-`) holding an error's status, or its code where that is a text. */
export const ERROR_STATUS_FIELDS: readonly string[] = ['status', 'statuscode', 'httpstatus', 'code', 'errorcode', 'httpcode'];

/** Fields (lower case) naming the request field an error is about (Stripe's `param`, JSON:API's `pointer`). */
export const ERROR_PARAMETER_FIELDS: readonly string[] = ['field', 'param', 'parameter', 'pointer'];

/** Fields (lower case) holding an error's heading, its status's phrase (RFC 9457's `title`). */
export const ERROR_TITLE_FIELDS: readonly string[] = ['title'];

/** Text fields (lower case) naming an error's kind: its code, a problem type URI, or a value of an enum (Stripe's `invalid_request_error`). */
export const ERROR_KIND_FIELDS: readonly string[] = ['error', 'type', 'kind'];

/** Array fields (lower case) listing what was wrong with a request, one entry per field. */
export const ERROR_ENTRY_FIELDS: readonly string[] = ['errors', 'issues', 'violations', 'invalid_params'];

/** Object fields (lower case) an error envelope nests its details in (`{"error": {"message": ...}}`). */
export const ERROR_NESTING_FIELDS: readonly string[] = ['error', 'errors', 'fault', 'problem'];

/** Words that name a refusal of each status, as error kinds spell them (`authentication_error`). */
export const ERROR_STATUS_WORDS: Readonly<Record<number, readonly string[]>> = {
  400: ['bad', 'validation', 'invalid', 'parameter', 'param', 'argument'],
  401: ['auth', 'authentication', 'unauthorized', 'unauthenticated', 'credentials', 'token', 'key'],
  403: ['forbidden', 'permission', 'authorization', 'access'],
  404: ['not', 'found', 'missing', 'resource', 'unknown'],
  405: ['method', 'unsupported'],
  409: ['conflict', 'duplicate', 'exists', 'idempotency'],
  415: ['media', 'content', 'unsupported'],
  422: ['validation', 'invalid', 'unprocessable', 'parameter', 'param'],
};

/** Words of an error kind naming any refusal of a client's request: the kind chosen when none names the refusal closer. */
export const CLIENT_ERROR_WORDS: readonly string[] = ['invalid', 'request', 'client'];
