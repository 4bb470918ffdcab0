/**
 * Words of a record's state: the fields that hold it and the values that say where a record is
 * in its life. The compiler reads them in an item schema's names and enums; values are compared
 * squashed (lower case, without `_`, `-` or spaces: `past_due` is `pastdue`).
 */

/** Names of a field holding a record's state; a field whose name ends in one holds it too (`TableStatus`, `order_state`). */
export const STATE_FIELD_WORDS: readonly string[] = ['status', 'state'];

/**
 * States a record is ready in once a state that held it up is over (a trial, a grace period:
 * STATE_END_SUFFIXES), in the order they are preferred.
 */
export const READY_STATES_AFTER_HOLD: readonly string[] = ['active', 'live', 'enabled', 'ready', 'running', 'available'];

/** States a record is in before its life has begun (a draft invoice is not yet due). */
export const NOT_STARTED_STATES: readonly string[] = ['draft'];

/**
 * States that close a record's life: once in one of them no time moves it (an expired token
 * stays expired, a paid invoice never becomes overdue, a canceled subscription is not canceled
 * again).
 */
export const TERMINAL_STATES: readonly string[] = [
  'expired', 'canceled', 'cancelled', 'closed', 'completed', 'complete', 'succeeded', 'success', 'failed', 'paid', 'void', 'voided',
  'refunded', 'deleted', 'archived', 'revoked', 'ended', 'finished', 'rejected', 'declined', 'resolved', 'done', 'terminated',
  'incompleteexpired', 'uncollectible', 'settled', 'fulfilled', 'used', 'redeemed', 'consumed', 'disabled', 'inactive',
];

/**
 * States that say a record's process went through, in the order they are preferred: where a
 * state says the record waits for an action (Stripe's `requires_confirmation`), the action
 * moves it to the first of these its enum has.
 */
export const SUCCESS_STATES: readonly string[] = ['succeeded', 'success', 'successful', 'completed', 'complete', 'done'];

/**
 * States that say a record's work is over, in the order they are preferred: a verb that
 * completes the work (COMPLETING_VERBS) moves a record to the first of these its enum has where
 * no state names the verb (GitHub's merge closes a pull request).
 */
export const CLOSED_STATES: readonly string[] = ['completed', 'complete', 'resolved', 'finished', 'done', 'closed'];
