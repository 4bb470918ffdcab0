/**
 * Words of the times a record holds: the words that say a field holds a time, and the names of
 * the times that end a record's life or one of its states (what the lifecycle inference reads,
 * docs/clock.md). Names are compared squashed (lower case, without `_` or `-`: `expires_at` is
 * `expiresat`).
 */

/**
 * Last words of a field's name that say it holds a time, after the word of what happened
 * (`created_at`, `due_date`, `start_time`, `updated_on`, `creation_timestamp`): a sort value
 * that leaves them off (GitHub's `sort=created`) names the field that has them.
 */
export const TIME_SUFFIXES: readonly string[] = ['at', 'date', 'time', 'on', 'timestamp'];

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
 * ready (READY_STATES_AFTER_HOLD). Only after a state's word: a field named `ends_at` alone is
 * an end of the record (ENDS).
 */
export const STATE_END_SUFFIXES: readonly string[] = ['endsat', 'endat', 'enddate', 'endtime', 'endson', 'ends', 'end'];
