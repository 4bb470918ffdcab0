import type { OperationBehaviour } from '@simplane/core';

/**
 * Verbs the compiler reads in a path's last segment or a call's name to tell what an operation
 * does: which ones write, which only read or compute, and the behaviour each names in the RPC
 * styles (Slack's and Plaid's paths, AWS's calls, SOAP's operations). Words are lower case, as
 * `words()` (infer/naming.ts) splits names.
 */

/** A behaviour an RPC verb names on its own; any verb it does not name is an action. */
type NamedBehaviour = Exclude<OperationBehaviour, 'replace' | 'static' | 'action'>;

/** Words that name an action on a record rather than a collection of records (`/orders/{id}/cancel`). */
export const ACTION_VERBS: readonly string[] = [
  'accept', 'activate', 'add', 'apply', 'approve', 'archive', 'assign', 'authorize', 'authorise', 'ban', 'block', 'book', 'cancel', 'capture',
  'charge', 'checkout', 'claim', 'clone', 'close', 'complete', 'confirm', 'connect', 'copy', 'deactivate', 'decline', 'deliver', 'deny', 'deploy',
  'disable', 'disconnect', 'dismiss', 'duplicate', 'enable', 'execute', 'expire', 'finalize', 'finalise', 'finish', 'flag', 'follow', 'freeze',
  'fulfill', 'fulfil', 'hide', 'import', 'invite', 'issue', 'join', 'leave', 'like', 'link', 'lock', 'login', 'logout', 'mark', 'merge', 'move',
  'mute', 'open', 'pause', 'pay', 'pin', 'process', 'publish', 'purchase', 'reactivate', 'redeem', 'refresh', 'refund', 'reject', 'release',
  'reopen', 'renew', 'reset', 'resend', 'restart', 'restore', 'resume', 'retry', 'return', 'revoke', 'rollback', 'rotate', 'run', 'schedule',
  'send', 'settle', 'share', 'ship', 'sign', 'start', 'stop', 'submit', 'suspend', 'sync', 'terminate', 'test', 'transfer', 'trigger', 'unarchive',
  'unassign', 'unblock', 'undo', 'unfollow', 'unfreeze', 'unlink', 'unlock', 'unmute', 'unpin', 'unpublish', 'unsubscribe', 'subscribe', 'update',
  'upgrade', 'downgrade', 'upload', 'verify', 'void', 'withdraw',
];

/** Words of operations that only compute an answer from their input (`POST /tax/calculate`): safe even as POST. */
export const QUERY_WORDS: readonly string[] = [
  'search', 'query', 'find', 'lookup', 'filter', 'validate', 'validation', 'calculate', 'preview', 'estimate', 'quote', 'check', 'count',
  'match', 'suggest', 'autocomplete', 'compute', 'simulate', 'evaluate', 'explain', 'convert', 'render', 'translate', 'parse', 'format',
];

/** Last segments of a path that searches the collection above it (`/customers/search`, `/Companies/query`). */
export const SEARCH_PATH_WORDS: readonly string[] = ['search', 'query', 'find'];

/** Verbs of calls that read one record or all of them: `DescribeInstances`, `GetUser`, `ListQueues`. */
export const RECORD_READ_CALL_WORDS: readonly string[] = ['describe', 'get', 'list'];

/**
 * Verbs of calls that read without naming one record or all of them (`SearchUsers`, `ScanTable`,
 * `EstimateCost`): they never write, but what they answer is left to the schema.
 */
export const OTHER_READ_CALL_WORDS: readonly string[] = [
  'head', 'query', 'search', 'scan', 'lookup', 'find', 'check', 'validate', 'estimate', 'preview', 'simulate', 'test', 'detect', 'explain', 'count',
];

/** The word before a call's verb that makes it one call on many records (`BatchGetItem`, `BatchWriteItem`). */
export const BATCH_WORD = 'batch';

/**
 * Verbs of an RPC path by the behaviour they name, after its last dot or as its last segment:
 * Slack's `/conversations.create` and `/conversations.info`, Plaid's `/transfer/get`.
 */
export const RPC_PATH_VERBS: Readonly<Record<string, NamedBehaviour>> = {
  create: 'create', add: 'create', insert: 'create',
  get: 'read', info: 'read', retrieve: 'read', read: 'read', fetch: 'read', show: 'read',
  list: 'list',
  update: 'update', edit: 'update', rename: 'update', modify: 'update',
  delete: 'delete', remove: 'delete', destroy: 'delete',
};

/**
 * First words of an RPC path's verb that name a behaviour whatever follows: Slack's
 * `chat.postMessage` creates, `conversations.setTopic` updates. Only these: `getPresence` reads
 * something else than the record, and `deletePhoto` deletes less than it.
 */
export const RPC_VERB_PREFIXES: Readonly<Record<string, NamedBehaviour>> = { post: 'create', set: 'update' };

/** First words of an AWS call by the behaviour they name (`CreateUserPool`, `DescribeUserPool`); a read of a plural lists (`DescribeInstances`). */
export const AWS_CALL_VERBS: Readonly<Record<string, NamedBehaviour>> = {
  create: 'create',
  describe: 'read', get: 'read',
  list: 'list',
  update: 'update', modify: 'update',
  delete: 'delete',
};

/** First words of a SOAP operation by the behaviour they name (`CreateCustomer`, `AddEmployee`, `RetrieveBooking`, `SearchOrders`). */
export const SOAP_VERBS: Readonly<Record<string, NamedBehaviour>> = {
  create: 'create', add: 'create', insert: 'create', register: 'create', new: 'create', open: 'create', book: 'create', submit: 'create', place: 'create',
  get: 'read', read: 'read', retrieve: 'read', fetch: 'read', describe: 'read', view: 'read', show: 'read', lookup: 'read', load: 'read', query: 'read', find: 'read',
  list: 'list', search: 'list', browse: 'list', enumerate: 'list',
  update: 'update', modify: 'update', edit: 'update', change: 'update', amend: 'update', set: 'update', save: 'update',
  delete: 'delete', remove: 'delete', destroy: 'delete', purge: 'delete',
};

/** Verbs that finish a record's work: done, it is closed (CLOSED_STATES). */
export const COMPLETING_VERBS: readonly string[] = ['merge', 'complete', 'finish', 'resolve', 'settle', 'fulfil', 'fulfill'];

/**
 * States a verb leaves a record in beyond the forms spelling makes of it (`cancel` → `canceled`):
 * `pay` → `paid`, `freeze` → `frozen`, `activate` → `active`.
 */
export const IRREGULAR_STATE_FORMS: Readonly<Record<string, readonly string[]>> = {
  activate: ['active'], reactivate: ['active'], deactivate: ['inactive'], enable: ['active', 'enabled'], disable: ['inactive', 'disabled'],
  resume: ['active', 'running'], start: ['running', 'active', 'started'], stop: ['stopped'], open: ['open'], reopen: ['open', 'reopened'],
  pay: ['paid'], send: ['sent'], unlock: ['unlocked', 'active'], finalize: ['final', 'finalized'], finalise: ['final', 'finalised'],
  fulfill: ['fulfilled'], fulfil: ['fulfilled'], freeze: ['frozen'], unfreeze: ['unfrozen', 'active'], hide: ['hidden'], deliver: ['delivered'], run: ['running'], issue: ['issued'], expire: ['expired'],
};
