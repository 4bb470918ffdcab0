/**
 * The words the compiler reads what time does to a record by (inferred-rules.ts): each list
 * once. Names are compared squashed (lower case, without `_` or `-`: `expires_at` is
 * `expiresat`).
 */

/**
 * A time field that names an end, and the state values (in the order they are preferred) a
 * record takes once that time has passed: `expires_at` beside `expired`, `due_date` beside
 * `overdue` or `past_due`, `cancel_at` beside `canceled`.
 */
export const ENDS: readonly { fields: readonly string[]; values: readonly string[] }[] = [
  {
    fields: ['expiresat', 'expiry', 'expirydate', 'expirytime', 'expiration', 'expirationdate', 'expirationtime', 'expiresatutc', 'expires', 'expireson', 'expireat', 'expiretime', 'validuntil', 'validto', 'validthrough', 'notafter'],
    values: ['expired'],
  },
  { fields: ['dueat', 'duedate', 'dueon', 'dueby', 'duetime', 'paymentduedate', 'deadline', 'deadlineat'], values: ['overdue', 'pastdue', 'late', 'delinquent'] },
  { fields: ['cancelat', 'cancelsat', 'canceldate', 'cancelon', 'cancellationdate', 'scheduledcancelat', 'scheduledcancellationdate'], values: ['canceled', 'cancelled'] },
  { fields: ['endsat', 'endat', 'enddate', 'endtime', 'endson', 'scheduledendat'], values: ['ended', 'finished', 'expired'] },
  { fields: ['closesat', 'closeat', 'closedate', 'closingdate', 'closetime', 'closeson'], values: ['closed'] },
];

/**
 * The endings of a field that closes a state the record is in (`trial_end`, `trial_ends_at`,
 * `grace_period_end`): when the time passes, a record still in that state (`trialing`) becomes
 * ready (`active`).
 */
export const STATE_END_SUFFIXES = ['endsat', 'endat', 'enddate', 'endtime', 'endson', 'ends', 'end'] as const;

/** The forms a state takes from the word a field names it by: trial → `trial`, `trialing`, `in_trial`. */
export function stateNamesOf(stem: string): string[] {
  return [stem, `${stem}ing`, `in${stem}`, `${stem}ed`, `${stem}d`, `${stem}period`];
}

/** States a record is ready in once a state that held it up is over, in the order they are preferred. */
export const READY_STATES = ['active', 'live', 'enabled', 'ready', 'running', 'available'];

/**
 * States that close a record's life: once in one of them no time moves it (an expired token
 * stays expired, a paid invoice never becomes overdue, a canceled subscription is not canceled
 * again).
 */
export const TERMINAL_STATES = new Set([
  'expired', 'canceled', 'cancelled', 'closed', 'completed', 'complete', 'succeeded', 'success', 'failed', 'paid', 'void', 'voided',
  'refunded', 'deleted', 'archived', 'revoked', 'ended', 'finished', 'rejected', 'declined', 'resolved', 'done', 'terminated',
  'incompleteexpired', 'uncollectible', 'settled', 'fulfilled', 'used', 'redeemed', 'consumed', 'disabled', 'inactive',
]);

/** States a record is in before its life has begun (a draft invoice is not yet due). */
export const NOT_STARTED_STATES = new Set(['draft']);
