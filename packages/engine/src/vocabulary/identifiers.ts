/**
 * Words of the fields and parameters that identify a record. The compiler reads them to find a
 * resource's id field, an RPC or SOAP entity's key, and whether an answer is a record or a
 * wrapper around one. Names are compared squashed (lower case, without `_` or `-`).
 */

/**
 * Names of a record's id field, in the order they are preferred, each alone (`id`) or after the
 * resource's word (`orderId`, `order_uuid`); last an Amazon Resource Name, by which AWS's REST
 * APIs identify records.
 */
export const ID_FIELD_NAMES: readonly string[] = ['id', 'uuid', 'key', 'arn'];

/**
 * Fields a record carries and a wrapper around one does not: a read's answer that has one at its
 * top is the record (a Stripe event with its `data`), not `{data: record}`. Asana's ids are `gid`.
 */
export const RECORD_ONLY_FIELDS: readonly string[] = ['id', 'gid', 'uuid', 'key'];

/**
 * Fields, alone or after the resource's word, that say an RPC read's answer names a record at
 * its top (Kendra's `{Id, Name, ..., IndexStatistics}`) rather than hold it in one field
 * (`{KeyMetadata}`).
 */
export const RECORD_NAMING_FIELDS: readonly string[] = ['id', 'arn', 'name'];

/**
 * Endings of a name that say a field identifies a record: `customerId`, `EmployeeID`,
 * `accountNumber`, `orderNo`, `bookingReference`, `caseKey`, `productCode`. A SOAP entity's key
 * is such a field its calls require.
 */
export const IDENTIFYING_SUFFIXES: readonly string[] = ['id', 'number', 'num', 'no', 'nr', 'reference', 'ref', 'code', 'key', 'identifier'];

/**
 * Endings of a field that names a parent record by its id (Todoist's task `project_id`,
 * JSONPlaceholder's comment `postId`, a `project_gid`); with an `s` after them
 * (`project_ids`) the field holds several.
 */
export const PARENT_ID_SUFFIXES: readonly string[] = ['id', 'gid', 'uuid', 'key'];

/**
 * How a path parameter's description names an id that is always there: Box's "the root folder
 * is always represented by the ID `0`", Google's "the special value `me`", Drive's "the alias
 * `root`", Zoom's "pass the `me` value". Each captures the id.
 */
export const DESCRIBED_IDS: readonly RegExp[] = [
  /\balways (?:be )?(?:represented|identified|referred to) (?:by|as) (?:the )?(?:id|ID|Id) [`'"]?([A-Za-z0-9_@.-]{1,32}?)[`'"]?(?=[\s.,;)]|$)/,
  /\b(?:special value|alias|special id|special ID) [`'"]([A-Za-z0-9_@.-]{1,32})[`'"]/,
  /\bpass (?:the )?\[?[`'"]([A-Za-z0-9_@.-]{1,32})[`'"]\]?(?:\([^)]*\))? value\b/,
];
