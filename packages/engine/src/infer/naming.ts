/** Words that name an action on a record rather than a collection of records. */
const ACTION_VERBS = new Set([
  'accept', 'activate', 'add', 'apply', 'approve', 'archive', 'assign', 'authorize', 'authorise', 'ban', 'block', 'book', 'cancel', 'capture',
  'charge', 'checkout', 'claim', 'clone', 'close', 'complete', 'confirm', 'connect', 'copy', 'deactivate', 'decline', 'deliver', 'deny', 'deploy',
  'disable', 'disconnect', 'dismiss', 'duplicate', 'enable', 'execute', 'expire', 'finalize', 'finalise', 'finish', 'flag', 'follow', 'freeze',
  'fulfill', 'fulfil', 'hide', 'import', 'invite', 'issue', 'join', 'leave', 'like', 'link', 'lock', 'login', 'logout', 'mark', 'merge', 'move',
  'mute', 'open', 'pause', 'pay', 'pin', 'process', 'publish', 'purchase', 'reactivate', 'redeem', 'refresh', 'refund', 'reject', 'release',
  'reopen', 'renew', 'reset', 'resend', 'restart', 'restore', 'resume', 'retry', 'return', 'revoke', 'rollback', 'rotate', 'run', 'schedule',
  'send', 'settle', 'share', 'ship', 'sign', 'start', 'stop', 'submit', 'suspend', 'sync', 'terminate', 'test', 'transfer', 'trigger', 'unarchive',
  'unassign', 'unblock', 'undo', 'unfollow', 'unfreeze', 'unlink', 'unlock', 'unmute', 'unpin', 'unpublish', 'unsubscribe', 'subscribe', 'update',
  'upgrade', 'downgrade', 'upload', 'verify', 'void', 'withdraw',
]);

/** Words of operations that only compute an answer from their input: safe even as POST. */
const QUERY_WORDS = new Set([
  'search', 'query', 'find', 'lookup', 'filter', 'validate', 'validation', 'calculate', 'preview', 'estimate', 'quote', 'check', 'count',
  'match', 'suggest', 'autocomplete', 'compute', 'simulate', 'evaluate', 'explain', 'convert', 'render', 'translate', 'parse', 'format',
]);

/** Splits `mark-as-paid`, `mark_as_paid` and `markAsPaid` into lower-case words. */
export function words(segment: string): string[] {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

export function isQueryLike(segment: string): boolean {
  const first = words(segment)[0];
  return first !== undefined && QUERY_WORDS.has(first);
}

export function isVerbLike(segment: string): boolean {
  const first = words(segment)[0];
  return first !== undefined && (ACTION_VERBS.has(first) || QUERY_WORDS.has(first));
}

/** Verbs that name a call reading and never writing (`DescribeInstances`, `ListQueues`, `GetUser`, `BatchGetItem`). */
const READ_CALL_WORDS = new Set(['describe', 'get', 'list', 'head', 'query', 'search', 'scan', 'lookup', 'find', 'check', 'validate', 'estimate', 'preview', 'simulate', 'test', 'detect', 'explain', 'count']);

/**
 * The call a discriminated path segment names: `#Action=DescribeInstances` (AWS's query
 * protocol) or `#X-Amz-Target=DynamoDB_20120810.GetItem` (its JSON protocol) name
 * `DescribeInstances` and `GetItem`. Null for any other segment.
 */
export function discriminatedCall(segment: string): string | null {
  const match = /^#[^=]+=(.+)$/.exec(segment);
  return match === null ? null : (match[1]!.split('.').pop() ?? null);
}

/** Whether a call's name says it only reads: its first word, or the word after `Batch`. */
export function readsOnly(call: string): boolean {
  const [first = '', second = ''] = words(call);
  return READ_CALL_WORDS.has(first) || (first === 'batch' && READ_CALL_WORDS.has(second));
}

/** A plural noun names a collection (`orders`, `line-items`); `status` and `address` do not. */
export function looksPlural(segment: string): boolean {
  const last = words(segment).at(-1) ?? '';
  return /[^su]s$/.test(last) || /(ies|ses|xes|ches|shes)$/.test(last) || ['people', 'children', 'data', 'media'].includes(last);
}

export function singular(word: string): string {
  if (/ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(sses|xes|ches|shes)$/i.test(word)) return word.slice(0, -2);
  if (/[^su]s$/i.test(word)) return word.slice(0, -1);
  if (word.toLowerCase() === 'people') return 'person';
  return word;
}

/** Forms a state takes after a verb: cancel → canceled/cancelled, ship → shipped, activate → active. */
export function stateForms(verb: string): Set<string> {
  const v = verb.toLowerCase();
  const forms = new Set([v, `${v}ed`, `${v}d`, `${v}${v.at(-1)}ed`]);
  if (v.endsWith('y')) forms.add(`${v.slice(0, -1)}ied`);
  if (v.endsWith('e')) forms.add(`${v.slice(0, -1)}ing`);
  forms.add(`${v}ing`);
  const special: Record<string, string[]> = {
    activate: ['active'], reactivate: ['active'], deactivate: ['inactive'], enable: ['active', 'enabled'], disable: ['inactive', 'disabled'],
    resume: ['active', 'running'], start: ['running', 'active', 'started'], stop: ['stopped'], open: ['open'], reopen: ['open', 'reopened'],
    pay: ['paid'], send: ['sent'], unlock: ['unlocked', 'active'], finalize: ['final', 'finalized'], finalise: ['final', 'finalised'],
    fulfill: ['fulfilled'], fulfil: ['fulfilled'], freeze: ['frozen'], unfreeze: ['unfrozen', 'active'], hide: ['hidden'], deliver: ['delivered'], run: ['running'], issue: ['issued'], expire: ['expired'],
  };
  for (const form of special[v] ?? []) forms.add(form);
  return forms;
}

/** Lower-case without separators, for comparing `next_cursor` with `nextCursor`. */
export function squash(name: string): string {
  return name.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
}
